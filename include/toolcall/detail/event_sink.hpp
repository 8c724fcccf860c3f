// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_DETAIL_EVENT_SINK_HPP
#define TOOLCALL_DETAIL_EVENT_SINK_HPP

// The one detail type the public parsers' templates need (stream_parser::write/finish): a
// callable reference to the caller's sink. The engine itself stays out of the public headers.

#include <type_traits>

#include "../types.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace detail {

/// A callable reference to the user's event sink (no allocation, no ownership): what the
/// stream_parser's write() and finish() templates hand to the engine, which calls it per event.
class event_sink {
 public:
  event_sink() = default;
  /// Any callable taking `const event&`; an event_sink itself is copied, not wrapped.
  template <typename F, typename = std::enable_if_t<!std::is_same<std::remove_cv_t<F>, event_sink>::value>>
  event_sink(F& f) noexcept  // NOLINT(google-explicit-constructor)
      : obj_(const_cast<void*>(static_cast<const void*>(&f))),  // NOLINT(cppcoreguidelines-pro-type-const-cast)
        fn_([](void* o, const event& e) { (*static_cast<F*>(o))(e); }) {}
  void operator()(const event& e) const {
    if (fn_) fn_(obj_, e);
  }
  /// A callable was given (a default-constructed sink discards the events).
  bool bound() const noexcept { return fn_ != nullptr; }

 private:
  void* obj_ = nullptr;
  void (*fn_)(void*, const event&) = nullptr;
};

class call_filter;

}  // namespace detail
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_DETAIL_EVENT_SINK_HPP
