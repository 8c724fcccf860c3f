// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_IMPL_STREAM_PARSER_HPP
#define TOOLCALL_IMPL_STREAM_PARSER_HPP

// Definitions of stream_parser.hpp (docs/building.md, "Compile cost"): inline in header-only
// mode, compiled once by src/toolcall.cpp with TOOLCALL_HEADER_ONLY=0.

#include <memory>
#include <string_view>
#include <utility>

#include "../detail/engine.hpp"
#include "../stream_parser.hpp"

TOOLCALL_NAMESPACE_BEGIN

TOOLCALL_INLINE stream_parser::stream_parser(const parser_registry& reg, const options& opt)
    : e_(std::make_unique<detail::engine>(reg, opt)) {}
TOOLCALL_INLINE stream_parser::~stream_parser() = default;
TOOLCALL_INLINE stream_parser::stream_parser(stream_parser&& other) noexcept = default;
TOOLCALL_INLINE stream_parser& stream_parser::operator=(stream_parser&& other) noexcept = default;

TOOLCALL_INLINE void stream_parser::write_to(std::string_view delta, detail::event_sink sink) {
  e_->write(delta, sink);
}
TOOLCALL_INLINE void stream_parser::write(std::string_view delta) {
  e_->write(delta, detail::event_sink());
}

TOOLCALL_INLINE message stream_parser::finish_to(detail::event_sink sink, const finish_info& info) {
  return e_->finish(sink, info.token_limit_hit);
}
TOOLCALL_INLINE message stream_parser::finish(const finish_info& info) {
  return e_->finish(detail::event_sink(), info.token_limit_hit);
}

TOOLCALL_INLINE void stream_parser::reset() {
  e_->reset();
}
TOOLCALL_INLINE void stream_parser::reset(const options& opt) {
  e_->set_options(opt);
  e_->reset();
}
TOOLCALL_INLINE void stream_parser::reset(keep_request_t) {
  e_->reset(true);
}
TOOLCALL_INLINE void stream_parser::reset(const options& opt, keep_request_t) {
  e_->set_options(opt);
  e_->reset(true);
}

TOOLCALL_INLINE void stream_parser::set_filter(std::unique_ptr<detail::call_filter> f) {
  e_->set_filter(std::move(f));
}
TOOLCALL_INLINE void stream_parser::detach_normalizer() {
  e_->set_filter(nullptr);
}

TOOLCALL_INLINE void stream_parser::set_choice(const tool_choice& c) {
  e_->set_choice(c);
}

TOOLCALL_INLINE void stream_parser::recycle(message&& m) {
  e_->recycle(std::move(m));
}

TOOLCALL_INLINE void stream_parser::whole_text(std::string_view text) {
  e_->whole_text(text);
}

TOOLCALL_INLINE void stream_parser::reserve(std::size_t n) {
  e_->reserve_content(n);
}

TOOLCALL_INLINE stream_stats stream_parser::stats() const noexcept {
  return stream_stats{e_->bytes_examined(), e_->bytes_accounted()};
}

TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_IMPL_STREAM_PARSER_HPP
