// A command's record, named once: the fields each task declares (detail/tasks.hpp) give the CSV header's
// columns and the JSON keys, in their order, between the frame every record has: "line", "puzzle" and
// "status" first; "error" (JSON only: why givens clash) and "annotation" last. Not installed.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

namespace sudoku::batch_detail {

// How a field's value is written (Batch::Record::set).
enum class Kind : std::uint8_t {
  text,    // a string: quoted in JSON, as is in CSV; null (JSON) and empty (CSV) when there is none
  number,  // a number or true/false: the same text in JSON and CSV
  json,    // a value the task encodes for JSON (a list, a count), with a CSV text of its own
};

struct Field {
  std::string_view name;
  Kind kind = Kind::text;
  bool column = true;  // a CSV column too; JSON only otherwise (its CSV text, if any, is in another column)
};

// A command's fields in the order written, and which frame columns its CSV has.
struct RecordFields {
  std::span<const Field> fields;
  bool status_column = true;      // count's CSV has none: its count column says it all
  bool annotation_column = true;  // generate's has none: its puzzles have no annotation
};

// The CSV header: "line,puzzle[,status],<columns>[,annotation]\n".
inline std::string csv_header(const RecordFields& record) {
  std::string header = record.status_column ? "line,puzzle,status" : "line,puzzle";
  for (const Field& field : record.fields)
    if (field.column) header.append(",").append(field.name);
  if (record.annotation_column) header += ",annotation";
  return header + '\n';
}

}  // namespace sudoku::batch_detail
