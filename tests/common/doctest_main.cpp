// doctest's own main(), compiled once (the object library dlx_doctest_main) for every unit-test program
// that needs nothing else: the doctest implementation is the slowest file of each program to compile.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>
