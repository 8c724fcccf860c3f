// A second TU including the umbrella header, linked into the test executable: any non-inline
// definition in a header would be a duplicate symbol here.
#include <toolcall/toolcall.hpp>
#include <toolcall/json_writer.hpp>

int toolcall_odr_second_tu() {
  toolcall::parser p;
  return static_cast<int>(p.parse("[TOOL_CALLS]f[ARGS]{}").calls.size());
}
