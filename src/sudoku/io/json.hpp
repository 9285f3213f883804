// A small JSON reader for puzzle documents (f-puzzles): values as a tree, errors with the offset where the text
// stops being JSON. Numbers are kept as doubles, strings unescaped to UTF-8.
#pragma once

#include <cstddef>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace sudoku::json {

class ParseError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

struct Value {
  enum class Type { null, boolean, number, string, array, object } type = Type::null;
  bool boolean = false;
  double number = 0;
  std::string string;
  std::vector<Value> array;
  std::map<std::string, Value, std::less<>> object;

  bool is_object() const { return type == Type::object; }
  bool is_array() const { return type == Type::array; }
  // The member `key` of an object, or null when absent (or when this is not an object).
  const Value* find(std::string_view key) const;
};

// Appends the UTF-8 bytes of a code point.
void append_utf8(std::string& out, unsigned code);

// The one JSON value `text` holds (white space around it allowed); throws ParseError ("JSON: expected ','
// at offset 120") otherwise, and for an object that gives a member twice (which one would count is a guess).
// More than max_values values (numbers, strings, lists, objects...) is an error too: the tree takes many
// times the memory of its text.
Value parse(std::string_view text, std::size_t max_values);

}  // namespace sudoku::json
