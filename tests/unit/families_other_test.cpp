// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
// The families of formats/group_other.hpp: Gemma 4, FunctionGemma, LFM2, Olmo 3,
// Functionary v3.2, Kimi-K2. Their presets and template detection, and behaviour the corpus
// cases do not cover: streaming at every split point, call ids, markup in prose and in values.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "test_support.hpp"

namespace {

toolcall::options opts() {
  toolcall::options o = tc_test::deterministic(7);
  return o;
}

toolcall::message one_shot(const toolcall::parser_registry& reg, const std::string& text,
                           toolcall::options o = opts()) {
  toolcall::parser p{reg, o};
  return p.parse(text);
}

/// Streamed at every split point and byte by byte, the folded events equal the one-shot
/// message (the arguments deltas concatenate to the final arguments).
void check_every_split(const toolcall::parser_registry& reg, const std::string& text) {
  const std::string d = tc_test::split_compare(reg, opts(), text).err;
  CHECK_MESSAGE(d.empty(), d);
}

toolcall::parser_registry only(const char* name) { return *toolcall::parser_registry::only(name); }

bool args_equal(const std::string& got, const std::string& want) { return tc_test::json_text_equal(got, want); }

}  // namespace

TEST_SUITE("toolcall/families other") {
  TEST_CASE("for_model resolves each family's hub names") {
    struct row {
      const char* model;
      const char* format;
    };
    const row rows[] = {
        {"google/gemma-4-E2B-it", "gemma4"},
        {"google/gemma-4-E4B-it", "gemma4"},
        {"google/gemma-4-26B-A4B-it", "gemma4"},
        {"google/gemma-4-31B-it", "gemma4"},
        {"unsloth/gemma-4-31B-it-GGUF", "gemma4"},
        {"google/functiongemma-270m-it", "function_gemma"},
        {"LiquidAI/LFM2-1.2B", "lfm2"},
        {"LiquidAI/LFM2-1.2B-Tool", "lfm2"},
        {"LiquidAI/LFM2-8B-A1B", "lfm2"},
        {"LiquidAI/LFM2.5-1.2B-Instruct", "lfm2"},
        {"LiquidAI/LFM2.5-1.2B-Thinking", "lfm2"},
        {"allenai/Olmo-3-7B-Instruct", "olmo3"},
        {"allenai/Olmo-3-7B-Think", "olmo3"},
        {"allenai/Olmo-3.1-32B-Think", "olmo3"},
        {"allenai/OLMo-3-1025-7B", "olmo3"},
        {"meetkai/functionary-small-v3.2", "functionary_v32"},
        {"meetkai/functionary-medium-v3.2", "functionary_v32"},
        {"moonshotai/Kimi-K2-Instruct", "kimi_k2"},
        {"moonshotai/Kimi-K2-Instruct-0905", "kimi_k2"},
        {"moonshotai/Kimi-K2-Thinking", "kimi_k2"},
        {"moonshotai/Kimi-K2.5", "kimi_k2"},
        {"moonshotai/Kimi-VL-A3B-Thinking-2506", "kimi_k2"},
    };
    for (const row& r : rows) {
      const auto reg = toolcall::parser_registry::for_model(r.model);
      CHECK_MESSAGE(reg.model_known(), r.model);
      CHECK_MESSAGE(reg.contains(r.format), r.model << " -> " << reg.preset());
      // a preset keeps only the family's formats
      CHECK_MESSAGE(reg.formats().size() <= 2, r.model);
    }
    // neighbours that are not these families (an unknown name gives builtin(), which has all)
    const auto picks = [](const char* model, const char* format) {
      const auto reg = toolcall::parser_registry::for_model(model);
      return reg.model_known() && reg.contains(format);
    };
    CHECK_FALSE(picks("google/gemma-3-27b-it", "gemma4"));
    CHECK_FALSE(picks("google/functiongemma-270m-it", "gemma4"));
    CHECK_FALSE(picks("allenai/OLMo-2-1124-7B-Instruct", "olmo3"));
    CHECK_FALSE(picks("meetkai/functionary-small-v3.1", "functionary_v32"));
    // Olmo 3 Think opens <think> in the prompt; Instruct does not
    CHECK(toolcall::parser_registry::for_model("allenai/Olmo-3-7B-Think").prompt_opens_reasoning());
    CHECK_FALSE(toolcall::parser_registry::for_model("allenai/Olmo-3-7B-Instruct").prompt_opens_reasoning());
  }

  TEST_CASE("for_template finds each family in its template excerpt") {
    for (const char* name : {"gemma4", "function_gemma", "lfm2", "olmo3", "functionary_v32", "kimi_k2"}) {
      const std::string t =
          tc_test::read_file(std::string(TOOLCALL_TEST_DATA_DIR) + "/templates/" + name + ".jinja");
      REQUIRE_MESSAGE(!t.empty(), name);
      const auto reg = toolcall::parser_registry::for_template(t);
      CHECK_MESSAGE(reg.model_known(), name);
      CHECK_MESSAGE(reg.contains(name), name);
    }
    const auto gemma = toolcall::parser_registry::for_template(
        tc_test::read_file(std::string(TOOLCALL_TEST_DATA_DIR) + "/templates/gemma4.jinja"));
    CHECK_FALSE(gemma.contains("function_gemma"));
    const auto olmo = toolcall::parser_registry::for_template(
        tc_test::read_file(std::string(TOOLCALL_TEST_DATA_DIR) + "/templates/olmo3.jinja"));
    CHECK(olmo.prompt_opens_reasoning());
    // a prompt that only mentions <function_calls> is not an Olmo template
    const auto prompt = toolcall::parser_registry::for_template("Write calls in <function_calls> tags.");
    CHECK_FALSE((prompt.model_known() && prompt.contains("olmo3")));
  }

  TEST_CASE("Gemma 4: strings are raw text, values typed, streamed like one-shot") {
    const auto reg = only("gemma4");
    const std::string text =
        "<|channel>thought\nUser wants the file fixed.<channel|>Writing it now."
        "<|tool_call>call:write_file{content:<|\"|>if a < b and c <| d:\n    print(\"x\\n\", {1, 2})\n<|\"|>,"
        "mode:420,opts:{append:false,tags:[<|\"|>a<|\"|>,-2.5e3,null]},path:<|\"|>src/x.py<|\"|>}<tool_call|>"
        "<|tool_call>call:get_time{}<tool_call|><|tool_response>";
    const auto m = one_shot(reg, text);
    REQUIRE(m.calls.size() == 2);
    CHECK(m.calls[0].name == "write_file");
    CHECK(args_equal(m.calls[0].arguments,
                     R"x({"content":"if a < b and c <| d:\n    print(\"x\\n\", {1, 2})\n","mode":420,)x"
                     R"x("opts":{"append":false,"tags":["a",-2.5e3,null]},"path":"src/x.py"})x"));
    CHECK(m.calls[0].format == "gemma4");
    CHECK(m.calls[0].status == toolcall::call_status::ok);
    CHECK(m.calls[1].arguments == "{}");
    CHECK(m.content == "Writing it now.");
    CHECK(m.reasoning == "User wants the file fixed.");
    check_every_split(reg, text);
  }

  TEST_CASE("Gemma 4: a string left open stops at the closer and the next block stands") {
    const auto reg = only("gemma4");
    const std::string text =
        "<|tool_call>call:search{q:<|\"|>ramen}<tool_call|><|tool_call>call:get_weather{city:<|\"|>Oslo<|\"|>}"
        "<tool_call|>";
    const auto m = one_shot(reg, text);
    REQUIRE(m.calls.size() == 1);
    CHECK(m.calls[0].name == "get_weather");
    CHECK(m.content == "<|tool_call>call:search{q:<|\"|>ramen}<tool_call|>");
    CHECK_FALSE(m.diagnostics.empty());
    check_every_split(reg, text);
  }

  TEST_CASE("Gemma 4: Python literals, trailing commas and bare words are repaired, broken text fails") {
    const auto reg = only("gemma4");
    const auto m = one_shot(reg, "<|tool_call>call:f{a:True,b:[1,2,],c:{d:None,},}<tool_call|>");
    REQUIRE(m.calls.size() == 1);
    CHECK(args_equal(m.calls[0].arguments, R"x({"a":true,"b":[1,2],"c":{"d":null}})x"));
    CHECK(m.calls[0].status == toolcall::call_status::repaired);
    const auto ok = one_shot(reg, "<|tool_call>call:f{a:true}<tool_call|>");
    REQUIRE(ok.calls.size() == 1);
    CHECK(ok.calls[0].status == toolcall::call_status::ok);
    // a bare word is the string it spells, `nil`/`None`/`NULL` null (vLLM's Gemma 4 parser)
    const auto word = one_shot(reg, "<|tool_call>call:f{unit:celsius,tags:[hot,Nil],n:2}<tool_call|>");
    REQUIRE(word.calls.size() == 1);
    CHECK(args_equal(word.calls[0].arguments, R"x({"unit":"celsius","tags":["hot",null],"n":2})x"));
    CHECK(word.calls[0].status == toolcall::call_status::repaired);
    // FunctionGemma's parser reads no bare word: there it still fails the call
    const std::string fg = "<start_function_call>call:f{unit:celsius}<end_function_call>";
    const auto fgm = one_shot(only("function_gemma"), fg);
    CHECK(fgm.calls.empty());
    CHECK_FALSE(fgm.diagnostics.empty());
    const std::string bad = "<|tool_call>call:f{query:weather in Tokyo<|\"|>}<tool_call|>";
    const auto b = one_shot(reg, bad);
    CHECK(b.calls.empty());
    CHECK(b.content == bad);
    CHECK_FALSE(b.diagnostics.empty());
  }

  TEST_CASE("Gemma 4 and FunctionGemma: the opener in prose is not a call") {
    for (const char* text :
         {"Gemma writes <|tool_call>call:NAME{...}<tool_call|> around a call, e.g. call:f{a:1}.",
          "The opener is <|tool_call> and the closer <tool_call|>."}) {
      const auto m = one_shot(only("gemma4"), text);
      CHECK(m.calls.empty());
      CHECK(m.content == text);
    }
    const std::string fg = "Use <start_function_call> to begin; I will not call anything.";
    const auto m = one_shot(only("function_gemma"), fg);
    CHECK(m.calls.empty());
    CHECK(m.content == fg);
    // never silent: the opener matched, so a note says why it is not a call
    REQUIRE(m.diagnostics.size() == 1);
    CHECK(m.diagnostics[0].code == toolcall::errc::marker_in_text);
    CHECK(m.diagnostics[0].level == toolcall::severity::note);
  }

  TEST_CASE("FunctionGemma: parallel calls with text around them, every split") {
    const auto reg = only("function_gemma");
    const std::string text =
        "Sure.<start_function_call>call:set_timer{label:<escape>tea, \"green\"<escape>,minutes:3,vibrate:true}"
        "<end_function_call><start_function_call>call:send_message{to:<escape>Zoë<escape>,text:<escape>¡Hola! "
        "{ok}<escape>}<end_function_call><start_function_response>";
    const auto m = one_shot(reg, text);
    REQUIRE(m.calls.size() == 2);
    CHECK(args_equal(m.calls[0].arguments, R"x({"label":"tea, \"green\"","minutes":3,"vibrate":true})x"));
    CHECK(args_equal(m.calls[1].arguments, R"x({"to":"Zoë","text":"¡Hola! {ok}"})x"));
    CHECK(m.content == "Sure.");
    check_every_split(reg, text);
  }

  TEST_CASE("LFM2: pythonic and JSON lists, text after the block, every split") {
    const auto reg = only("lfm2");
    const std::string text =
        "<think>Two lookups.</think><|tool_call_start|>[get_weather(location=\"Paris, \\\"FR\\\")\", days=[1, 2]),"
        " set_flag(on=True, note=None)]<|tool_call_end|>Checking now.<|im_end|>";
    const auto m = one_shot(reg, text);
    REQUIRE(m.calls.size() == 2);
    CHECK(args_equal(m.calls[0].arguments, R"x({"location":"Paris, \"FR\")","days":[1,2]})x"));
    CHECK(args_equal(m.calls[1].arguments, R"x({"on":true,"note":null})x"));
    CHECK(m.content == "Checking now.");
    CHECK(m.reasoning == "Two lookups.");
    check_every_split(reg, text);
    const std::string json = "<|tool_call_start|>[{\"name\": \"f\", \"arguments\": {\"a\": [1]}}]<|tool_call_end|>";
    const auto j = one_shot(reg, json);
    REQUIRE(j.calls.size() == 1);
    CHECK(j.calls[0].format == "lfm2");
    check_every_split(reg, json);
    const std::string prose = "LFM2 wraps calls in <|tool_call_start|> and <|tool_call_end|> tokens.";
    const auto p = one_shot(reg, prose);
    CHECK(p.calls.empty());
    CHECK(p.content == prose);
  }

  TEST_CASE("Olmo 3: one call per line, a closer that may be missing, every split") {
    const auto reg = only("olmo3");
    const std::string text =
        "I'll check.<function_calls>get_weather(location=\"Oslo\", extra={\"a\": [1, \")\"]})\n"
        "get_time()</function_calls><|im_end|>";
    const auto m = one_shot(reg, text);
    REQUIRE(m.calls.size() == 2);
    CHECK(args_equal(m.calls[0].arguments, R"x({"location":"Oslo","extra":{"a":[1,")"]}})x"));
    CHECK(m.calls[1].arguments == "{}");
    CHECK(m.content == "I'll check.");
    check_every_split(reg, text);
    // two calls on one line are not the format: the block fails whole
    const auto bad = one_shot(reg, "<function_calls>f() g()</function_calls>");
    CHECK(bad.calls.empty());
    CHECK(bad.content == "<function_calls>f() g()</function_calls>");
  }

  TEST_CASE("Olmo 3 Think: the preset opens the reasoning block") {
    const auto reg = toolcall::parser_registry::for_model("allenai/Olmo-3-7B-Think");
    toolcall::options o;  // reasoning_start::preset
    o.seed = 1;
    const std::string text =
        "The user wants Tokyo's time.</think>Looking it up.<function_calls>get_time(timezone=\"Asia/Tokyo\")"
        "</function_calls>";
    const auto m = one_shot(reg, text, o);
    CHECK(m.reasoning == "The user wants Tokyo's time.");
    CHECK(m.content == "Looking it up.");
    REQUIRE(m.calls.size() == 1);
    CHECK(m.calls[0].name == "get_time");
  }

  TEST_CASE("Functionary v3.2: recipients, code, >>> inside values, every split") {
    const auto reg = only("functionary_v32");
    const std::string text =
        "all\nRunning both.\n>>>python\n>>> x = 1\nif x > 0:\n    print(\"a >>>b\")\n"
        ">>>get_weather\n{\"location\": \"Oslo >>>all\\nx\"}\n>>>all\nDone.<|eot_id|>";
    const auto m = one_shot(reg, text);
    REQUIRE(m.calls.size() == 2);
    CHECK(m.calls[0].name == "python");
    CHECK(args_equal(m.calls[0].arguments, R"x({"code":">>> x = 1\nif x > 0:\n    print(\"a >>>b\")"})x"));
    CHECK(args_equal(m.calls[1].arguments, R"x({"location":"Oslo >>>all\nx"})x"));
    // the whitespace around the messages is content, as written
    CHECK(m.content == "Running both.\n\n\nDone.");
    check_every_split(reg, text);
  }

  TEST_CASE("Functionary v3.2: prose at the start and >>> in prose are not calls") {
    const auto reg = only("functionary_v32");
    for (const char* text : {"Hello there, nothing to call.", "Summary\nAll good.", "Type >>> then code.",
                             "python is fun >>>python"}) {
      const auto m = one_shot(reg, text);
      CHECK_MESSAGE(m.calls.empty(), text);
      CHECK(m.content == text);
      if (std::string_view(text).find(">>>python") == std::string_view::npos) {
        CHECK_MESSAGE(m.diagnostics.empty(), text);
      } else {
        // `>>>python` at the very end may be a call cut off after its opener: never silent
        REQUIRE(m.diagnostics.size() == 1);
        CHECK(m.diagnostics[0].code == toolcall::errc::unterminated_call);
      }
    }
  }

  TEST_CASE("Kimi-K2: the model's ids are the call ids; a bad call fails alone") {
    const auto reg = only("kimi_k2");
    const std::string text =
        "On it.<|tool_calls_section_begin|><|tool_call_begin|>functions.get_weather:3<|tool_call_argument_begin|>"
        "{\"city\": \"Paris\"}<|tool_call_end|><|tool_call_begin|>functions.get_time:4<|tool_call_argument_begin|>"
        "{\"tz\": }<|tool_call_end|><|tool_call_begin|>search.web:5<|tool_call_argument_begin|>{}<|tool_call_end|>"
        "<|tool_calls_section_end|><|im_end|>";
    const auto m = one_shot(reg, text);
    REQUIRE(m.calls.size() == 2);
    CHECK(m.calls[0].id == "functions.get_weather:3");
    CHECK(m.calls[0].name == "get_weather");
    CHECK(m.calls[1].id == "search.web:5");
    CHECK(m.calls[1].name == "search.web");
    CHECK(m.content ==
          "On it.<|tool_call_begin|>functions.get_time:4<|tool_call_argument_begin|>{\"tz\": }<|tool_call_end|>");
    check_every_split(reg, text);
  }

  TEST_CASE("Kimi-K2: ◁think▷ reasoning and markers in prose") {
    const auto reg = toolcall::parser_registry::for_model("moonshotai/Kimi-VL-A3B-Thinking-2506");
    const std::string text =
        "\xE2\x97\x81think\xE2\x96\xB7No tool needed.\xE2\x97\x81/think\xE2\x96\xB7The section opens with "
        "<|tool_calls_section_begin|> and a call with <|tool_call_begin|>.";
    const auto m = one_shot(reg, text);
    CHECK(m.calls.empty());
    CHECK(m.reasoning == "No tool needed.");
    CHECK(m.content == "The section opens with <|tool_calls_section_begin|> and a call with <|tool_call_begin|>.");
    check_every_split(reg, text);
  }
}
