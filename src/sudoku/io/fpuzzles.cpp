#include "sudoku/io/fpuzzles.hpp"

#include <algorithm>
#include <cmath>

#include "dlx/input_error.hpp"
#include "sudoku/io/json.hpp"
#include "sudoku/io/lz_string.hpp"
#include "sudoku/model/cages.hpp"
#include "sudoku/model/constraints.hpp"

namespace sudoku {
namespace {

using json::Value;

// Fields that carry no rule: metadata, the editor's settings and f-puzzles' cosmetic tools (drawn, never
// checked by f-puzzles).
constexpr std::string_view kIgnored[] = {"size",
                                         "grid",
                                         "title",
                                         "author",
                                         "ruleset",
                                         "solution",
                                         "disabledlogic",
                                         "truecandidatesoptions",
                                         "text",
                                         "line",
                                         "rectangle",
                                         "circle",
                                         "highlightConflicts"};

class Reader {
 public:
  explicit Reader(const Value& doc) : doc_(doc) {}

  FPuzzle read() {
    if (!doc_.is_object()) throw RulesError("f-puzzles: the document is not a JSON object");
    const Value* size = doc_.find("size");
    if (size == nullptr || size->type != Value::Type::number || size->number != std::floor(size->number) ||
        size->number < 4 || size->number > 16)
      throw RulesError("f-puzzles: \"size\" must be a whole number from 4 to 16");
    n_ = static_cast<int>(size->number);
    FPuzzle out;
    const auto shape = shape_for_side(static_cast<std::size_t>(n_));
    out.rules.shape = shape.value_or(Shape{1, n_});
    out.rules.fpuzzles = true;
    out.givens.reset(out.rules.shape);
    read_grid(out, !shape.has_value());
    for (const auto& [key, value] : doc_.object)
      if (!read_more_rules(key, value, out.rules)) read_rule(key, value, out.rules);
    settle_nonconsecutive(out.rules);
    if (const std::size_t rules =
            out.rules.constraints.size() + out.rules.cages.size() + out.rules.extra.size();
        rules > kMaxFpuzzlesRules)
      fail(std::to_string(rules) + " rules; a puzzle has at most " + std::to_string(kMaxFpuzzlesRules));
    check_extra_regions(out.rules);
    check_cages(out.rules);
    check_constraints(out.rules);
    return out;
  }

 private:
  [[noreturn]] static void fail(const std::string& what) { throw RulesError("f-puzzles: " + what); }

  static int number(const Value& v, const std::string& what) {
    if (v.type == Value::Type::number && v.number == std::floor(v.number) && std::abs(v.number) < 1e6)
      return static_cast<int>(v.number);
    if (v.type == Value::Type::string && !v.string.empty() && v.string.size() < 7 &&
        std::all_of(v.string.begin(), v.string.end(), [](char c) { return c >= '0' && c <= '9'; }))
      return std::stoi(v.string);
    fail(what + " is not a whole number");
  }

  // "R3C7" (1-based; row or column 0 or n+1 only when `outside`): row * (n + 2) + col on the framed board.
  std::pair<int, int> ref(const Value& v, const std::string& what) const {
    if (v.type != Value::Type::string) fail(what + ": a cell is not a string like \"R1C1\"");
    const std::string& s = v.string;
    const std::size_t c = s.find_first_of("Cc");
    int row = -1, col = -1;
    if (s.size() >= 4 && (s[0] == 'R' || s[0] == 'r') && c != std::string::npos && c > 1 &&
        c + 1 < s.size() && s.size() < 10 &&
        std::all_of(s.begin() + 1, s.begin() + static_cast<long>(c),
                    [](char x) { return x >= '0' && x <= '9'; }) &&
        std::all_of(s.begin() + static_cast<long>(c) + 1, s.end(),
                    [](char x) { return x >= '0' && x <= '9'; })) {
      row = std::stoi(s.substr(1, c - 1));
      col = std::stoi(s.substr(c + 1));
    }
    if (row < 0 || col < 0 || row > n_ + 1 || col > n_ + 1)
      fail(what + ": bad cell \"" + dlx::echo_text(s) + "\"");
    return {row, col};
  }
  int cell(const Value& v, const std::string& what) const {
    const auto [row, col] = ref(v, what);
    if (row < 1 || col < 1 || row > n_ || col > n_) fail(what + ": cell " + v.string + " is off the board");
    return (row - 1) * n_ + col - 1;
  }
  std::vector<int> cells(const Value* v, const std::string& what) const {
    if (v == nullptr || !v->is_array()) fail(what + " has no list of cells");
    std::vector<int> out;
    for (const Value& x : v->array) out.push_back(cell(x, what));
    if (out.empty()) fail(what + " has no cells");
    return out;
  }
  static const std::vector<Value>& entries(const Value& v, const std::string& key) {
    if (!v.is_array()) fail("\"" + dlx::echo_text(key) + "\" is not a list");
    return v.array;
  }
  static std::string entry_name(const std::string& key, std::size_t i) {
    return key + " " + std::to_string(i + 1);
  }

