// toolcall - parse tool calls from LLM output
// SPDX-FileCopyrightText: toolcall authors
// SPDX-License-Identifier: MIT
//
// The doctest main of the chat example's tests (tokenizer and chat template).
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>
