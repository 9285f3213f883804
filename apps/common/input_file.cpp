#include "dlxapp/input_file.hpp"

#include <cerrno>
#include <fstream>
#include <iostream>
#include <new>

#include "dlx/input_error.hpp"
#include "dlx/line_reader.hpp"
#include "dlxapp/usage.hpp"

namespace dlxapp {

std::string input_source_name(const std::string& path) {
  return path == "-" ? "<stdin>" : printable(path);
}

bool read_input_text(const std::string& path, std::string& text, std::ostream& err) {
  std::ifstream file;
  if (path != "-") {
    file.open(path, std::ios::binary);
    if (!file) {
      err << cannot_open(path, errno) << '\n';
      return false;
    }
  }
  // Line by line, with dlx's own limits: an endless line (/dev/zero) is refused at the limit, not read on
  // into memory, and a read error names the file.
  dlx::LineReader reader(path == "-" ? std::cin : file, dlx::kMaxKnuthLineLength);
  text.clear();
  try {
    while (auto line = reader.next()) {
      if (reader.too_long()) {
        err << input_source_name(path) << ':' << reader.line_number() << ": line longer than "
            << reader.max_length() << " bytes\n";
        return false;
      }
      text.append(*line);
      text += '\n';
    }
  } catch (const std::bad_alloc&) {
    err << input_source_name(path) << ":0: cannot read file: too large to hold in memory\n";
    return false;
  }
  if (reader.read_error()) {
    err << input_source_name(path) << ":0: cannot read file: " << *reader.read_error() << '\n';
    return false;
  }
  return true;
}

std::optional<dlx::KnuthInput> load_knuth(std::istream& in, std::string_view source, std::ostream& err) {
  std::optional<dlx::KnuthInput> input;
  try {
    input = dlx::read_knuth(in, source);
  } catch (const dlx::InputError& e) {
    err << e.what() << '\n';
    return std::nullopt;
  }
  for (const std::string& warning : input->warnings) err << warning << '\n';
  return input;
}

std::optional<dlx::KnuthInput> load_knuth_file(const std::string& path, std::ostream& err) {
  std::ifstream file;
  if (path != "-") {
    file.open(path, std::ios::binary);
    if (!file) {
      err << cannot_open(path, errno) << '\n';
      return std::nullopt;
    }
  }
  return load_knuth(path == "-" ? std::cin : file, input_source_name(path), err);
}

}  // namespace dlxapp