  void read_grid(FPuzzle& out, bool needs_regions) {
    const Value* grid = doc_.find("grid");
    if (grid == nullptr || !grid->is_array() || static_cast<int>(grid->array.size()) != n_)
      fail("\"grid\" must be a list of " + std::to_string(n_) + " rows");
    std::string layout;
    bool any_region = false;
    for (int r = 0; r < n_; ++r) {
      const Value& row = grid->array[static_cast<std::size_t>(r)];
      if (!row.is_array() || static_cast<int>(row.array.size()) != n_)
        fail("grid row " + std::to_string(r + 1) + " must have " + std::to_string(n_) + " cells");
      for (int c = 0; c < n_; ++c) {
        const Value& cellv = row.array[static_cast<std::size_t>(c)];
        const std::string where = "grid cell " + cell_name(r, c);
        if (!cellv.is_object()) fail(where + " is not an object");
        int region = out.rules.shape.box_of(r, c);
        if (const Value* reg = cellv.find("region"); reg != nullptr) {
          if (reg->type == Value::Type::null) fail(where + " is in no region; every cell needs one");
          region = number(*reg, where + " region");
          if (region < 0 || region >= n_)
            fail(where + ": region " + std::to_string(region) + " out of range");
          any_region = true;
        }
        layout += static_cast<char>('A' + region);
        const Value* value = cellv.find("value");
        const Value* given = cellv.find("given");
        const bool is_given = given == nullptr || given->type != Value::Type::boolean || given->boolean;
        if (value != nullptr && value->type != Value::Type::null && is_given) {
          const int d = number(*value, where + " value");
          if (d < 1 || d > n_)
            fail(where + ": value " + std::to_string(d) + " is not a digit 1-" + std::to_string(n_));
          out.givens.at(r, c) = static_cast<std::uint8_t>(d);
        }
        if (const Value* marks = cellv.find("givenPencilMarks");
            marks != nullptr && marks->is_array() && !marks->array.empty()) {
          int mask = 0;
          for (const Value& m : marks->array) {
            const int d = number(m, where + " givenPencilMarks");
            if (d < 1 || d > n_) fail(where + ": pencil mark " + std::to_string(d) + " is not a digit");
            mask |= 1 << (d - 1);
          }
          out.rules.constraints.push_back({ConstraintKind::candidates, {r * n_ + c}, {}, mask, -1, {}});
        }
      }
    }
    if (needs_regions && !any_region)
      fail("a " + std::to_string(n_) + "x" + std::to_string(n_) +
           " board has no standard boxes: give every cell of \"grid\" a \"region\"");
    if (any_region || needs_regions) {
      try {
        out.rules.regions = parse_regions(layout, n_);
      } catch (const RulesError& e) {
        fail(std::string("grid regions: ") + e.what());
      }
    }
  }

  // f-puzzles' "nonconsecutive" is the kropki dots' negative constraint (as its solver reads it): neighbours
  // without a dot of either colour are not consecutive, and a white dot marks every consecutive pair. With
  // no dot at all that is the plain rule. One reading for "nonconsecutive" and "negative": ["difference"], so
  // that a puzzle written back reads as the same rules.
  static void settle_nonconsecutive(Rules& rules) {
    const bool dots =
        std::any_of(rules.constraints.begin(), rules.constraints.end(), [](const Constraint& c) {
          return c.kind == ConstraintKind::difference || c.kind == ConstraintKind::ratio;
        });
    const bool negative = rules.non_consecutive || rules.negatives.difference;
    rules.non_consecutive = negative && !dots;
    rules.negatives.difference = negative && dots;
  }

  void add_line_rules(const Value& v, const std::string& key, ConstraintKind kind, Rules& rules) {
    const auto& list = entries(v, key);
    for (std::size_t i = 0; i < list.size(); ++i) {
      const Value* lines = list[i].find("lines");
      if (lines == nullptr || !lines->is_array()) fail(entry_name(key, i) + " has no \"lines\"");
      for (const Value& line : lines->array) {
        Constraint c;
        c.kind = kind;
        c.cells = cells(&line, entry_name(key, i));
        rules.constraints.push_back(std::move(c));
      }
    }
  }

  void add_pair_rules(const Value& v, const std::string& key, ConstraintKind kind, Rules& rules) {
    const auto& list = entries(v, key);
    for (std::size_t i = 0; i < list.size(); ++i) {
      const std::string name = entry_name(key, i);
      Constraint c;
      c.kind = kind;
      c.cells = cells(list[i].find("cells"), name);
      const Value* value = list[i].find("value");
      const bool blank = value == nullptr || value->type == Value::Type::null ||
                         (value->type == Value::Type::string && value->string.empty());
      if (key == "xv") {
        if (blank || value->type != Value::Type::string ||
            (value->string != "X" && value->string != "V" && value->string != "x" && value->string != "v"))
          fail(name + ": value must be \"X\" or \"V\"");
        c.value = value->string == "X" || value->string == "x" ? 10 : 5;
      } else {
        c.value = blank ? (kind == ConstraintKind::ratio ? 2 : 1) : number(*value, name + " value");
      }
      rules.constraints.push_back(std::move(c));
    }
  }

