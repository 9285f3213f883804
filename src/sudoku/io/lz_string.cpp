#include "sudoku/io/lz_string.hpp"

#include <cstdint>
#include <vector>

#include "sudoku/io/json.hpp"

namespace sudoku {
namespace {

int base64_value(char c) {
  if (c >= 'A' && c <= 'Z') return c - 'A';
  if (c >= 'a' && c <= 'z') return c - 'a' + 26;
  if (c >= '0' && c <= '9') return c - '0' + 52;
  if (c == '+') return 62;
  if (c == '/') return 63;
  if (c == '=') return 64;
  return -1;
}

void append_utf8(std::string& out, const std::u16string& text) {
  for (std::size_t i = 0; i < text.size(); ++i) {
    unsigned code = text[i];
    if (code >= 0xd800 && code < 0xdc00 && i + 1 < text.size() && text[i + 1] >= 0xdc00 &&
        text[i + 1] < 0xe000)
      code = 0x10000 + ((code - 0xd800) << 10) + (text[++i] - 0xdc00u);
    json::append_utf8(out, code);
  }
}

// The stream's bits, six per character, each character read from its high bit down.
class Bits {
 public:
  explicit Bits(std::string_view input) : input_(input) { value_ = next_value(0); }
  // `count` bits, the first read as the lowest.
  unsigned read(int count) {
    unsigned bits = 0;
    for (int k = 0; k < count; ++k) {
      const bool bit = (value_ & position_) != 0;
      position_ >>= 1;
      if (position_ == 0) {
        position_ = 32;
        value_ = next_value(index_++);
      }
      bits |= (bit ? 1u : 0u) << k;
    }
    return bits;
  }
  bool past_end() const { return index_ > input_.size(); }

 private:
  unsigned next_value(std::size_t index) const {
    if (index >= input_.size()) return 0;
    const int v = base64_value(input_[index]);
    if (v < 0) throw LzStringError("lz-string: character " + std::to_string(index + 1) + " is not base64");
    return static_cast<unsigned>(v);
  }
  std::string_view input_;
  unsigned value_ = 0, position_ = 32;
  std::size_t index_ = 1;
};

}  // namespace

std::string lz_decompress_base64(std::string_view input, std::size_t max_output) {
  if (input.empty()) throw LzStringError("lz-string: empty input");
  for (std::size_t i = 0; i < input.size(); ++i)
    if (base64_value(input[i]) < 0)
      throw LzStringError("lz-string: character " + std::to_string(i + 1) + " is not base64");
  Bits bits(input);
  // The dictionary as LZW keeps it: each phrase one character longer than the phrase it extends, a fixed size
  // whatever its length (a repetitive stream builds long phrases, which as whole strings took far more memory
  // than the text they decode to).
  struct Phrase {
    std::uint32_t prefix;  // the phrase this one extends, or kNone
    std::uint32_t length;
    char16_t first, last;
  };
  constexpr std::uint32_t kNone = ~std::uint32_t{0};
  std::vector<Phrase> dictionary(3, Phrase{kNone, 0, 0, 0});  // codes 0-2 are the stream's commands
  std::u16string result;
  // Appends phrase `code` (its characters, found walking back through its prefixes) to the result.
  const auto append = [&](std::uint32_t code) {
    const std::size_t end = result.size() + dictionary[code].length;
    if (end > max_output) throw LzStringError("lz-string: the text is too long");
    result.resize(end);
    for (std::size_t at = end; code != kNone; code = dictionary[code].prefix)
      result[--at] = dictionary[code].last;
  };
  int enlarge_in = 4, num_bits = 3;
  const auto literal = [&](unsigned kind) { return static_cast<char16_t>(bits.read(kind == 0 ? 8 : 16)); };
  const unsigned first = bits.read(2);
  if (first == 2) return "";
  if (first > 2) throw LzStringError("lz-string: the stream does not start with a literal");
  const char16_t c0 = literal(first);
  dictionary.push_back({kNone, 1, c0, c0});
  auto w = static_cast<std::uint32_t>(dictionary.size() - 1);
  append(w);
  for (;;) {
    if (bits.past_end()) throw LzStringError("lz-string: the stream ends early (a truncated link?)");
    unsigned code = bits.read(num_bits);
    if (code == 2) break;
    if (code < 2) {
      const char16_t c = literal(code);
      dictionary.push_back({kNone, 1, c, c});
      code = static_cast<unsigned>(dictionary.size() - 1);
      if (--enlarge_in == 0) enlarge_in = 1 << num_bits++;
    }
    if (num_bits > 30) throw LzStringError("lz-string: the stream is malformed");
    if (code > dictionary.size() || code < 3)
      throw LzStringError("lz-string: the stream refers to a phrase it has not built");
    // The phrase w + (the entry's first character) joins the dictionary; a code one past its end names that
    // very phrase (w + w's first character).
    const char16_t entry_first = code == dictionary.size() ? dictionary[w].first : dictionary[code].first;
    dictionary.push_back({w, dictionary[w].length + 1, dictionary[w].first, entry_first});
    append(code);
    w = code;
    if (--enlarge_in == 0) enlarge_in = 1 << num_bits++;
  }
  std::string out;
  append_utf8(out, result);
  if (out.size() > max_output) throw LzStringError("lz-string: the text is too long");
  return out;
}

}  // namespace sudoku
