#include "dlx/input_file.hpp"

#include <fstream>
#include <iostream>
#include <iterator>

#include "dlx/input_error.hpp"

namespace dlx {

std::string input_source_name(const std::string& path) {
  return path == "-" ? "<stdin>" : path;
}

bool read_input_text(const std::string& path, std::string& text, std::ostream& err) {
  std::ifstream file;
  if (path != "-") {
    file.open(path, std::ios::binary);
    if (!file) {
      err << path << ":0: cannot open file\n";
      return false;
    }
  }
  std::istream& in = path == "-" ? std::cin : file;
  text.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  if (in.bad()) {
    err << input_source_name(path) << ":0: cannot read file\n";
    return false;
  }
  return true;
}

std::optional<KnuthInput> load_knuth(std::istream& in, std::string_view source, std::ostream& err) {
  std::optional<KnuthInput> input;
  try {
    input = read_knuth(in, source);
  } catch (const InputError& e) {
    err << e.what() << '\n';
    return std::nullopt;
  }
  for (const std::string& warning : input->warnings) err << warning << '\n';
  return input;
}

std::optional<KnuthInput> load_knuth_file(const std::string& path, std::ostream& err) {
  std::ifstream file;
  if (path != "-") {
    file.open(path, std::ios::binary);
    if (!file) {
      err << path << ":0: cannot open file\n";
      return std::nullopt;
    }
  }
  return load_knuth(path == "-" ? std::cin : file, input_source_name(path), err);
}

}  // namespace dlx
