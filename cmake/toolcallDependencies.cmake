# The single source of truth for toolcall's dependencies: used by CMakeLists.txt and installed
# next to toolcallConfig.cmake. Nothing is downloaded.
include(CMakeFindDependencyMacro)

if(NOT TARGET simdjson::simdjson)
  find_dependency(simdjson CONFIG)
endif()

if(NOT TARGET re2::re2)
  find_package(re2 CONFIG QUIET)
  if(NOT re2_FOUND)
    # Debian ships only re2.pc (Version 0.0.0): fall back to pkg-config
    find_package(PkgConfig REQUIRED)
    pkg_check_modules(TOOLCALL_RE2 REQUIRED IMPORTED_TARGET re2)
    add_library(re2::re2 INTERFACE IMPORTED)
    set_target_properties(re2::re2 PROPERTIES INTERFACE_LINK_LIBRARIES PkgConfig::TOOLCALL_RE2)
  endif()
endif()
