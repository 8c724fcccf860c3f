// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: 2026 toolcall authors
// SPDX-License-Identifier: MIT
// parser_registry::for_model over real hub names: a preset matches whole
// tokens of the name's last path component, never a substring of a longer word (`nemo` is not
// `nemotron`), and every name below resolves to exactly one family.
#include <doctest/doctest.h>

#include <set>
#include <string>
#include <vector>

#include <toolcall/detail/presets.hpp>

#include "test_support.hpp"

namespace {

struct hub_case {
  const char* name;
  const char* formats;  // the registry's formats, sorted, comma-separated
};

// Real names from the Hugging Face hub and Ollama: vendors' checkpoints, distills, fine-tunes,
// and community re-uploads (mlx-community, unsloth, bartowski, TheBloke, lmstudio-community,
// mmnga), quantised (-4bit, -GGUF, -AWQ, -FP8, -bnb-4bit) or not.
const hub_case k_hub[] = {
      {"Qwen/Qwen2.5-7B-Instruct", "fenced,hermes,named_function,qwen_bracket,qwen_function,qwen_tools,reasoning"},
      {"Qwen/Qwen2.5-72B-Instruct-AWQ", "fenced,hermes,named_function,qwen_bracket,qwen_function,qwen_tools,reasoning"},
      {"bartowski/Qwen2.5-14B-Instruct-GGUF", "fenced,hermes,named_function,qwen_bracket,qwen_function,qwen_tools,reasoning"},
      {"Qwen/Qwen2.5-Coder-7B-Instruct", "fenced,hermes,named_function,qwen_bracket,qwen_function,qwen_tools"},
      {"Qwen/Qwen2.5-Coder-32B-Instruct-GGUF", "fenced,hermes,named_function,qwen_bracket,qwen_function,qwen_tools"},
      {"unsloth/Qwen2.5-Coder-14B-Instruct-bnb-4bit", "fenced,hermes,named_function,qwen_bracket,qwen_function,qwen_tools"},
      {"Qwen/Qwen3-8B", "fenced,hermes,named_function,qwen3_coder,qwen_tools,reasoning"},
      {"Qwen/Qwen3-30B-A3B", "fenced,hermes,named_function,qwen3_coder,qwen_tools,reasoning"},
      {"Qwen/Qwen3-235B-A22B-Instruct-2507", "fenced,hermes,named_function,qwen3_coder,qwen_tools,reasoning"},
      {"Qwen/Qwen3-4B-Thinking-2507", "fenced,hermes,named_function,qwen3_coder,qwen_tools,reasoning"},
      {"Qwen/QwQ-32B", "fenced,hermes,named_function,qwen3_coder,qwen_tools,reasoning"},
      {"mlx-community/Qwen3-4B-4bit", "fenced,hermes,named_function,qwen3_coder,qwen_tools,reasoning"},
      {"unsloth/Qwen3-14B-GGUF", "fenced,hermes,named_function,qwen3_coder,qwen_tools,reasoning"},
      {"Qwen/Qwen3-Coder-30B-A3B-Instruct", "hermes,named_function,qwen3_coder,reasoning"},
      {"Qwen/Qwen3-Coder-480B-A35B-Instruct-FP8", "hermes,named_function,qwen3_coder,reasoning"},
      {"Qwen/Qwen3-Next-80B-A3B-Thinking", "fenced,hermes,named_function,qwen3_coder,qwen_tools,reasoning"},
      {"Qwen/Qwen3.5-397B-A17B", "hermes,named_function,qwen3_coder,reasoning"},
      {"Qwen/Qwen3.6-35B-A3B", "hermes,named_function,qwen3_coder,reasoning"},
      {"IQuestLab/IQuest-Coder-V1-40B-Instruct", "qwen3_coder,reasoning"},
      {"poolside/Laguna-XS.2", "glm"},
      {"FreedomIntelligence/openPangu-Embedded-7B-V1.1", "lfm2,reasoning"},
      {"qwen3:8b", "fenced,hermes,named_function,qwen3_coder,qwen_tools,reasoning"},
      {"qwen2.5-coder:7b", "fenced,hermes,named_function,qwen_bracket,qwen_function,qwen_tools"},
      {"deepseek-ai/DeepSeek-R1", "deepseek,reasoning"},
      {"deepseek-ai/DeepSeek-R1-0528", "deepseek,reasoning"},
      {"deepseek-ai/DeepSeek-R1-Distill-Qwen-7B", "deepseek,reasoning"},
      {"deepseek-ai/DeepSeek-R1-Distill-Llama-8B", "deepseek,reasoning"},
      {"unsloth/DeepSeek-R1-Distill-Qwen-14B-GGUF", "deepseek,reasoning"},
      {"deepseek-ai/DeepSeek-V3", "deepseek"},
      {"deepseek-ai/DeepSeek-V3-0324", "deepseek"},
      {"deepseek-ai/DeepSeek-V3.1", "deepseek,reasoning"},
      {"deepseek-ai/DeepSeek-V3.1-Terminus", "deepseek,reasoning"},
      {"deepseek-ai/DeepSeek-V3.2-Exp", "deepseek,reasoning"},
      {"deepseek-ai/DeepSeek-V3.2", "deepseek_dsml"},
      {"deepseek-ai/deepseek-coder-6.7b-instruct", "deepseek"},
      {"deepseek-r1:7b", "deepseek,reasoning"},
      {"meta-llama/Llama-3.1-8B-Instruct", "function_key,llama3_json,named_function,pythonic"},
      {"meta-llama/Meta-Llama-3.1-70B-Instruct", "function_key,llama3_json,named_function,pythonic"},
      {"meta-llama/Llama-3.2-3B-Instruct", "function_key,llama3_json,named_function,pythonic"},
      {"meta-llama/Llama-3.3-70B-Instruct", "function_key,llama3_json,named_function,pythonic"},
      {"bartowski/Meta-Llama-3.1-8B-Instruct-GGUF", "function_key,llama3_json,named_function,pythonic"},
      {"unsloth/Llama-3.3-70B-Instruct-GGUF", "function_key,llama3_json,named_function,pythonic"},
      {"mlx-community/Llama-3.2-3B-Instruct-4bit", "function_key,llama3_json,named_function,pythonic"},
      {"meta-llama/Llama-4-Scout-17B-16E-Instruct", "llama3_json,pythonic"},
      {"meta-llama/Llama-4-Maverick-17B-128E-Instruct-FP8", "llama3_json,pythonic"},
      {"llama3.1:8b", "function_key,llama3_json,named_function,pythonic"},
      {"NousResearch/Hermes-3-Llama-3.1-8B", "fenced,hermes,named_function,qwen_tools,reasoning"},
      {"NousResearch/Hermes-2-Pro-Mistral-7B", "fenced,hermes,named_function,qwen_tools,reasoning"},
      {"NousResearch/Hermes-4-70B", "fenced,hermes,named_function,qwen_tools,reasoning"},
      {"mistralai/Mistral-7B-Instruct-v0.3", "mistral"},
      {"mistralai/Mistral-Nemo-Instruct-2407", "mistral"},
      {"mistralai/Mistral-Small-3.1-24B-Instruct-2503", "mistral"},
      {"mistralai/Mixtral-8x7B-Instruct-v0.1", "mistral"},
      {"mistralai/Ministral-8B-Instruct-2410", "mistral"},
      {"mistralai/Devstral-Small-2505", "mistral"},
      {"mistralai/Codestral-22B-v0.1", "mistral"},
      {"mistralai/Magistral-Small-2506", "mistral,reasoning"},
      {"TheBloke/Mistral-7B-Instruct-v0.2-GGUF", "mistral"},
      {"mistral-nemo:12b", "mistral"},
      {"nvidia/NVIDIA-Nemotron-Nano-9B-v2", "nemotron_json,reasoning"},
      {"nvidia/NVIDIA-Nemotron-Nano-12B-v2", "nemotron_json,reasoning"},
      {"nvidia/Llama-3.1-Nemotron-Nano-8B-v1", "nemotron_json,reasoning"},
      {"nvidia/Llama-3_3-Nemotron-Super-49B-v1_5", "nemotron_json,reasoning"},
      {"nvidia/NVIDIA-Nemotron-3-Nano-30B-A3B-BF16", "qwen3_coder,reasoning"},
      {"unsloth/Nemotron-3-Nano-30B-A3B-GGUF", "qwen3_coder,reasoning"},
      {"nvidia/OpenReasoning-Nemotron-7B", "nemotron_json,reasoning"},
      {"zai-org/GLM-4.5", "glm"},
      {"zai-org/GLM-4.5-Air", "glm"},
      {"zai-org/GLM-4.6", "glm"},
      {"zai-org/GLM-4.7", "glm"},
      {"zai-org/GLM-5", "glm"},
      {"mlx-community/GLM-4.5-Air-4bit", "glm"},
      {"openai/gpt-oss-20b", "harmony"},
      {"openai/gpt-oss-120b", "harmony"},
      {"unsloth/gpt-oss-20b-GGUF", "harmony"},
      {"gpt-oss:20b", "harmony"},
      {"moonshotai/Kimi-K2-Instruct", "kimi_k2,reasoning"},
      {"moonshotai/Kimi-K2-Instruct-0905", "kimi_k2,reasoning"},
      {"moonshotai/Kimi-K2-Thinking", "kimi_k2,reasoning"},
      {"MiniMaxAI/MiniMax-M2", "minimax_m2"},
      {"MiniMaxAI/MiniMax-M1-80k", "minimax_m1"},
      {"MiniMaxAI/MiniMax-Text-01", "minimax_m1"},
      {"google/functiongemma-270m-it", "function_gemma"},
      {"ibm-granite/granite-3.3-8b-instruct", "granite,granite_pythonic"},
      {"ibm-granite/granite-3.1-8b-instruct", "granite"},
      {"ibm-granite/granite-4.0-h-small", "granite_pythonic,hermes"},
      {"ibm-granite/granite-4.0-micro", "hermes"},
      {"granite4:small-h", "granite_pythonic,hermes"},
      {"Salesforce/Llama-xLAM-2-8b-fc-r", "reasoning,xlam"},
      {"Salesforce/xLAM-2-32b-fc-r", "reasoning,xlam"},
      {"Salesforce/xLAM-7b-fc-r", "reasoning,xlam"},
      {"LiquidAI/LFM2-1.2B", "lfm2,reasoning"},
      {"LiquidAI/LFM2-8B-A1B", "lfm2,reasoning"},
      {"ai21labs/AI21-Jamba-Mini-1.7", "jamba"},
      {"ai21labs/AI21-Jamba-Reasoning-3B", "hermes,reasoning"},
      {"tencent/Hunyuan-A13B-Instruct", "jamba"},
      {"allenai/Olmo-3-7B-Think", "olmo3,reasoning"},
      {"allenai/Olmo-3-7B-Instruct", "olmo3,reasoning"},
      {"stepfun-ai/step3", "step3"},
      {"stepfun-ai/Step-3.5-Flash", "qwen3_coder,reasoning"},
      {"ByteDance-Seed/Seed-OSS-36B-Instruct", "seed_oss"},
      {"CohereLabs/c4ai-command-r7b-12-2024", "cohere"},
      {"CohereLabs/command-a-03-2025", "cohere"},
      {"CohereForAI/c4ai-command-r-v01", "command_r"},
      {"CohereForAI/c4ai-command-r-plus-08-2024", "command_r"},
      {"microsoft/Phi-4-mini-instruct", "functools"},
      {"baidu/ERNIE-4.5-21B-A3B-Thinking", "granite,hermes"},
      {"XiaomiMiMo/MiMo-V2-Flash", "hermes,qwen3_coder,reasoning"},
      {"unsloth/ERNIE-4.5-21B-A3B-Thinking-GGUF", "granite,hermes"},
      {"baidu/ERNIE-4.5-0.3B-PT", "granite,hermes"},
      {"baidu/ERNIE-4.5-300B-A47B-PT", "granite,hermes"},
      {"fireworks-ai/firefunction-v2", "functools"},
      {"meetkai/functionary-small-v3.2", "functionary_v32"},
      {"meetkai/functionary-medium-v3.1", "llama3_json,named_function"},
      {"internlm/internlm2_5-7b-chat", "internlm2"},
      {"internlm/Intern-S1", "internlm2"},
      {"ai-sage/GigaChat3-10B-A1.8B", "gigachat3"},
      {"swiss-ai/Apertus-8B-Instruct-2509", "apertus"},
      {"rednote-hilab/dots.llm1.inst", "dots"},
      {"openbmb/MiniCPM4-8B", "minicpm,reasoning"},
      {"meituan-longcat/LongCat-Flash-Chat", "longcat"},
      {"upstage/Solar-Open-100B", "solar_open"},
      {"upstage/Solar-Open2-250B", "solar_open2"},
      {"unsloth/Solar-Open2-250B-GGUF", "solar_open2"},
      {"naver-hyperclovax/HyperCLOVAX-SEED-Think-14B", "hyperclovax"},
      {"naver-hyperclovax/HyperCLOVAX-SEED-Think-32B", "hyperclovax"},
      {"naver-hyperclovax/HyperCLOVAX-SEED-Text-Instruct-1.5B", "hyperclovax"},
      {"mlx-community/HyperCLOVAX-SEED-Think-14B-4bit", "hyperclovax"},
      {"sbintuitions/sarashina2.2-3b-instruct-v0.1", "sarashina"},
      {"pfnet/plamo-3-nict-2b-base", "plamo3"},
      {"bartowski/Qwen_Qwen3-8B-GGUF", "fenced,hermes,named_function,qwen3_coder,qwen_tools,reasoning"},
      {"lmstudio-community/Qwen3-Coder-30B-A3B-Instruct-MLX-4bit", "hermes,named_function,qwen3_coder,reasoning"},
      {"Qwen/Qwen2-7B-Instruct", "fenced,hermes,named_function,qwen_bracket,qwen_function,qwen_tools,reasoning"},
      {"Qwen/Qwen1.5-14B-Chat", "fenced,hermes,named_function,qwen_bracket,qwen_function,qwen_tools,reasoning"},
      {"unsloth/QwQ-32B-GGUF", "fenced,hermes,named_function,qwen3_coder,qwen_tools,reasoning"},
      {"deepseek-ai/DeepSeek-V3.2-Speciale", "deepseek_dsml"},
      {"deepseek-ai/DeepSeek-V4-Flash", "deepseek_dsml"},
      {"bartowski/DeepSeek-R1-Distill-Qwen-32B-GGUF", "deepseek,reasoning"},
      {"mlx-community/DeepSeek-R1-Distill-Qwen-7B-4bit", "deepseek,reasoning"},
      {"TheBloke/deepseek-coder-33B-instruct-GGUF", "deepseek"},
      {"TheBloke/Llama-2-7B-Chat-GGUF", "function_key,llama3_json,named_function,pythonic"},
      {"NousResearch/Meta-Llama-3-8B-Instruct", "function_key,llama3_json,named_function,pythonic"},
      {"mlx-community/Meta-Llama-3.1-8B-Instruct-4bit", "function_key,llama3_json,named_function,pythonic"},
      {"unsloth/Llama-4-Scout-17B-16E-Instruct-GGUF", "llama3_json,pythonic"},
      {"bartowski/Hermes-3-Llama-3.1-8B-GGUF", "fenced,hermes,named_function,qwen_tools,reasoning"},
      {"unsloth/Mistral-Small-3.2-24B-Instruct-2506-GGUF", "mistral"},
      {"mlx-community/Mistral-7B-Instruct-v0.3-4bit", "mistral"},
      {"bartowski/Mistral-Nemo-Instruct-2407-GGUF", "mistral"},
      {"unsloth/Magistral-Small-2509-GGUF", "mistral,reasoning"},
      {"mistralai/Devstral-Small-2507", "mistral"},
      {"unsloth/Llama-3_3-Nemotron-Super-49B-v1_5-GGUF", "nemotron_json,reasoning"},
      {"mlx-community/NVIDIA-Nemotron-Nano-9B-v2-4bit", "nemotron_json,reasoning"},
      {"nvidia/NVIDIA-Nemotron-3-Super-120B-A12B-FP8", "qwen3_coder,reasoning"},
      {"unsloth/GLM-4.6-GGUF", "glm"},
      {"zai-org/GLM-4.5V", "glm"},
      {"mlx-community/gpt-oss-120b-MXFP4-Q8", "harmony"},
      {"unsloth/Kimi-K2-Instruct-GGUF", "kimi_k2,reasoning"},
      {"moonshotai/Kimi-K2.5", "kimi_k2,reasoning"},
      {"unsloth/MiniMax-M2-GGUF", "minimax_m2"},
      {"mlx-community/MiniMax-M1-80k-4bit", "minimax_m1"},
      {"MiniMaxAI/MiniMax-M3", "minimax_m3"},
      {"mlx-community/MiniMax-M3-4bit", "minimax_m3"},
      {"unsloth/MiniMax-M3-GGUF", "minimax_m3"},
      {"google/gemma-4-E4B-it", "gemma4"},
      {"google/gemma-4-31B-it", "gemma4"},
      {"unsloth/gemma-4-31B-it-GGUF", "gemma4"},
      {"tencent/Hy3-preview", "hy3"},
      {"LLM360/K2-Horizon", "k2_horizon"},
      {"mlx-community/K2-Horizon-4bit", "k2_horizon"},
      {"someone/k2_horizon-GGUF", "k2_horizon"},
      {"mlx-community/Hy3-preview-4bit", "hy3"},
      {"unsloth/Hy3-preview-GGUF", "hy3"},
      {"moonshotai/Kimi-K3", "kimi_k3"},
      {"unsloth/Kimi-K3-GGUF", "kimi_k3"},
      {"muse/Muse-Glimmer-27B", "muse_glimmer"},
      {"thinkingmachines/Inkling", "inkling"},
      {"ai-sage/GigaChat3.5-Lightning", "gigachat35"},
      {"ai-sage/GigaChat-3.5-Ultra", "gigachat35"},
      {"ai-sage/GigaChat3.1-10B-A1.8B", "gigachat3"},
      {"unsloth/granite-3.3-8b-instruct-GGUF", "granite,granite_pythonic"},
      {"mlx-community/granite-3.3-2b-instruct-4bit", "granite,granite_pythonic"},
      {"ibm-granite/granite-4.0-h-tiny", "hermes"},
      {"unsloth/granite-4.0-h-small-GGUF", "granite_pythonic,hermes"},
      {"LiquidAI/LFM2.5-1.2B-Instruct", "lfm2,reasoning"},
      {"ai21labs/AI21-Jamba-Large-1.7", "jamba"},
      {"allenai/Olmo-3.1-32B-Think", "olmo3,reasoning"},
      {"CohereLabs/c4ai-command-r-plus-4bit", "command_r"},
      {"CohereLabs/command-a-reasoning-08-2025", "cohere"},
      {"fireworks-ai/llama-3-firefunction-v2", "functools"},
      {"internlm/internlm3-8b-instruct", "internlm2"},
      {"swiss-ai/Apertus-70B-Instruct-2509", "apertus"},
      {"openbmb/MiniCPM4.1-8B-GGUF", "minicpm,reasoning"},
      {"meituan-longcat/LongCat-Flash-Thinking", "longcat"},
      {"pfnet/plamo-3-nict-31b-chat", "plamo3"},
      {"mmnga/sarashina2.2-3b-instruct-v0.1-gguf", "sarashina"},
      {"rednote-hilab/dots.llm1.base", "dots"},
      {"tencent/Hunyuan-A13B-Instruct-FP8", "jamba"},
      {"ai21labs/AI21-Jamba-1.5-Mini", "jamba"},
};

std::string formats_of(const toolcall::parser_registry& r) {
  std::set<std::string> names;
  for (const auto& f : r.formats()) names.insert(f.name());
  std::string s;
  for (const auto& n : names) s += (s.empty() ? "" : ",") + n;
  return s;
}

/// The rooms whose presets match `name` at the best rank, and that rank.
std::set<std::string> best_owners(const std::string& name, int& rank) {
  std::set<std::string> owners;
  rank = 1 << 30;
  const toolcall::parser_registry all = toolcall::parser_registry::builtin();
  for (const auto& f : all.formats()) {
    for (const auto& p : toolcall::detail::def_of(f).presets) {
      const auto re = toolcall::detail::compile_preset(p.pattern);
      REQUIRE_MESSAGE(re->ok(), f.name() << ": " << p.pattern);
      if (!toolcall::detail::preset_matches(*re, name)) continue;
      if (p.rank < rank) {
        rank = p.rank;
        owners.clear();
      }
      if (p.rank == rank) {
        std::string fs;
        for (const auto& x : p.formats) fs += x + ",";
        owners.insert(fs);
      }
    }
  }
  return owners;
}

bool matches(const char* pattern, const char* name) {
  const auto re = toolcall::detail::compile_preset(pattern);
  return re->ok() && toolcall::detail::preset_matches(*re, name);
}

}  // namespace