  // odd and even: the cell's digit; minimum and maximum: smaller / larger than each orthogonal neighbour's.
  void add_cell_rules(const Value& v, const std::string& key, Rules& rules) {
    const auto& list = entries(v, key);
    for (std::size_t i = 0; i < list.size(); ++i) {
      const std::string name = entry_name(key, i);
      const Value* at = list[i].find("cell");
      if (at == nullptr) fail(name + " has no \"cell\"");
      Constraint c;
      c.kind = key == "odd"       ? ConstraintKind::odd
               : key == "even"    ? ConstraintKind::even
               : key == "minimum" ? ConstraintKind::minimum
                                  : ConstraintKind::maximum;
      const int x = cell(*at, name);
      c.cells.push_back(x);
      if (c.kind == ConstraintKind::minimum || c.kind == ConstraintKind::maximum) {
        const int r = x / n_, col = x % n_;
        if (r > 0) c.cells.push_back(x - n_);
        if (col > 0) c.cells.push_back(x - 1);
        if (col + 1 < n_) c.cells.push_back(x + 1);
        if (r + 1 < n_) c.cells.push_back(x + n_);
      }
      rules.constraints.push_back(std::move(c));
    }
  }

  // The line rules of f-puzzles and of the new-constraints userscript, as dclamage/SudokuSolver reads them:
  // each line of an entry is one rule. Whether `key` names one.
  bool read_line_rule(const std::string& key, const Value& v, Rules& rules) {
    static constexpr std::pair<std::string_view, ConstraintKind> kLines[] = {
        {"betweenline", ConstraintKind::between_line}, {"renban", ConstraintKind::renban},
        {"whispers", ConstraintKind::whispers},        {"regionsumline", ConstraintKind::region_sum},
        {"entropicline", ConstraintKind::entropic},    {"modularline", ConstraintKind::modular},
        {"zipperline", ConstraintKind::zipper},        {"slowthermometer", ConstraintKind::slow_thermometer},
        {"doublearrow", ConstraintKind::double_arrow}};
    const auto* kind =
        std::find_if(std::begin(kLines), std::end(kLines), [&](const auto& k) { return k.first == key; });
    if (kind == std::end(kLines)) return false;
    const std::size_t first = rules.constraints.size();
    add_line_rules(v, key, kind->second, rules);
    const auto& list = entries(v, key);
    // add_line_rules read every entry: match each new rule to its entry by counting lines.
    std::size_t at = first;
    for (std::size_t i = 0; i < list.size(); ++i) {
      const std::string name = entry_name(key, i);
      const std::size_t lines = list[i].find("lines")->array.size();
      int value = 0;
      if (kind->second == ConstraintKind::whispers) {
        // The difference: "value" when given (German whispers ceil(n/2), Dutch one less), else ceil(n/2).
        const Value* given = list[i].find("value");
        const bool blank = given == nullptr || given->type == Value::Type::null ||
                           (given->type == Value::Type::string && given->string.empty());
        value = blank ? (n_ + 1) / 2 : number(*given, name + " value");
        if (value < 1 || value > n_ - 1)
          fail(name + ": value " + std::to_string(value) + " is out of range 1-" + std::to_string(n_ - 1) +
               " (the least difference of neighbours)");
      }
      for (std::size_t l = 0; l < lines; ++l, ++at) {
        Constraint& c = rules.constraints[at];
        c.value = value;
        if (kind->second == ConstraintKind::renban && static_cast<int>(c.cells.size()) > n_)
          fail(name + " has a line of " + std::to_string(c.cells.size()) + " cells; a renban holds at most " +
               std::to_string(n_));
      }
    }
    return true;
  }

