// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_DETAIL_MARKER_SET_HPP
#define TOOLCALL_DETAIL_MARKER_SET_HPP

// A room's reader of one of several markers (DeepSeek's and Mistral's spellings of a token),
// byte by byte across chunks.

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "engine_core.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace detail {

/// Matches one of several markers byte by byte across chunks.
class marker_set_matcher {
 public:
  void reset() { buf_.clear(); }
  const std::string& buffer() const noexcept { return buf_; }
  /// Adds c; returns the index of a fully matched marker, -1 while partial, -2 on mismatch
  /// (c is then not kept).
  template <std::size_t N>
  int push(unsigned char c, const std::string_view (&markers)[N]) {
    buf_ += static_cast<char>(c);
    bool partial = false;
    for (std::size_t k = 0; k < N; ++k) {
      const pm m = prefix_match(buf_, markers[k]);
      if (m == pm::full) return static_cast<int>(k);
      if (m == pm::partial) partial = true;
    }
    if (partial) return -1;
    buf_.pop_back();
    return -2;
  }

 private:
  std::string buf_;
};

}  // namespace detail
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_DETAIL_MARKER_SET_HPP
