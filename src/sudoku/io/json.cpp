#include "sudoku/io/json.hpp"

#include <cstdlib>

#include "dlx/input_error.hpp"

namespace sudoku::json {
namespace {

constexpr int kMaxDepth = 200;

class Parser {
 public:
  Parser(std::string_view text, std::size_t max_values) : text_(text), values_left_(max_values) {}

  Value document() {
    Value value = parse_value(0);
    skip_space();
    if (at_ != text_.size()) fail("text after the JSON value");
    return value;
  }

 private:
  [[noreturn]] void fail(const std::string& what) const {
    throw ParseError("JSON: " + what + " at offset " + std::to_string(at_));
  }
  void skip_space() {
    while (at_ < text_.size() &&
           (text_[at_] == ' ' || text_[at_] == '\t' || text_[at_] == '\n' || text_[at_] == '\r'))
      ++at_;
  }
  bool take(char c) {
    skip_space();
    if (at_ < text_.size() && text_[at_] == c) {
      ++at_;
      return true;
    }
    return false;
  }
  void expect(char c) {
    if (!take(c)) fail(std::string("expected '") + c + "'");
  }
  bool word(std::string_view w) {
    if (text_.substr(at_, w.size()) != w) return false;
    at_ += w.size();
    return true;
  }

  Value parse_value(int depth) {
    if (depth > kMaxDepth) fail("nesting too deep");
    if (values_left_-- == 0) fail("more values than a puzzle has (a document too large)");
    skip_space();
    if (at_ >= text_.size()) fail("unexpected end");
    Value v;
    const char c = text_[at_];
    if (c == '{') {
      ++at_;
      v.type = Value::Type::object;
      if (take('}')) return v;
      do {
        skip_space();
        if (at_ >= text_.size() || text_[at_] != '"') fail("expected a member name");
        const std::size_t key_at = at_;
        std::string key = parse_string();
        expect(':');
        // A member given twice is ambiguous (the first? the last? both?): refused rather than guessed.
        if (v.object.contains(key)) {
          at_ = key_at;
          fail("member \"" + dlx::echo_text(key) + "\" given twice");
        }
        v.object.emplace(std::move(key), parse_value(depth + 1));
      } while (take(','));
      expect('}');
    } else if (c == '[') {
      ++at_;
      v.type = Value::Type::array;
      if (take(']')) return v;
      do v.array.push_back(parse_value(depth + 1));
      while (take(','));
      expect(']');
    } else if (c == '"') {
      v.type = Value::Type::string;
      v.string = parse_string();
    } else if (word("true")) {
      v.type = Value::Type::boolean;
      v.boolean = true;
    } else if (word("false")) {
      v.type = Value::Type::boolean;
    } else if (word("null")) {
    } else if (c == '-' || (c >= '0' && c <= '9')) {
      const std::size_t start = at_;
      while (at_ < text_.size() &&
             (std::string_view("+-.eE0123456789").find(text_[at_]) != std::string_view::npos))
        ++at_;
      const std::string number(text_.substr(start, at_ - start));
      char* end = nullptr;
      v.type = Value::Type::number;
      v.number = std::strtod(number.c_str(), &end);
      if (end != number.c_str() + number.size()) fail("malformed number");
    } else {
      fail("unexpected character");
    }
    return v;
  }

  unsigned hex4() {
    if (at_ + 4 > text_.size()) fail("short \\u escape");
    unsigned code = 0;
    for (int k = 0; k < 4; ++k) {
      const char h = text_[at_++];
      code <<= 4;
      if (h >= '0' && h <= '9')
        code |= static_cast<unsigned>(h - '0');
      else if (h >= 'a' && h <= 'f')
        code |= static_cast<unsigned>(h - 'a' + 10);
      else if (h >= 'A' && h <= 'F')
        code |= static_cast<unsigned>(h - 'A' + 10);
      else
        fail("bad \\u escape");
    }
    return code;
  }

  std::string parse_string() {
    ++at_;  // the opening quote
    std::string out;
    for (;;) {
      if (at_ >= text_.size()) fail("unterminated string");
      const char c = text_[at_++];
      if (c == '"') return out;
      if (static_cast<unsigned char>(c) < 0x20) fail("control character in a string");
      if (c != '\\') {
        out += c;
        continue;
      }
      if (at_ >= text_.size()) fail("unterminated string");
      const char e = text_[at_++];
      switch (e) {
        case '"':
        case '\\':
        case '/':
          out += e;
          break;
        case 'b':
          out += '\b';
          break;
        case 'f':
          out += '\f';
          break;
        case 'n':
          out += '\n';
          break;
        case 'r':
          out += '\r';
          break;
        case 't':
          out += '\t';
          break;
        case 'u': {
          unsigned code = hex4();
          if (code >= 0xd800 && code < 0xdc00 && text_.substr(at_, 2) == "\\u") {
            at_ += 2;
            const unsigned low = hex4();
            code = 0x10000 + ((code - 0xd800) << 10) + (low - 0xdc00);
          }
          append_utf8(out, code);
          break;
        }
        default:
          fail("bad escape");
      }
    }
  }

  std::string_view text_;
  std::size_t at_ = 0;
  std::size_t values_left_;
};

}  // namespace

void append_utf8(std::string& out, unsigned code) {
  if (code < 0x80) {
    out += static_cast<char>(code);
  } else if (code < 0x800) {
    out += static_cast<char>(0xc0 | code >> 6);
    out += static_cast<char>(0x80 | (code & 0x3f));
  } else if (code < 0x10000) {
    out += static_cast<char>(0xe0 | code >> 12);
    out += static_cast<char>(0x80 | (code >> 6 & 0x3f));
    out += static_cast<char>(0x80 | (code & 0x3f));
  } else {
    out += static_cast<char>(0xf0 | code >> 18);
    out += static_cast<char>(0x80 | (code >> 12 & 0x3f));
    out += static_cast<char>(0x80 | (code >> 6 & 0x3f));
    out += static_cast<char>(0x80 | (code & 0x3f));
  }
}

const Value* Value::find(std::string_view key) const {
  if (type != Type::object) return nullptr;
  const auto it = object.find(key);
  return it == object.end() ? nullptr : &it->second;
}

Value parse(std::string_view text, std::size_t max_values) {
  return Parser(text, max_values).document();
}

}  // namespace sudoku::json
