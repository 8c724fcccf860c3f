// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_DETAIL_REGEX_HPP
#define TOOLCALL_DETAIL_REGEX_HPP

// The only file that includes <re2/re2.h>. RE2 is linear-time: no backtracking regex is used
// anywhere.

#include <re2/re2.h>

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "../config.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace detail {

/// A compiled pattern, shared and immutable (RE2 is thread-safe, not movable).
class regex {
 public:
  regex() = default;
  /// Compiles quietly with bounded memory; check ok() and error().
  explicit regex(std::string_view pattern, bool case_insensitive = false) {
    RE2::Options o;
    o.set_log_errors(false);
    o.set_max_mem(std::int64_t{8} << 20);
    o.set_case_sensitive(!case_insensitive);
    re_ = std::make_shared<const RE2>(re2::StringPiece(pattern.data(), pattern.size()), o);
  }
  bool ok() const { return re_ && re_->ok(); }
  std::string error() const { return re_ ? re_->error() : std::string("empty pattern"); }
  /// Does the pattern match somewhere in s?
  bool search(std::string_view s) const {
    return ok() && RE2::PartialMatch(re2::StringPiece(s.data(), s.size()), *re_);
  }
  /// Full match of s; fills the named groups `name` and `args` (empty if absent).
  bool match_call(std::string_view s, std::string& name, std::string& args) const {
    if (!ok()) return false;
    const int n = re_->NumberOfCapturingGroups();
    std::vector<re2::StringPiece> groups(static_cast<std::size_t>(n) + 1);
    if (!re_->Match(re2::StringPiece(s.data(), s.size()), 0, s.size(), RE2::ANCHOR_BOTH, groups.data(),
                    n + 1))
      return false;
    const auto& names = re_->NamedCapturingGroups();
    name.clear();
    args.clear();
    auto it = names.find("name");
    if (it != names.end() && groups[static_cast<std::size_t>(it->second)].data())
      name.assign(groups[static_cast<std::size_t>(it->second)].data(), groups[static_cast<std::size_t>(it->second)].size());
    it = names.find("args");
    if (it != names.end() && groups[static_cast<std::size_t>(it->second)].data())
      args.assign(groups[static_cast<std::size_t>(it->second)].data(), groups[static_cast<std::size_t>(it->second)].size());
    return true;
  }
  /// Does the pattern have a named group?
  bool has_group(const std::string& g) const {
    return ok() && re_->NamedCapturingGroups().count(g) > 0;
  }
  /// Does the pattern match all of s?
  bool full(std::string_view s) const {
    return ok() && RE2::FullMatch(re2::StringPiece(s.data(), s.size()), *re_);
  }

 private:
  std::shared_ptr<const RE2> re_;
};

}  // namespace detail
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_DETAIL_REGEX_HPP
