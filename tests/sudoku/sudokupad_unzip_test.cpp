// SudokuPad's zipped JSON read back (src/sudoku/io/sudokupad.cpp); the links end to end, compressed by
// python3-lzstring, are in tests/sudoku/sudokupad_test.py.
#include <doctest/doctest.h>

#include <random>
#include <string>
#include <string_view>

#include "sudoku/io/sudokupad.hpp"

using namespace sudoku;

namespace {

std::string error_of(const std::string& text, bool link) {
  try {
    if (link)
      read_sudokupad(text);
    else
      sudokupad_to_fpuzzles(text);
  } catch (const RulesError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("SudokuPad zipped JSON: short keys, empty cells, single quotes, metadata cages") {
  // As SudokuPad's PuzzleZipper writes it: a 4x4 with two givens, a title cage and a killer cage.
  const std::string zipped =
      "{cs:50,ce:[[{v:1},,,],[,,,],[,,,],[,,,{v:'2'}]],ca:[{v:'rules: don\\'t repeat'},"
      "{ce:[[0,1],[0,2]],v:5,unique:t,c:#0}]}";
  const std::string doc = sudokupad_to_fpuzzles(zipped);
  CHECK(doc == R"({"size":4,"grid":[[{"value":1,"given":true},{},{},{}],[{},{},{},{}],[{},{},{},{}],)"
               R"([{},{},{},{"value":2,"given":true}]],"killercage":[{"cells":["R1C2","R1C3"],"value":5}]})");
  const FPuzzle read = parse_fpuzzles(doc);
  CHECK(read.givens.at(0, 0) == 1);
  CHECK(read.givens.at(3, 3) == 2);
  REQUIRE(read.rules.cages.size() == 1);
  CHECK(read.rules.cages[0].sum == 5);
  // Long keys and double quotes read the same; regions become f-puzzles regions; centre marks candidates.
  const std::string plain =
      R"({"cells":[[{"value":1},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{"centremarks":[3,4]}]],)"
      R"("regions":[[[0,0],[0,1],[1,0],[1,1]],[[0,2],[0,3],[1,2],[1,3]],[[2,0],[2,1],[3,0],[3,1]],)"
      R"([[2,2],[2,3],[3,2],[3,3]]]})";
  const std::string doc2 = sudokupad_to_fpuzzles(plain);
  CHECK(doc2.find(R"("givenPencilMarks":[3,4],"region":3)") != std::string::npos);
  CHECK(doc2.find(R"({"value":1,"given":true,"region":0})") != std::string::npos);
}

TEST_CASE("SudokuPad: what is not read is refused by name, short ids say how to download") {
  const std::string empty = "ce:[[,,,],[,,,],[,,,],[,,,]]";
  CHECK(error_of("{" + empty + ",l:[{wp:[[0.5,0.5],[1.5,0.5]]}],a:[{wp:[]}, {wp:[]}]}", false) ==
        "SudokuPad puzzle: drawings without a standard meaning here (2 arrows, 1 line; thermometers, arrows "
        "and "
        "kropki dots are read when drawn as SudokuPad draws them, other rules are in the rules text): not "
        "read");
  CHECK(error_of("{" + empty + ",ca:[{ce:[[0,0],[1,0]],v:'?'}]}", false) ==
        "SudokuPad puzzle: 1 cage labelled with text that is not a sum: not read");
  CHECK(error_of("{" + empty + ",re:[[[0,0]],[[0,1]],[[0,2]],[[0,3]]]}", false) ==
        "SudokuPad puzzle: cell R2C1 is in no region");
  CHECK(error_of("{" + empty + ",ca:[{ce:[[0,4]],v:3}]}", false) ==
        "SudokuPad puzzle: cage 1: a cell that is not [row, column] on the 4x4 grid");
  CHECK(error_of("{ce:[[{v:'A'},,,],[,,,],[,,,],[,,,]]}", false) ==
        "SudokuPad puzzle: cell R1C1: given 'A' is not a digit 1-4");
  CHECK(error_of("{ce:[[,,],[,,],[,,]]}", false) == "SudokuPad puzzle: a 3x3 grid; 4x4 to 16x16 are read");
  CHECK(error_of("[1]", false) == "SudokuPad puzzle: the puzzle data is not a JSON object");
  CHECK(error_of("https://sudokupad.app/abc123", true)
            .starts_with("SudokuPad puzzle id 'abc123': the puzzle is on SudokuPad's server and must be "
                         "downloaded first"));
  CHECK(error_of("https://sudokupad.app/sclN4Ig", true) ==
        "SudokuPad link: lz-string: the stream ends early (a truncated link?)");
}

TEST_CASE("SudokuPad: random text after the prefixes is one RulesError, never a crash") {
  std::mt19937 rng(59);
  int errors = 0;
  const std::string alphabet = "{}[],:'\"\\tf#0F123456789abcdefvce AZ/+=%";
  for (int k = 0; k < 3000; ++k) {
    std::string text;
    const int length = static_cast<int>(rng() % 80);
    for (int i = 0; i < length; ++i) text += alphabet[rng() % alphabet.size()];
    for (std::string_view prefix : {"", "scl{", "https://sudokupad.app/scl", "fpuzzles", "?puzzleid="}) {
      try {
        if (prefix.empty())
          sudokupad_to_fpuzzles(text);
        else
          read_sudokupad(std::string(prefix) + text);
      } catch (const RulesError& e) {
        ++errors;
        if (!std::string(e.what()).starts_with("SudokuPad"))
          FAIL_CHECK("an error not naming SudokuPad: ", e.what());
      }
    }
  }
  CHECK(errors > 10000);  // random text is almost never a puzzle
}
