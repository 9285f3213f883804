// The header's old place, kept so that programs that include it still compile. The steps of the line, dot,
// cell and neighbour rules are now techniques of the graded engine's table (logic/rule_techniques.hpp:
// rule_techniques(); logic::make_engine() puts them in); include that.
#pragma once

#include "sudoku/maker/logic/rule_techniques.hpp"
