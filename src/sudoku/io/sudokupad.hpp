// SudokuPad links and puzzle ids (https://sudokupad.app/..., app.crackingthecryptic.com/..., ?puzzleid=...).
// A SudokuPad puzzle id says its format by its prefix: "fpuzzles"/"fpuz" wraps an f-puzzles lz-string, read
// by the f-puzzles reader; "scl"/"ctc" is the lz-string of SudokuPad's own JSON with short keys ("zipped"),
// read here for what has a standard meaning (givens, regions, killer cages, centre marks, and thermometers,
// arrows and kropki dots drawn as SudokuPad's f-puzzles converter draws them) and refused by name for the
// rest (drawings whose rule lives in the rules text). An id without a prefix names a puzzle on
// SudokuPad's server: nothing is fetched over the network, the message says how to get the full text.
#pragma once

#include <string>
#include <string_view>

#include "sudoku/io/fpuzzles.hpp"

namespace sudoku {

// Whether a line is a SudokuPad link, ?puzzleid= parameter or a bare "scl", "ctc", "fpuzzles" or "fpuz"
// string (no white space inside).
bool is_sudokupad_link(std::string_view text);

// Reads the puzzle of a link or id. Throws RulesError naming SudokuPad and what it cannot read.
FPuzzle read_sudokupad(std::string_view text);

// The SudokuPad link that opens an f-puzzles document: https://sudokupad.app/fpuzzles and the document's
// lz-string base64, the form the f-puzzles reader takes (read_sudokupad reads it back).
std::string sudokupad_link(std::string_view fpuzzles_json);

// SudokuPad's own puzzle JSON, zipped (short keys, single quotes) or not, as the f-puzzles document of the
// same puzzle. Throws RulesError ("SudokuPad puzzle: ...") for what has no f-puzzles rule here.
std::string sudokupad_to_fpuzzles(std::string_view zipped_json);

}  // namespace sudoku
