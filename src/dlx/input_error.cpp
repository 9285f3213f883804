#include "dlx/input_error.hpp"

#include <array>
#include <cstdio>

namespace dlx {

std::string describe_byte(unsigned char byte) {
  std::array<char, 8> buf{};
  if (byte >= 0x21 && byte < 0x7f) {
    std::snprintf(buf.data(), buf.size(), "'%c'", byte);
  } else {
    std::snprintf(buf.data(), buf.size(), "0x%02x", byte);
  }
  return buf.data();
}

std::string printable(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte >= 0x20 && byte != 0x7f) {
      out += c;
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\t') {
      out += "\\t";
    } else if (c == '\r') {
      out += "\\r";
    } else {
      out += "\\x";
      out += "0123456789abcdef"[byte >> 4];
      out += "0123456789abcdef"[byte & 15];
    }
  }
  return out;
}

std::string echo_text(std::string_view text, std::size_t max) {
  if (text.size() <= max) return printable(text);
  return printable(text.substr(0, max)) + "...";
}

}  // namespace dlx
