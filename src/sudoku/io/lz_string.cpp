#include "sudoku/io/lz_string.hpp"

#include <cstdint>
#include <unordered_map>
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

// The UTF-16 code units of UTF-8 text (a code point past U+FFFF as a surrogate pair, as JavaScript holds it).
std::u16string utf16_of(std::string_view utf8) {
  std::u16string out;
  out.reserve(utf8.size());
  for (std::size_t i = 0; i < utf8.size();) {
    const auto byte = static_cast<unsigned char>(utf8[i]);
    const int extra = byte < 0x80             ? 0
                      : (byte & 0xe0) == 0xc0 ? 1
                      : (byte & 0xf0) == 0xe0 ? 2
                      : (byte & 0xf8) == 0xf0 ? 3
                                              : -1;
    if (extra < 0 || i + static_cast<std::size_t>(extra) >= utf8.size())
      throw LzStringError("lz-string: byte " + std::to_string(i + 1) + " of the text is not UTF-8");
    unsigned code = extra == 0 ? byte : byte & (0x3fu >> extra);
    for (int k = 1; k <= extra; ++k) {
      const auto next = static_cast<unsigned char>(utf8[i + static_cast<std::size_t>(k)]);
      if ((next & 0xc0) != 0x80)
        throw LzStringError("lz-string: byte " + std::to_string(i + 1) + " of the text is not UTF-8");
      code = code << 6 | (next & 0x3fu);
    }
    constexpr unsigned kLeast[] = {0, 0x80, 0x800, 0x10000};
    if (code < kLeast[extra] || code > 0x10ffff || (code >= 0xd800 && code < 0xe000))
      throw LzStringError("lz-string: byte " + std::to_string(i + 1) + " of the text is not UTF-8");
    if (code >= 0x10000) {
      out += static_cast<char16_t>(0xd800 + ((code - 0x10000) >> 10));
      out += static_cast<char16_t>(0xdc00 + ((code - 0x10000) & 0x3ff));
    } else {
      out += static_cast<char16_t>(code);
    }
    i += static_cast<std::size_t>(extra) + 1;
  }
  return out;
}

// The stream's bits, six per base64 character, each character filled from its high bit down: the writing
// side of Bits.
class BitWriter {
 public:
  // `count` bits of `value`, its lowest first.
  void write(int count, unsigned value) {
    for (int k = 0; k < count; ++k, value >>= 1) {
      bits_ = bits_ << 1 | (value & 1u);
      if (++filled_ == 6) flush_char();
    }
  }
  std::string finish() {
    if (filled_ > 0) {
      bits_ <<= 6 - filled_;
      flush_char();
    } else {
      // lz-string always ends with one more character of zero bits after a full one.
      out_ += 'A';
    }
    out_.append((4 - out_.size() % 4) % 4, '=');
    return std::move(out_);
  }

 private:
  void flush_char() {
    static constexpr char kDigits[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    out_ += kDigits[bits_];
    bits_ = 0;
    filled_ = 0;
  }
  std::string out_;
  unsigned bits_ = 0;
  int filled_ = 0;
};

}  // namespace

std::string lz_compress_base64(std::string_view utf8) {
  const std::u16string text = utf16_of(utf8);
  // LZW: a phrase is its prefix's code and one more character; a single character's prefix is kNone. A
  // character's first use writes it out literally (8 or 16 bits) instead of its code.
  constexpr std::uint64_t kNone = 0xffffffffu;
  const auto key = [](std::uint64_t prefix, char16_t c) { return prefix << 16 | c; };
  std::unordered_map<std::uint64_t, std::uint32_t> dictionary;
  std::vector<bool> unwritten(std::size_t{1} << 16);  // single characters not yet written out literally
  std::uint32_t size = 3;                             // codes 0-2 are the stream's commands
  int width = 2, enlarge_in = 2;
  BitWriter bits;
  const auto shrink = [&] {
    if (--enlarge_in == 0) enlarge_in = 1 << width++;
  };
  // Writes phrase `w` (its code; its single character `first` when it is one).
  const auto emit = [&](std::uint32_t w, bool single, char16_t first) {
    if (single && unwritten[first]) {
      const bool narrow = first < 256;
      bits.write(width, narrow ? 0 : 1);
      bits.write(narrow ? 8 : 16, first);
      shrink();
      unwritten[first] = false;
    } else {
      bits.write(width, w);
    }
    shrink();
  };
  std::uint32_t w = 0;
  bool have_w = false, single = false;
  char16_t first = 0;
  for (const char16_t c : text) {
    const auto [at, fresh] = dictionary.try_emplace(key(kNone, c), size);
    const std::uint32_t code = at->second;
    if (fresh) {
      ++size;
      unwritten[c] = true;
    }
    if (!have_w) {
      w = code, have_w = true, single = true, first = c;
      continue;
    }
    if (const auto found = dictionary.find(key(w, c)); found != dictionary.end()) {
      w = found->second, single = false;
      continue;
    }
    emit(w, single, first);
    dictionary.emplace(key(w, c), size++);
    w = code, single = true, first = c;
  }
  if (have_w) emit(w, single, first);
  bits.write(width, 2);
  return bits.finish();
}

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
