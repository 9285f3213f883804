// The doctest runner, which also writes the test problems for the shell tests:
//   parallel_tests --emit queens 8 | langford 7 | pentominoes 4 5 | colored SEED
#define DOCTEST_CONFIG_IMPLEMENT
#include <doctest/doctest.h>

#include <iostream>
#include <string>

#include "dlx/knuth_format.hpp"
#include "problems.hpp"

int main(int argc, char** argv) {
  if (argc >= 4 && std::string(argv[1]) == "--emit") {
    const std::string kind = argv[2];
    const int a = std::stoi(argv[3]), b = argc >= 5 ? std::stoi(argv[4]) : 0;
    if (kind == "queens") {
      dlx::write_knuth(std::cout, partest::queens(a));
    } else if (kind == "langford") {
      dlx::write_knuth(std::cout, partest::langford(a));
    } else if (kind == "pentominoes") {
      dlx::write_knuth(std::cout, partest::pentominoes(a, b));
    } else if (kind == "colored") {
      dlx::write_knuth(std::cout, partest::random_colored(static_cast<unsigned>(a), 10, 4, 45, 3));
    } else {
      std::cerr << "unknown problem " << kind << '\n';
      return 2;
    }
    return 0;
  }
  doctest::Context context(argc, argv);
  return context.run();
}
