// The layout rules of the code (docs/architecture.md, CONTRIBUTING.md): a family's knowledge
// lives in its room (include/toolcall/formats/), and the order of formats that share an opener
// is decided, never left to a tie.

#include <doctest/doctest.h>

#include <algorithm>
#include <dirent.h>
#include <fstream>
#include <iterator>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <toolcall/toolcall.hpp>

namespace {

const std::string k_include = std::string(TOOLCALL_TEST_DATA_DIR) + "/../../include/toolcall";

void list_headers(const std::string& dir, const std::string& rel, std::vector<std::string>& out) {
  DIR* d = ::opendir(dir.c_str());
  if (!d) return;
  while (const dirent* e = ::readdir(d)) {
    const std::string n = e->d_name;
    if (n == "." || n == "..") continue;
    const std::string path = dir + "/" + n;
    if (DIR* sub = ::opendir(path.c_str())) {
      ::closedir(sub);
      list_headers(path, rel + n + "/", out);
    } else if (n.size() > 4 && n.compare(n.size() - 4, 4, ".hpp") == 0) {
      out.push_back(rel + n);
    }
  }
  ::closedir(d);
}

/// The file's code without its comments (// and /* */), string literals kept.
std::string strip_comments(const std::string& s) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '"' || s[i] == '\'') {  // a literal: copied whole
      const char q = s[i];
      out += s[i++];
      while (i < s.size() && s[i] != q && s[i] != '\n') {
        if (s[i] == '\\' && i + 1 < s.size()) out += s[i++];
        out += s[i++];
      }
      if (i < s.size()) out += s[i];
    } else if (s.compare(i, 2, "//") == 0) {
      while (i < s.size() && s[i] != '\n') ++i;
      out += '\n';
    } else if (s.compare(i, 2, "/*") == 0) {
      const std::size_t e = s.find("*/", i + 2);
      i = e == std::string::npos ? s.size() : e + 1;
    } else {
      out += s[i];
    }
  }
  return out;
}

/// String literals in `code` that spell a model's marker: a special token (`<|x|>`, `<｜x｜>`),
/// a tag (`<tool_call>`, `</x>`, `<function=`), `[TOOL_CALLS]`.
std::vector<std::string> marker_literals(const std::string& code) {
  static const std::regex lit(R"re("((?:[^"\\\n]|\\.)*)")re");
  static const std::regex marker(
      R"re(<\||\|>|\\xEF\\xBD\\x9C|</[A-Za-z]|<[a-z_:]+[=>]|<tool|<function|<parameter|<think|<invoke|<arg_|\[TOOL_CALLS\]|\[THINK\])re");
  std::vector<std::string> out;
  for (auto it = std::sregex_iterator(code.begin(), code.end(), lit); it != std::sregex_iterator(); ++it)
    if (std::regex_search((*it)[1].str(), marker)) out.push_back((*it)[1].str());
  return out;
}

}  // namespace

TEST_SUITE("toolcall/layout") {
  TEST_CASE("no marker literal outside the rooms: the engine, options and registry name no family's markers") {
    // What still spells markers outside formats/, each to move into its room (the count is
    // exact, so a new literal fails here, and so does moving one without updating this list):
    // - detail/prose.hpp: the shapes of a closing or special token (`<｜`, `|>`, `｜`), not a
    //   family's marker.
    // - detail/spec_compile.hpp: RE2's `(?P<name>` in an error message.
    const std::map<std::string, std::size_t> pending = {
        {"detail/prose.hpp", 3}, {"detail/spec_compile.hpp", 1}};
    std::vector<std::string> files;
    list_headers(k_include, "", files);
    REQUIRE(files.size() > 40);
    std::size_t rooms = 0;
    for (const std::string& f : files) {
      if (f.compare(0, 8, "formats/") == 0) {
        ++rooms;
        continue;
      }
      std::ifstream in(k_include + "/" + f, std::ios::binary);
      std::stringstream ss;
      ss << in.rdbuf();
      const std::vector<std::string> found = marker_literals(strip_comments(ss.str()));
      const auto p = pending.find(f);
      const std::size_t allowed = p == pending.end() ? 0 : p->second;
      std::string list;
      for (const auto& m : found) list += " \"" + m + "\"";
      CHECK_MESSAGE(found.size() == allowed, f << " spells " << found.size() << " marker literal(s), expected "
                                               << allowed << ":" << list);
    }
    CHECK(rooms > 40);
  }

  TEST_CASE("no file in detail/ is much over 600 lines, but those still waiting for their split") {
    // issue 22: the engine in parts. The files still over the bound are listed (they may only
    // shrink); every other header of detail/ holds at most 625 lines (about 600), so a part that
    // grows past it is split again instead of silently becoming the next 1,400-line file.
    const std::set<std::string> pending = {};  // every split is done (engine, json_lexer, json_call, xml_body)
    std::vector<std::string> files;
    list_headers(k_include, "", files);
    std::size_t checked = 0;
    for (const std::string& f : files) {
      if (f.compare(0, 7, "detail/") != 0 || pending.count(f)) continue;
      std::ifstream in(k_include + "/" + f, std::ios::binary);
      const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
      const auto lines = static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
      CHECK_MESSAGE(lines <= 625, f << " has " << lines << " lines");
      ++checked;
    }
    CHECK(checked >= 25);  // the XML reader's and the normalizer's parts among them
  }

  TEST_CASE("the detector finds a marker literal and ignores comments") {
    const std::string code = "// \"<tool_call>\" in a comment\nauto a = \"<|im_end|>\"; /* \"</s>\" */ auto b = \"plain\";";
    const auto found = marker_literals(strip_comments(code));
    REQUIRE(found.size() == 1);
    CHECK(found[0] == "<|im_end|>");
  }

  TEST_CASE("formats that share an opener never tie on priority") {
    // Formats claiming the same opener are tried in priority order; two at the same priority
    // would be tried in registration order, a choice nobody made.
    const toolcall::parser_registry reg = toolcall::parser_registry::builtin();
    const auto& formats = reg.formats();
    REQUIRE(formats.size() > 40);
    std::map<std::string, std::vector<const toolcall::format*>> by_opener;
    for (const auto& f : formats)
      for (const auto& t : toolcall::detail::def_of(f).triggers)
        by_opener[t.text + '\x01' + std::to_string(static_cast<int>(t.cond))].push_back(&f);
    std::size_t shared = 0;
    for (const auto& [opener, fs] : by_opener) {
      if (fs.size() < 2) continue;
      ++shared;
      std::set<int> prios;
      std::string names;
      for (const auto* f : fs) {
        prios.insert(f->priority());
        names += " " + f->name() + "=" + std::to_string(f->priority());
      }
      // a format may claim one opener with two variants: it ties with itself only
      std::set<std::string> distinct;
      for (const auto* f : fs) distinct.insert(f->name());
      CHECK_MESSAGE(prios.size() == distinct.size(), "opener `" << opener.substr(0, opener.find('\x01'))
                                                                 << "` is claimed at tied priorities:" << names);
    }
    CHECK(shared > 0);  // `<tool_call>` at least is shared
  }
}