  void read_rule(const std::string& key, const Value& v, Rules& rules) {
    if (std::find(std::begin(kIgnored), std::end(kIgnored), key) != std::end(kIgnored)) return;
    const auto flag = [&]() {
      if (v.type != Value::Type::boolean) fail("\"" + dlx::echo_text(key) + "\" is not true or false");
      return v.boolean;
    };
    if (key == "diagonal+" || key == "diagonal-") {
      if (!flag()) return;
      Region diagonal{key == "diagonal-" ? "diagonal 1" : "diagonal 2", {}};
      for (int i = 0; i < n_; ++i)
        diagonal.cells.push_back(key == "diagonal-" ? i * n_ + i : i * n_ + n_ - 1 - i);
      std::sort(diagonal.cells.begin(), diagonal.cells.end());
      rules.extra.push_back(std::move(diagonal));
    } else if (key == "antiknight") {
      rules.anti_knight = flag();
    } else if (key == "antiking") {
      rules.anti_king = flag();
    } else if (key == "nonconsecutive") {
      rules.non_consecutive = flag();
    } else if (key == "thermometer") {
      add_line_rules(v, key, ConstraintKind::thermometer, rules);
    } else if (key == "palindrome") {
      add_line_rules(v, key, ConstraintKind::palindrome, rules);
    } else if (key == "difference") {
      add_pair_rules(v, key, ConstraintKind::difference, rules);
    } else if (key == "ratio") {
      add_pair_rules(v, key, ConstraintKind::ratio, rules);
    } else if (key == "xv") {
      add_pair_rules(v, key, ConstraintKind::sum, rules);
    } else if (key == "odd" || key == "even" || key == "minimum" || key == "maximum") {
      add_cell_rules(v, key, rules);
    } else if (key == "quadruple") {
      const auto& list = entries(v, key);
      for (std::size_t i = 0; i < list.size(); ++i) {
        const std::string name = entry_name(key, i);
        const Value* values = list[i].find("values");
        if (values == nullptr || !values->is_array()) fail(name + " has no list of \"values\"");
        Constraint c;
        c.kind = ConstraintKind::quadruple;
        c.cells = cells(list[i].find("cells"), name);
        for (const Value& x : values->array) {
          const int d = number(x, name + " value");
          if (d < 1 || d > n_)
            fail(name + ": value " + std::to_string(d) + " is not a digit 1-" + std::to_string(n_));
          c.digits.push_back(d);
        }
        if (c.digits.empty()) continue;  // a circle with no digit in it says nothing
        if (c.digits.size() > c.cells.size())
          fail(name + " lists " + std::to_string(c.digits.size()) + " digits for " +
               std::to_string(c.cells.size()) + " cells");
        rules.constraints.push_back(std::move(c));
      }
    } else if (key == "killercage" || key == "cage") {
      const auto& list = entries(v, key);
      for (std::size_t i = 0; i < list.size(); ++i) {
        const std::string name = entry_name(key, i);
        std::vector<int> cage_cells = cells(list[i].find("cells"), name);
        std::sort(cage_cells.begin(), cage_cells.end());
        const Value* value = list[i].find("value");
        const bool blank = value == nullptr || value->type == Value::Type::null ||
                           (value->type == Value::Type::string && value->string.empty());
        if (blank) {
          if (key == "cage") continue;  // a drawn outline without a sum says nothing
          rules.extra.push_back({"killer cage " + std::to_string(i + 1), std::move(cage_cells)});
        } else {
          rules.cages.push_back({number(*value, name + " value"), std::move(cage_cells)});
        }
      }
    } else if (key == "extraregion") {
      const auto& list = entries(v, key);
      for (std::size_t i = 0; i < list.size(); ++i) {
        std::vector<int> region = cells(list[i].find("cells"), entry_name(key, i));
        std::sort(region.begin(), region.end());
        if (static_cast<int>(region.size()) > n_)
          fail(entry_name(key, i) + " has more than " + std::to_string(n_) + " cells");
        rules.extra.push_back({"extra region " + std::to_string(i + 1), std::move(region)});
      }
    } else if (key == "arrow") {
      const auto& list = entries(v, key);
      for (std::size_t i = 0; i < list.size(); ++i) {
        const std::string name = entry_name(key, i);
        const std::vector<int> circle = cells(list[i].find("cells"), name);
        const Value* lines = list[i].find("lines");
        if (lines == nullptr || !lines->is_array() || lines->array.empty()) fail(name + " has no \"lines\"");
        // Each line is an arrow of its own that sums to the circle: f-puzzles keeps the arrows drawn from one
        // circle in one entry, and its solvers (dclamage/SudokuSolver) read one arrow per line.
        for (const Value& line : lines->array) {
          std::vector<int> l = cells(&line, name);
          // Lines start at the circle: its cells are not summed.
          l.erase(std::remove_if(
                      l.begin(), l.end(),
                      [&](int x) { return std::find(circle.begin(), circle.end(), x) != circle.end(); }),
                  l.end());
          if (l.empty()) fail(name + ": a line with no cell outside the circle");
          Constraint c;
          c.kind = ConstraintKind::arrow;
          c.cells = circle;
          c.lines.push_back(std::move(l));
          rules.constraints.push_back(std::move(c));
        }
      }
    } else if (key == "littlekillersum") {
      const auto& list = entries(v, key);
      for (std::size_t i = 0; i < list.size(); ++i) {
        const std::string name = entry_name(key, i);
        const Value* value = list[i].find("value");
        if (value == nullptr || value->type == Value::Type::null ||
            (value->type == Value::Type::string && value->string.empty()))
          continue;  // an arrow with no clue: no rule
        Constraint c;
        c.kind = ConstraintKind::little_killer;
        c.cells = cells(list[i].find("cells"), name);
        c.value = number(*value, name + " value");
        if (const Value* clue = list[i].find("cell"); clue != nullptr) {
          const auto [row, col] = ref(*clue, name);
          c.clue = row * (n_ + 2) + col;
        }
        rules.constraints.push_back(std::move(c));
      }
    } else if (key == "sandwichsum") {
      const auto& list = entries(v, key);
      for (std::size_t i = 0; i < list.size(); ++i) {
        const std::string name = entry_name(key, i);
        const Value* value = list[i].find("value");
        const Value* clue = list[i].find("cell");
        if (clue == nullptr) fail(name + " has no \"cell\"");
        const auto [row, col] = ref(*clue, name);
        if (value == nullptr || value->type == Value::Type::null ||
            (value->type == Value::Type::string && value->string.empty()))
          continue;
        const bool column = row == 0 || row == n_ + 1;
        const bool in_row = col == 0 || col == n_ + 1;
        if (column == in_row)
          fail(name + ": cell " + dlx::echo_text(clue->string) + " is not outside a row or a column");
        Constraint c;
        c.kind = ConstraintKind::sandwich;
        for (int k = 0; k < n_; ++k) c.cells.push_back(column ? k * n_ + col - 1 : (row - 1) * n_ + k);
        c.value = number(*value, name + " value");
        c.clue = row * (n_ + 2) + col;
        rules.constraints.push_back(std::move(c));
      }
    } else if (key == "negative") {
      for (const Value& x : entries(v, key)) {
        if (x.type != Value::Type::string) fail("\"negative\" lists names of rules");
        if (x.string == "ratio") {
          rules.negatives.ratio = true;
        } else if (x.string == "difference") {
          rules.negatives.difference = true;
        } else if (x.string == "xv") {
          rules.negatives.xv = true;
        } else {
          fail("negative constraint '" + dlx::echo_text(x.string) +
               "' is not supported (difference, ratio and xv are)");
        }
      }
    } else if (read_line_rule(key, v, rules)) {
    } else {
      const bool empty = (v.is_array() && v.array.empty()) ||
                         (v.type == Value::Type::boolean && !v.boolean) || v.type == Value::Type::null;
      if (!empty)
        fail("rule '" + dlx::echo_text(key) +
             "' is not supported; refusing the puzzle rather than ignoring it");
    }
  }

