// The header's old place, kept so that programs that include it still compile. Killer cage logic is now a pair
// of techniques of the graded engine's table (logic/rule_techniques.hpp: cage_combinations(), innies_outies();
// logic::make_engine() puts them in), and the tiers that count them are logic/tiers.hpp; include those.
#pragma once

#include "sudoku/maker/logic/rule_techniques.hpp"
#include "sudoku/maker/logic/tiers.hpp"
