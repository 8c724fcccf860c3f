# Runs an example built in compiled mode and compares its output with examples/<name>.expected.
# -DEXE -DEXPECTED
execute_process(COMMAND ${EXE} RESULT_VARIABLE r OUTPUT_VARIABLE out ERROR_VARIABLE err)
file(READ ${EXPECTED} expected)
if(r)
  message(FATAL_ERROR "${EXE} exited with ${r}:\n${out}\n${err}")
endif()
if(NOT out STREQUAL expected)
  message(FATAL_ERROR "${EXE} printed:\n${out}\nexpected (${EXPECTED}):\n${expected}")
endif()
message(STATUS "${EXE}: output as expected")
