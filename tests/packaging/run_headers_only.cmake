# A headers-only install: configure the toolcall tree with nothing to build, install it (no
# library), then a consumer that asks for the compiled component must fail with the reason.
# -DTOOLCALL_SOURCE_DIR -DSRC (headers_only/) -DBIN -DSTAGE -DGENERATOR -DVERSION
file(REMOVE_RECURSE ${BIN} ${BIN}-toolcall ${STAGE})
execute_process(COMMAND ${CMAKE_COMMAND} -S ${TOOLCALL_SOURCE_DIR} -B ${BIN}-toolcall -G ${GENERATOR}
    -DTOOLCALL_BUILD_TESTS=OFF -DTOOLCALL_BUILD_EXAMPLES=OFF -DTOOLCALL_BUILD_CLI=OFF
    -DCMAKE_INSTALL_PREFIX=${STAGE}
  RESULT_VARIABLE r OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(r)
  message(FATAL_ERROR "configuring toolcall failed:\n${out}\n${err}")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} --install ${BIN}-toolcall RESULT_VARIABLE r OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(r)
  message(FATAL_ERROR "a headers-only install failed:\n${out}\n${err}")
endif()
file(GLOB_RECURSE _libs ${STAGE}/*toolcall_compiled.a ${STAGE}/*toolcall_compiled.lib)
if(_libs)
  message(FATAL_ERROR "a headers-only install installed ${_libs}")
endif()
file(GLOB_RECURSE _bins ${STAGE}/bin/*)
if(_bins)
  message(FATAL_ERROR "a headers-only install installed ${_bins}")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} -S ${SRC} -B ${BIN} -G ${GENERATOR} -DCMAKE_PREFIX_PATH=${STAGE}
    -DTOOLCALL_VERSION_WANTED=${VERSION}
  RESULT_VARIABLE r OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT out MATCHES "toolcall::toolcall found, toolcall::compiled absent")
  message(FATAL_ERROR "the headers-only install did not give toolcall::toolcall alone:\n${out}\n${err}")
endif()
if(NOT r)
  message(FATAL_ERROR "find_package(toolcall COMPONENTS compiled) succeeded on a headers-only install:\n${out}")
endif()
string(REGEX REPLACE "[ \t\r\n]+" " " _err "${err}")
if(NOT _err MATCHES "the compiled component is not installed: .*libtoolcall_compiled.* does not exist")
  message(FATAL_ERROR "find_package(toolcall COMPONENTS compiled) failed without the reason:\n${err}")
endif()
message(STATUS "find_package(toolcall COMPONENTS compiled) on a headers-only install says:\n${err}")