  // disjointgroups, clone, nabner, the indexers, xsum and skyscraper; false for any other key.
  bool read_more_rules(const std::string& key, const Value& v, Rules& rules) {
    if (key == "disjointgroups") {
      if (v.type != Value::Type::boolean) fail("\"disjointgroups\" is not true or false");
      if (!v.boolean) return true;
      for (Region& group : disjoint_groups(rules)) rules.extra.push_back(std::move(group));
    } else if (key == "clone") {
      const auto& list = entries(v, key);
      for (std::size_t i = 0; i < list.size(); ++i) {
        const std::string name = entry_name(key, i);
        const std::vector<int> from = cells(list[i].find("cells"), name);
        const Value* copies = list[i].find("cloneCells");
        if (copies == nullptr || !copies->is_array()) fail(name + " has no list of \"cloneCells\"");
        const std::vector<int> to = cells(copies, name + " cloneCells");
        for (std::size_t k = 0; k < to.size(); ++k)
          if (std::find(to.begin(), to.begin() + static_cast<long>(k), to[k]) !=
              to.begin() + static_cast<long>(k))
            fail(name + ": cloneCells lists " + cell_name(to[k] / n_, to[k] % n_) + " twice");
        if (to.size() != from.size())
          fail(name + ": " + std::to_string(from.size()) + " cells but " + std::to_string(to.size()) +
               " cloneCells; each cell has its clone at the same place");
        Constraint c;
        c.kind = ConstraintKind::clone;
        c.lines.emplace_back();
        for (std::size_t k = 0; k < from.size(); ++k) {
          if (from[k] == to[k]) continue;  // a cell its own clone says nothing
          c.cells.push_back(from[k]);
          c.lines[0].push_back(to[k]);
        }
        if (!c.cells.empty()) rules.constraints.push_back(std::move(c));
      }
    } else if (key == "nabner") {
      add_line_rules(v, key, ConstraintKind::nabner, rules);
    } else if (key == "rowindexer" || key == "columnindexer" || key == "boxindexer") {
      const ConstraintKind kind = key == "rowindexer"      ? ConstraintKind::row_indexer
                                  : key == "columnindexer" ? ConstraintKind::column_indexer
                                                           : ConstraintKind::box_indexer;
      const auto& list = entries(v, key);
      for (std::size_t i = 0; i < list.size(); ++i) {
        for (const int x : cells(list[i].find("cells"), entry_name(key, i))) {
          Constraint c;
          c.kind = kind;
          c.cells.push_back(x);
          // The house the digit indexes: a row indexer's column, a column indexer's row, a box indexer's region.
          std::vector<int> house;
          for (int y = 0; y < n_ * n_; ++y) {
            const bool in = kind == ConstraintKind::row_indexer ? y % n_ == x % n_
                            : kind == ConstraintKind::column_indexer
                                ? y / n_ == x / n_
                                : rules.region_of(y) == rules.region_of(x);
            if (in) house.push_back(y);
          }
          c.lines.push_back(std::move(house));
          rules.constraints.push_back(std::move(c));
        }
      }
    } else if (key == "xsum" || key == "skyscraper") {
      const auto& list = entries(v, key);
      for (std::size_t i = 0; i < list.size(); ++i) {
        const std::string name = entry_name(key, i);
        const Value* clue = list[i].find("cell");
        if (clue == nullptr) fail(name + " has no \"cell\"");
        const auto [row, col] = ref(*clue, name);
        const Value* value = list[i].find("value");
        if (value == nullptr || value->type == Value::Type::null ||
            (value->type == Value::Type::string && value->string.empty()))
          continue;  // a clue with no number: no rule
        const bool column = row == 0 || row == n_ + 1;
        if (column == (col == 0 || col == n_ + 1))
          fail(name + ": cell " + dlx::echo_text(clue->string) + " is not outside a row or a column");
        Constraint c;
        c.kind = key == "xsum" ? ConstraintKind::xsum : ConstraintKind::skyscraper;
        // The row or column read from the clue inwards.
        for (int k = 0; k < n_; ++k) {
          const int j = row == n_ + 1 || col == n_ + 1 ? n_ - 1 - k : k;
          c.cells.push_back(column ? j * n_ + col - 1 : (row - 1) * n_ + j);
        }
        c.value = number(*value, name + " value");
        c.clue = row * (n_ + 2) + col;
        rules.constraints.push_back(std::move(c));
      }
    } else {
      return false;
    }
    return true;
  }

