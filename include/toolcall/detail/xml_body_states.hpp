// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
#ifndef TOOLCALL_DETAIL_XML_BODY_STATES_HPP
#define TOOLCALL_DETAIL_XML_BODY_STATES_HPP

// The structure states of xml_call_body (detail/xml_body.hpp): xml_call_body::byte, one byte
// in every state but a value's (the prefix and function tag, the function name, a bare name
// after the prefix, the parameters between values, a key, the value opener, the JSON
// parameters of json_args, and what follows a function closer). The value phase is in
// detail/xml_body_values.hpp. Included at the end of xml_body.hpp; the member function is
// inline (ODR-safe). The rules are at the top of xml_body.hpp.

#include "xml_body.hpp"

TOOLCALL_NAMESPACE_BEGIN
namespace detail {

inline xml_call_body::act xml_call_body::byte(const region_ctx& e, unsigned char c) {
  switch (st_) {
    case s_prefix: {
      if (am_.empty() && is_json_ws(c)) return a_next;
      const int r = match4(am_, c, sp_.call_prefix, sp_.prefix_optional ? sp_.fn_open : std::string_view{}, {}, {});
      if (r == -2) return fail(e, errc::invalid_call, "the opener is not followed by a call");
      if (r == 1) {  // the function tag without the prefix
        start_fn_name(abs_ + 1 - am_.size());
        return a_next;
      }
      if (r == 0) {
        am_.clear();
        if (sp_.fn_open.empty()) start_fn_name(abs_ + 1);
        else st_ = s_fn_open;
      }
      return a_next;
    }
    case s_fn_open: {
      if (am_.empty() && is_json_ws(c)) return a_next;
      if (am_.empty() && sp_.name_after_prefix && pre_.empty() && is_name_byte(c) && !(c >= '0' && c <= '9') &&
          c != '-' && c != '.') {
        pre_abs_ = abs_;
        st_ = s_pre_name;
        return a_again;
      }
      const int r = match4(am_, c, sp_.fn_open, {}, {}, {});
      if (r == -2) return fail(e, errc::invalid_call, "expected a function tag");
      if (r == 0) start_fn_name(abs_ + 1 - am_.size());
      return a_next;
    }
    case s_pre_name: {
      if (is_name_byte(c)) {
        if (pre_.size() >= xml_name_scanner::max_name) return fail(e, errc::invalid_call, "bad function name");
        pre_ += static_cast<char>(c);
        return a_next;
      }
      if (!valid_call_name(pre_)) return fail(e, errc::invalid_call, "bad function name");
      st_ = s_pre_after;
      am_.clear();
      return a_again;
    }
    case s_pre_after: {
      // the invoke (its name wins), or the parameters of the bare name's call, or its closer
      if (am_.empty() && is_json_ws(c)) return a_next;
      const int r = match4(am_, c, sp_.fn_open, sp_.param_open, sp_.fn_close, sp_.call_close);
      if (r == -2) return fail(e, errc::invalid_call, "expected a function tag after the name");
      if (r == 0) {
        pre_.clear();
        start_fn_name(abs_ + 1 - am_.size());
        return a_next;
      }
      if (r < 0) return a_next;
      fn_abs_ = pre_abs_;
      open_call(e);
      if (r == 1) {
        start_key();
        return a_next;
      }
      if (r == 2) return end_function(e, false, true);
      return end_function(e, !sp_.fn_close.empty(), false);
    }
    case s_json: {
      const lex_step ls = lx_.feed(std::string_view(reinterpret_cast<const char*>(&c), 1));
      if (ls.st == lex_step::fail)
        return fail(e, lx_.error_code() == errc::limit_depth ? errc::limit_depth : errc::invalid_arguments,
                    *lx_.error_message() ? lx_.error_message() : "invalid JSON arguments");
      if (ls.st == lex_step::more) {
        json_out(false);
        return a_next;
      }
      json_out(true);
      if (lx_.repaired()) repaired_ = true;
      st_ = s_between;
      am_.clear();
      return a_next;
    }
    case s_fn_name: {
      if (sp_.keep_calls_at_cut && sp_.multi && calls_ > 0 && !in_call_ &&
          (!am_.empty() || (c == '<' && ns_.name().empty()))) {
        // a turn token (`<｜hy_eos:opensource｜>`, `<|im_end|>`) where a later call's name
        // belongs: the output ended there, as at the end of the text (the complete calls stay,
        // the cut call's text and the token go back to the text scanner)
        am_ += static_cast<char>(c);
        const int t = turn_token(am_);
        if (t == 1) return a_next;
        if (t == 0) return fail(e, errc::invalid_call, "bad function name");
        e.text.diag(errc::unterminated_call, abs_ + 1 - am_.size(),
                    "a turn token stands where a call's name belongs: the output ended there; the " +
                        std::to_string(calls_) + " complete call(s) before it are kept (the cut call's text is content)",
                    severity::error);
        const bool raw_ok = raw_started_ && cut_from_ >= raw_abs_ && abs_ + 1 > cut_from_;
        extra_ = raw_ok ? raw_.substr(cut_from_ - raw_abs_, abs_ + 1 - cut_from_) : am_;
        am_.clear();
        return a_done;
      }
      const xml_name_scanner::result r = ns_.push(c);
      if (r == xml_name_scanner::more) return a_next;
      if (r == xml_name_scanner::bad || !(valid_call_name(ns_.name()) || spaced_name_ok(ns_.name())))
        return fail(e, errc::invalid_call, "bad function name");
      if (ns_.self_closed()) {  // `<function=get_time/>`: a call with no arguments
        open_call(e);
        am_.clear();
        return end_function(e, false, true);
      }
      // a name on its own line (GLM) may be a word of prose: the call opens when a tag follows
      if (sp_.fn_name != xml_name::to_line && !sp_.defer_open) open_call(e);
      st_ = s_between;
      am_.clear();
      return r == xml_name_scanner::done_again ? a_again : a_next;
    }
    case s_between: {
      if (am_.empty() && is_json_ws(c)) return a_next;
      if (am_.empty() && c == '{' && sp_.json_args && in_call_ && count_ == 0 && !json_done_) {
        lx_.reset(nullptr, e.request.max_depth());
        json_sent_ = 1;  // the call's `{` is written already
        json_done_ = true;
        st_ = s_json;
        return a_again;
      }
      const int r = match4(am_, c, sp_.param_open, sp_.fn_close, sp_.call_close,
                           !sep_seen_ && (!in_call_ || count_ == 0) ? sp_.name_sep : std::string_view{});
      if (r == -2) return fail(e, errc::invalid_call, "expected a parameter or the end of the call");
      if (r >= 1 && r <= 2 && !in_call_ && !sep_seen_ && sp_.fn_name == xml_name::to_line &&
          ((ns_.spaced() && !special_opener_) || (!sp_.at_start && !e.request.tool_declared(ns_.name())))) {
        // a call with no arguments needs a name written as the template writes it, with no
        // spaces around it, and a declared one when the request's tools are known:
        // `wrap each call in <tool_call> and </tool_call>` is prose
        flush(e);
        why_ = failure{errc::ok, "", severity::note};
        return a_fail;
      }
      if (r >= 0 && !in_call_) open_call(e);
      if (r == 3) {  // the separator after the name (Hy3 `<tool_sep>`)
        sep_seen_ = true;
        am_.clear();
        return a_next;
      }
      if (r == 0) start_key();
      else if (r == 1) return end_function(e, false, true);
      else if (r == 2) return end_function(e, !sp_.fn_close.empty(), false);
      return a_next;
    }
    case s_key: {
      const xml_name_scanner::result r = ks_.push(c);
      if (r == xml_name_scanner::more) return a_next;
      if (r != xml_name_scanner::done) return fail(e, errc::invalid_call, "bad parameter name");
      if (!key_done(e, ks_)) return fail(e, errc::invalid_arguments, k_repeated_drop);
      return a_next;
    }
    case s_value_open: {
      if (am_.empty() && is_json_ws(c)) return a_next;
      const int r = match4(am_, c, sp_.value_open, sp_.type_open, {}, {});
      if (r == 1) {  // the type tag (K2 Horizon), then the value tag
        st_ = s_type;
        type_.clear();
        am_.clear();
        return a_next;
      }
      if (r == -2 && sp_.value_open_optional && am_.empty() && c != '<') {
        // the value tag is missing: the text is the value, up to its closer (repaired)
        repaired_ = true;
        open_value();
        return a_again;
      }
      if (r == -2) return fail(e, errc::invalid_call, "expected the value tag after the parameter name");
      if (r == 0) open_value();
      return a_next;
    }
    case s_type:
      type_ += static_cast<char>(c);
      if (type_.size() > 64 + sp_.type_close.size()) return fail(e, errc::invalid_call, "a type tag longer than 64 bytes");
      if (type_.size() >= sp_.type_close.size() &&
          std::string_view(type_).substr(type_.size() - sp_.type_close.size()) == sp_.type_close) {
        type_done(std::string_view(type_).substr(0, type_.size() - sp_.type_close.size()));
        st_ = s_value_open;
        am_.clear();
      }
      return a_next;
    case s_value: return value_byte(e, c);
    case s_after_fn: {
      if (am_.empty() && is_json_ws(c)) {
        ws_ += static_cast<char>(c);
        if (ws_.size() <= max_ws) return a_next;
        extra_ = ws_;  // no unbounded hold: the region ends before this whitespace
        ws_.clear();
        return a_done;
      }
      const int r = match4(am_, c, sp_.call_close, sp_.multi ? sp_.fn_open : std::string_view{}, {}, {});
      if (r == 0) return a_done;
      if (r == 1) {
        start_fn_name(abs_ + 1 - am_.size());
        return a_next;
      }
      if (r == -1) return a_next;
      // the call closer is missing (a stop sequence ate it): the region ends here
      extra_ = ws_ + am_;
      return a_done_here;
    }
  }
  return fail(e, errc::invalid_call, "internal state");
}

}  // namespace detail
TOOLCALL_NAMESPACE_END

#endif  // TOOLCALL_DETAIL_XML_BODY_STATES_HPP
