// A file-reading driver for hivert/DLX-CPP (a library with no such program): reads an exact-cover problem in
// Knuth's format (items line with optional '|' before the secondary items, one option per line, '|' comments;
// no colors) and prints the number of solutions, so that bench/rulers.sh can time it as a whole process on the
// same files as `dlx --count`.
//
//   hivert_count < problem.dlx
//
// Only a ruler: bench/rulers.sh builds it outside the project's CMake, against DLX-CPP's sources.
#include <iostream>
#include <sstream>
#include <string>
#include <unordered_map>
#include <vector>

#include "dlx_matrix.hpp"

int main() {
  std::string line;
  std::vector<std::string> items;
  std::size_t primary = 0;
  bool have_items = false;
  std::unordered_map<std::string, std::size_t> id;
  std::vector<std::vector<std::size_t>> rows;
  while (std::getline(std::cin, line)) {
    std::istringstream in(line);
    std::string token;
    if (!(in >> token) || token[0] == '|') continue;
    std::vector<std::string> tokens{token};
    while (in >> token) tokens.push_back(token);
    if (!have_items) {
      have_items = true;
      bool secondary = false;
      for (const std::string& t : tokens) {
        if (t == "|") {
          secondary = true;
          continue;
        }
        id[t] = items.size();
        items.push_back(t);
        if (!secondary) primary = items.size();
      }
      continue;
    }
    std::vector<std::size_t> row;
    for (const std::string& t : tokens) {
      auto it = id.find(t);
      if (it == id.end()) {
        std::cerr << "hivert_count: unknown item " << t << " (colors are not supported)\n";
        return 2;
      }
      row.push_back(it->second);
    }
    rows.push_back(row);
  }
  DLX_backtrack::DLXMatrix matrix(items.size(), primary, rows);
  unsigned long long count = 0;
  while (matrix.search_iter()) ++count;
  std::cout << count << '\n';
}