  const Value& doc_;
  int n_ = 9;
};

std::string_view trim_blanks(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r' || s.front() == '\n'))
    s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r' || s.back() == '\n'))
    s.remove_suffix(1);
  return s;
}

}  // namespace

bool is_fpuzzles_link(std::string_view text) {
  text = trim_blanks(text);
  return text.starts_with("N4Ig") || text.find("load=N4Ig") != std::string_view::npos ||
         text.find("load%3DN4Ig") != std::string_view::npos;
}

std::string fpuzzles_link_json(std::string_view text) {
  text = trim_blanks(text);
  if (const std::size_t at = text.find("N4Ig"); at != std::string_view::npos) text = text.substr(at);
  std::string payload;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '&' || c == '#' || c == ' ' || c == '\t') break;  // the link's other parameters
    if (c == '%' && i + 2 < text.size()) {
      const std::string hex(text.substr(i + 1, 2));
      if (hex == "2B" || hex == "2b")
        payload += '+';
      else if (hex == "2F" || hex == "2f")
        payload += '/';
      else if (hex == "3D" || hex == "3d")
        payload += '=';
      else
        throw RulesError("f-puzzles link: unexpected escape %" + hex);
      i += 2;
      continue;
    }
    payload += c == ' ' ? '+' : c;
  }
  try {
    return lz_decompress_base64(payload, kMaxFpuzzlesDocument);
  } catch (const LzStringError& e) {
    throw RulesError(std::string("f-puzzles link: ") + e.what());
  }
}

bool is_fpuzzles_json(std::string_view text) {
  return trim_blanks(text).starts_with('{') && text.find("\"grid\"") != std::string_view::npos;
}

FPuzzle parse_fpuzzles(std::string_view json_text) {
  json::Value doc;
  try {
    doc = json::parse(json_text, kMaxFpuzzlesValues);
  } catch (const json::ParseError& e) {
    throw RulesError(std::string("f-puzzles: ") + e.what());
  }
  return Reader(doc).read();
}

namespace {

std::string ref_text(int row, int col) {
  return "\"R" + std::to_string(row) + "C" + std::to_string(col) + "\"";
}

void append_cells(std::string& out, const std::vector<int>& cells, int n) {
  out += '[';
  for (std::size_t i = 0; i < cells.size(); ++i) {
    if (i > 0) out += ',';
    out += ref_text(cells[i] / n + 1, cells[i] % n + 1);
  }
  out += ']';
}

// The line rules (read_line_rule), one entry per line; whispers with their difference.
void append_line_rules(std::string& out, const Rules& rules, int n) {
  static constexpr std::pair<const char*, ConstraintKind> kLines[] = {
      {"betweenline", ConstraintKind::between_line}, {"renban", ConstraintKind::renban},
      {"whispers", ConstraintKind::whispers},        {"regionsumline", ConstraintKind::region_sum},
      {"entropicline", ConstraintKind::entropic},    {"modularline", ConstraintKind::modular},
      {"zipperline", ConstraintKind::zipper},        {"slowthermometer", ConstraintKind::slow_thermometer},
      {"doublearrow", ConstraintKind::double_arrow}};
  for (const auto& [key, kind] : kLines) {
    std::string items;
    for (const Constraint& c : rules.constraints) {
      if (c.kind != kind) continue;
      items += items.empty() ? "{\"lines\":[" : ",{\"lines\":[";
      append_cells(items, c.cells, n);
      items += ']';
      if (kind == ConstraintKind::whispers) items += ",\"value\":\"" + std::to_string(c.value) + "\"";
      items += '}';
    }
    if (!items.empty()) out += std::string(",\"") + key + "\":[" + items + "]";
  }
}

}  // namespace