TEST_SUITE("toolcall/presets") {
  TEST_CASE("every hub name resolves to exactly one family, the expected one") {
    std::set<std::string> families;
    std::size_t n = 0;
    for (const hub_case& c : k_hub) {
      ++n;
      const toolcall::parser_registry r = toolcall::parser_registry::for_model(c.name);
      CHECK_MESSAGE(r.model_known(), c.name);
      CHECK_MESSAGE(formats_of(r) == c.formats, c.name << " -> " << formats_of(r) << " (preset " << r.preset() << ")");
      // no other preset of the same rank, with other formats, matches too
      int rank = 0;
      const std::set<std::string> owners = best_owners(c.name, rank);
      CHECK_MESSAGE(owners.size() == 1, c.name << ": " << owners.size() << " presets of rank " << rank << " match");
      for (const auto& f : r.formats())
        if (f.name() != "reasoning") families.insert(f.name());
    }
    CHECK(n >= 100);
    // every room with a preset is reached by some name of the table
    const toolcall::parser_registry all = toolcall::parser_registry::builtin();
    for (const auto& f : all.formats()) {
      if (toolcall::detail::def_of(f).presets.empty()) continue;
      bool reached = false;
      for (const auto& p : toolcall::detail::def_of(f).presets)
        for (const auto& x : p.formats) reached |= families.count(x) > 0;
      CHECK_MESSAGE(reached, "no hub name of the table reaches the presets of " << f.name());
    }
  }

  TEST_CASE("a preset token is a whole token of the name, not part of a longer word") {
    // nemo is Mistral Nemo, not Nemotron
    CHECK(matches("nemo", "mistralai/Mistral-Nemo-Instruct-2407"));
    CHECK(matches("nemo", "mistral-nemo:12b"));
    CHECK_FALSE(matches("nemo", "nvidia/NVIDIA-Nemotron-3-Nano-30B-A3B"));
    CHECK_FALSE(matches("nemo", "unsloth/Nemotron-3-Nano-30B-A3B-GGUF"));
    CHECK_FALSE(matches("hermes", "teknium/OpenHermes-2.5-Mistral-7B"));
    CHECK(matches("hermes", "NousResearch/Hermes-3-Llama-3.1-8B"));
    // a version number may follow a family name directly
    CHECK(matches("qwen", "Qwen/Qwen2.5-7B-Instruct"));
    CHECK(matches("internlm", "internlm/internlm2_5-7b-chat"));
    CHECK(matches("llama", "llama3.1:8b"));
    CHECK_FALSE(matches("qwen", "acme/Qwenlike-7B"));
    // only the last path component counts: an organisation is not a model family
    CHECK_FALSE(matches("mistral", "mistralai/Nothing-7B"));
    CHECK_FALSE(matches("nvidia", "nvidia/Some-Model"));
    CHECK(matches("qwen3", "C:\\models\\Qwen3-8B-Q4_K_M.gguf"));
    // patterns that consume their own separators keep working
    CHECK(matches("(?:^|[/_-])plamo-?3(?:$|[/_.-])", "pfnet/plamo-3-nict-2b-base"));
    CHECK(matches("(^|/)dots[._-]?llm", "rednote-hilab/dots.llm1.inst"));
    CHECK_FALSE(matches("(^|/)dots[._-]?llm", "rednote-hilab/dots.ocr"));
    // case-insensitive; a name longer than any model name matches nothing
    CHECK(matches("gpt-oss", "OpenAI/GPT-OSS-20B"));
    CHECK_FALSE(matches("qwen", std::string(300, 'a').append("-qwen").c_str()));
  }

  TEST_CASE("substrings no longer claim other families' models") {
    using toolcall::parser_registry;
    // Nemotron 3 writes Qwen3-Coder XML; `nemo` (Mistral) must not take it
    for (const char* m : {"nvidia/NVIDIA-Nemotron-3-Nano-30B-A3B", "unsloth/Nemotron-3-Nano-30B-A3B-GGUF"}) {
      const parser_registry r = parser_registry::for_model(m);
      CHECK_FALSE_MESSAGE(r.contains("mistral"), m);
      toolcall::parser p{r};
      const toolcall::message msg = p.parse(
          "<think>\nThe user wants the weather.\n</think>\n<tool_call>\n<function=get_weather>\n"
          "<parameter=city>\nParis\n</parameter>\n</function>\n</tool_call>");
      REQUIRE_MESSAGE(msg.calls.size() == 1, m);
      CHECK(msg.calls[0].name == "get_weather");
      CHECK(msg.calls[0].arguments == R"({"city":"Paris"})");
    }
    CHECK_FALSE(parser_registry::for_model("teknium/OpenHermes-2.5-Mistral-7B").contains("hermes"));
    // DeepSeek V3.2-Exp thinks like V3.1; V3.2 writes DSML
    CHECK(parser_registry::for_model("deepseek-ai/DeepSeek-V3.2-Exp").contains("deepseek"));
    CHECK_FALSE(parser_registry::for_model("deepseek-ai/DeepSeek-V3.2-Exp").contains("deepseek_dsml"));
    CHECK(parser_registry::for_model("deepseek-ai/DeepSeek-V3.2").contains("deepseek_dsml"));
    // unknown names: every format, said so
    for (const char* m : {"google/gemma-3-27b-it", "acme/unheard-of-7b", ""}) {
      const parser_registry r = parser_registry::for_model(m);
      CHECK_FALSE_MESSAGE(r.model_known(), m);
      CHECK(r.formats().size() == parser_registry::builtin().formats().size());
    }
  }

  TEST_CASE("for_model gives equal registries on every call, each a value of its own") {
    // the compiled presets and the rooms are built once and shared, immutable
    const toolcall::parser_registry a = toolcall::parser_registry::for_model("Qwen/Qwen3-8B");
    toolcall::parser_registry b = toolcall::parser_registry::for_model("Qwen/Qwen3-8B");
    CHECK(formats_of(a) == formats_of(b));
    CHECK(b.remove("hermes"));
    CHECK(a.contains("hermes"));
    CHECK(toolcall::parser_registry::for_model("Qwen/Qwen3-8B").contains("hermes"));
  }
}
