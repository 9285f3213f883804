// Reading a problem file for a command-line tool (command-line plumbing, so here and not in the library): the "FILE:LINE: what is wrong" message and the warnings go to
// a stream, so that every tool (dlx, dlx-mpi) reports input errors the same way.
#pragma once

#include <istream>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>

#include "dlx/knuth_format.hpp"

namespace dlxapp {

// How messages name the input: the path (printable: control characters escaped), or "<stdin>" for "-".
std::string input_source_name(const std::string& path);

// Reads the whole of path ("-": standard input) into text, its lines ended by '\n' whatever they ended with. On
// failure writes "FILE: cannot open: why", "FILE:0: cannot read file: why" or, for a line longer than
// dlx::kMaxKnuthLineLength, "FILE:LINE: line longer than ..." on err and returns false.
bool read_input_text(const std::string& path, std::string& text, std::ostream& err);

// Parses Knuth's format from in. On a malformed line writes its one-line message on err and returns nothing;
// warnings are written on err as well.
std::optional<dlx::KnuthInput> load_knuth(std::istream& in, std::string_view source, std::ostream& err);

// Both: opens path ("-": standard input) and parses it, streaming (the file is not held in memory).
std::optional<dlx::KnuthInput> load_knuth_file(const std::string& path, std::ostream& err);

}  // namespace dlxapp