namespace {

// clone, nabner, the indexers, xsum and skyscraper; `list` writes one key's entries, one per rule of a kind.
template <typename List>
void append_more_rules(std::string& out, const Rules& rules, const List& list) {
  const int n = rules.shape.side();
  list("clone", ConstraintKind::clone, [&](std::string& o, const Constraint& c) {
    o += "\"cells\":";
    append_cells(o, c.cells, n);
    o += ",\"cloneCells\":";
    append_cells(o, c.lines[0], n);
  });
  list("nabner", ConstraintKind::nabner, [&](std::string& o, const Constraint& c) {
    o += "\"lines\":[";
    append_cells(o, c.cells, n);
    o += ']';
  });
  // Each indexer is one cell; f-puzzles keeps them of a kind in one entry, as its solver does.
  const auto indexers = [&](const char* key, ConstraintKind kind) {
    std::vector<int> cells;
    for (const Constraint& c : rules.constraints)
      if (c.kind == kind) cells.push_back(c.cells[0]);
    if (cells.empty()) return;
    out += std::string(",\"") + key + "\":[{\"cells\":";
    append_cells(out, cells, n);
    out += "}]";
  };
  indexers("rowindexer", ConstraintKind::row_indexer);
  indexers("columnindexer", ConstraintKind::column_indexer);
  indexers("boxindexer", ConstraintKind::box_indexer);
  // The clue sits outside the line's first cell, on the side the line is read from.
  const auto outside = [&](std::string& o, const Constraint& c) {
    const int first = c.cells[0], step = c.cells[1] - c.cells[0], r = first / n + 1, col = first % n + 1;
    const int row = step == n ? 0 : step == -n ? n + 1 : r;
    const int column = step == 1 ? 0 : step == -1 ? n + 1 : col;
    o += "\"cell\":" + ref_text(row, column) + ",\"value\":\"" + std::to_string(c.value) + "\"";
  };
  list("xsum", ConstraintKind::xsum, outside);
  list("skyscraper", ConstraintKind::skyscraper, outside);
}

}  // namespace

std::string fpuzzles_link(std::string_view json_text) {
  return "https://www.f-puzzles.com/?load=" + lz_compress_base64(json_text);
}

void append_fpuzzles(std::string& out, const Grid& givens, const Rules& rules, const Grid* filled) {
  const int n = givens.side();
  // f-puzzles and SudokuPad draw a board without regions with the side's default boxes (shape_for_side).
  const bool regions = !rules.regions.empty() || shape_for_side(static_cast<std::size_t>(n)) != rules.shape;
  out += "{\"size\":" + std::to_string(n) + ",\"grid\":[";
  for (int r = 0; r < n; ++r) {
    out += r > 0 ? ",[" : "[";
    for (int c = 0; c < n; ++c) {
      if (c > 0) out += ',';
      std::string fields;
      const auto field = [&](const std::string& f) { fields += (fields.empty() ? "" : ",") + f; };
      if (givens.at(r, c) != 0) {
        field("\"value\":" + std::to_string(givens.at(r, c)) + ",\"given\":true");
      } else if (filled != nullptr && filled->at(r, c) != 0) {
        field("\"value\":" + std::to_string(filled->at(r, c)) + ",\"given\":false");
      }
      if (regions) field("\"region\":" + std::to_string(rules.region_of(r * n + c)));
      for (const Constraint& k : rules.constraints) {
        if (k.kind != ConstraintKind::candidates || k.cells[0] != r * n + c) continue;
        std::string marks;
        for (int d = 1; d <= n; ++d)
          if (k.value >> (d - 1) & 1) marks += (marks.empty() ? "" : ",") + std::to_string(d);
        field("\"givenPencilMarks\":[" + marks + "]");
      }
      out += "{" + fields + "}";
    }
    out += ']';
  }
  out += ']';
  if (rules.anti_knight) out += ",\"antiknight\":true";
  if (rules.anti_king) out += ",\"antiking\":true";
  // Both are f-puzzles' "nonconsecutive" (see settle_nonconsecutive).
  if (rules.non_consecutive || rules.negatives.difference) out += ",\"nonconsecutive\":true";
  std::vector<int> main, anti;
  for (int i = 0; i < n; ++i) main.push_back(i * n + i), anti.push_back(i * n + n - 1 - i);
  std::sort(anti.begin(), anti.end());
  // Disjoint groups, when every one is there, are f-puzzles' "disjointgroups".
  const std::vector<Region> groups = disjoint_groups(rules);
  const auto is_group = [&](const Region& region) {
    return std::any_of(groups.begin(), groups.end(),
                       [&](const Region& g) { return g.cells == region.cells; });
  };
  const bool disjoint = std::all_of(groups.begin(), groups.end(), [&](const Region& g) {
    return std::any_of(rules.extra.begin(), rules.extra.end(),
                       [&](const Region& r) { return r.cells == g.cells; });
  });
  if (disjoint) out += ",\"disjointgroups\":true";
  std::string extra;
  for (const Region& region : rules.extra) {
    if (disjoint && is_group(region)) {
      continue;
    } else if (region.cells == main) {
      out += ",\"diagonal-\":true";
    } else if (region.cells == anti) {
      out += ",\"diagonal+\":true";
    } else {
      extra += extra.empty() ? "" : ",";
      extra += "{\"cells\":";
      append_cells(extra, region.cells, n);
      extra += '}';
    }
  }
  if (!extra.empty()) out += ",\"extraregion\":[" + extra + "]";
  if (!rules.cages.empty()) {
    out += ",\"killercage\":[";
    for (std::size_t k = 0; k < rules.cages.size(); ++k) {
      out += k > 0 ? ",{\"cells\":" : "{\"cells\":";
      append_cells(out, rules.cages[k].cells, n);
      out += ",\"value\":\"" + std::to_string(rules.cages[k].sum) + "\"}";
    }
    out += ']';
  }
  const auto list = [&](const char* key, ConstraintKind kind, auto&& entry) {
    std::string items;
    for (const Constraint& c : rules.constraints) {
      if (c.kind != kind) continue;
      items += items.empty() ? "{" : ",{";
      entry(items, c);
      items += '}';
    }
    if (!items.empty()) out += std::string(",\"") + key + "\":[" + items + "]";
  };
  const auto clue_text = [&](int clue) { return ref_text(clue / (n + 2), clue % (n + 2)); };
  list("thermometer", ConstraintKind::thermometer, [&](std::string& o, const Constraint& c) {
    o += "\"lines\":[";
    append_cells(o, c.cells, n);
    o += ']';
  });
  list("palindrome", ConstraintKind::palindrome, [&](std::string& o, const Constraint& c) {
    o += "\"lines\":[";
    append_cells(o, c.cells, n);
    o += ']';
  });
  list("arrow", ConstraintKind::arrow, [&](std::string& o, const Constraint& c) {
    o += "\"cells\":";
    append_cells(o, c.cells, n);
    o += ",\"lines\":[";
    for (std::size_t i = 0; i < c.lines.size(); ++i) {
      if (i > 0) o += ',';
      std::vector<int> line{c.cells.back()};  // lines start at the circle
      line.insert(line.end(), c.lines[i].begin(), c.lines[i].end());
      append_cells(o, line, n);
    }
    o += ']';
  });
  list("littlekillersum", ConstraintKind::little_killer, [&](std::string& o, const Constraint& c) {
    if (c.clue >= 0) o += "\"cell\":" + clue_text(c.clue) + ",";
    o += "\"cells\":";
    append_cells(o, c.cells, n);
    o += ",\"value\":\"" + std::to_string(c.value) + "\"";
  });
  list("sandwichsum", ConstraintKind::sandwich, [&](std::string& o, const Constraint& c) {
    const bool row = c.cells.size() > 1 && c.cells[1] == c.cells[0] + 1;
    const int clue = c.clue >= 0 ? c.clue : row ? (c.cells[0] / n + 1) * (n + 2) : c.cells[0] % n + 1;
    o += "\"cell\":" + clue_text(clue) + ",\"value\":\"" + std::to_string(c.value) + "\"";
  });
  const auto one_cell = [&](std::string& o, const Constraint& c) {
    o += "\"cell\":" + ref_text(c.cells[0] / n + 1, c.cells[0] % n + 1);
  };
  list("odd", ConstraintKind::odd, one_cell);
  list("even", ConstraintKind::even, one_cell);
  list("minimum", ConstraintKind::minimum, one_cell);
  list("maximum", ConstraintKind::maximum, one_cell);
  list("quadruple", ConstraintKind::quadruple, [&](std::string& o, const Constraint& c) {
    o += "\"cells\":";
    append_cells(o, c.cells, n);
    o += ",\"values\":[";
    for (std::size_t i = 0; i < c.digits.size(); ++i) o += (i > 0 ? "," : "") + std::to_string(c.digits[i]);
    o += ']';
  });
  const auto pair = [&](std::string& o, const Constraint& c) {
    o += "\"cells\":";
    append_cells(o, c.cells, n);
    if (c.kind == ConstraintKind::sum) {
      o += c.value == 10 ? ",\"value\":\"X\"" : ",\"value\":\"V\"";
    } else {
      o += ",\"value\":\"" + std::to_string(c.value) + "\"";
    }
  };
  append_more_rules(out, rules, list);
  list("difference", ConstraintKind::difference, pair);
  list("ratio", ConstraintKind::ratio, pair);
  list("xv", ConstraintKind::sum, pair);
  if (rules.negatives.ratio || rules.negatives.xv) {
    std::string names;
    if (rules.negatives.ratio) names += "\"ratio\"";
    if (rules.negatives.xv) names += std::string(names.empty() ? "" : ",") + "\"xv\"";
    out += ",\"negative\":[" + names + "]";
  }
  append_line_rules(out, rules, n);
  out += '}';
}

}  // namespace sudoku
