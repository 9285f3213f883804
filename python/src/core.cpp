// The module dlx._dlx: the library's Problem, Solver, minimum-cost search, multi-threaded and memoized counts,
// and Knuth's text format, for the Python package dlx (python/dlx/__init__.py adds the xcover-style covers()
// and count() on top). Only wiring: every decision is the library's.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>
#include <pybind11/stl/filesystem.h>

#include <atomic>
#include <cmath>
#include <cstdint>
#include <dlx/cost.hpp>
#include <dlx/count128.hpp>
#include <dlx/knuth_format.hpp>
#include <dlx/memo.hpp>
#include <dlx/parallel.hpp>
#include <dlx/problem.hpp>
#include <dlx/solver.hpp>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <mutex>
#include <optional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "interrupt.hpp"

namespace py = pybind11;

namespace dlxpy {
void bind_sudoku(py::module_& parent);
void bind_memo(py::module_& m);

// An int argument taken as it comes, so that the module checks it itself (see whole_number below) rather than
// pybind11, whose TypeError would also cover negative and too large numbers; signatures still show "int".
struct IntArg {
  py::object value;
  // Implicit: the checks below take handles.
  operator py::handle() const { return value; }  // NOLINT(google-explicit-constructor)
};
}  // namespace dlxpy

namespace pybind11::detail {
template <>
struct type_caster<dlxpy::IntArg> {
  PYBIND11_TYPE_CASTER(dlxpy::IntArg, const_name("int"));
  bool load(handle source, bool) {
    value.value = reinterpret_borrow<object>(source);
    return true;
  }
  static handle cast(const dlxpy::IntArg& source, return_value_policy, handle) {
    return source.value.inc_ref();
  }
};
}  // namespace pybind11::detail

namespace {

using dlxpy::IntArg;

constexpr unsigned kMaxThreads = 1024;  // as the command lines: more is a mistake, not a machine
constexpr double kMaxSeconds = 1e9;     // 31 years: a time limit longer than that is none

// Arguments are checked before anything changes, and the exception says what is wrong with them: TypeError for
// a value of the wrong type (an int is needed: bool and numpy integers are ints, floats and strings are not),
// ValueError for a number out of its range, IndexError for an item or option id the problem does not have.

// repr(value), at most some 60 characters: a number of 100,000 digits is named, not echoed (Python would refuse
// to write it anyway).
std::string short_repr(py::handle value) {
  constexpr std::size_t kMax = 60;
  if (PyLong_Check(value.ptr()) && py::int_(value.attr("bit_length")()) > py::int_(4 * kMax)) {
    const auto bits = value.attr("bit_length")().cast<std::uint64_t>();
    const bool negative = py::reinterpret_borrow<py::int_>(value) < py::int_(0);
    return std::string(negative ? "a negative int" : "an int") + " of about " +
           std::to_string(static_cast<std::uint64_t>(static_cast<double>(bits) * 0.30103)) + " digits";
  }
  std::string text;
  try {
    text = py::repr(value).cast<std::string>();
  } catch (const py::error_already_set&) {
    return "an object that cannot be shown";
  }
  if (text.size() > kMax)
    text = text.substr(0, kMax / 2) + "... (" + std::to_string(text.size()) + " characters)";
  return text;
}

// `value` as a Python int, or TypeError naming `what`.
py::int_ integer(py::handle value, const std::string& what) {
  if (PyFloat_Check(value.ptr()) || !PyIndex_Check(value.ptr()))
    throw py::type_error(what + " must be an int, not " +
                         std::string(py::str(value.get_type().attr("__name__"))));
  return py::reinterpret_steal<py::int_>(PyNumber_Index(value.ptr()));
}

// The value of `number` if it is in [0, max], else nothing.
std::optional<std::uint64_t> in_range(const py::int_& number, std::uint64_t max) {
  const unsigned long long value = PyLong_AsUnsignedLongLong(number.ptr());  // OverflowError when negative
  if (PyErr_Occurred() != nullptr) {
    PyErr_Clear();
    return std::nullopt;
  }
  if (value > max) return std::nullopt;
  return value;
}

// A whole number from 0 to max: TypeError, or ValueError naming `what` and the range.
std::uint64_t whole_number(py::handle value, const std::string& what, std::uint64_t max) {
  const py::int_ number = integer(value, what);
  const std::optional<std::uint64_t> n = in_range(number, max);
  if (!n)
    throw py::value_error(what + " must be 0 to " + std::to_string(max) + ", not " + short_repr(number));
  return *n;
}

// A search limit: 0 (none) or more; past 2^64 - 1 no search gets there, so that is no limit either.
std::uint64_t search_limit(py::handle value) {
  const py::int_ number = integer(value, "limit");
  if (number < py::int_(0))
    throw py::value_error("limit must be 0 (none) or more, not " + short_repr(number));
  return in_range(number, UINT64_MAX).value_or(0);
}

// An id below `count` (an item's or an option's), or IndexError naming `what`.
std::size_t id_below(py::handle value, std::size_t count, const char* what) {
  const py::int_ number = integer(value, std::string(what) + " id");
  const std::optional<std::uint64_t> n = in_range(number, count == 0 ? 0 : count - 1);
  if (!n || count == 0)
    throw py::index_error(std::string("no ") + what + " " + short_repr(number) + " (the problem has " +
                          std::to_string(count) + ")");
  return static_cast<std::size_t>(*n);
}

dlx::Engine engine_named(const std::string& name) {
  if (name == "automatic") return dlx::Engine::automatic;
  if (name == "links") return dlx::Engine::links;
  if (name == "bitset") return dlx::Engine::bitset;
  if (name == "mask") return dlx::Engine::mask;
  if (name == "bounds") return dlx::Engine::bounds;
  throw py::value_error("no engine '" + name + "' (automatic, links, bitset, mask or bounds)");
}

dlx::SearchOptions search_options(const std::string& engine, py::handle seed) {
  dlx::SearchOptions options;
  options.engine = engine_named(engine);
  if (!seed.is_none()) options.seed = whole_number(seed, "seed", UINT64_MAX);
  return options;
}

// A dlx::Solver over its own copy of the problem, so that changing or dropping the Python Problem afterwards
// cannot pull the tables from under a search (a generator may be abandoned and collected at any time).
// One search at a time: the GIL is released while it runs, so another Python thread could otherwise enter.
class PySolver {
 public:
  PySolver(const dlx::Problem& problem, const std::string& engine, const std::optional<IntArg>& seed)
      : problem_(std::make_unique<const dlx::Problem>(problem)),
        solver_(*problem_, search_options(engine, seed ? seed->value : py::none())) {
    ++live;
  }
  ~PySolver() { --live; }
  PySolver(const PySolver&) = delete;
  PySolver& operator=(const PySolver&) = delete;

  // Solvers not yet destroyed, for the tests: an abandoned generator must free its search.
  static inline std::atomic<long> live{0};

  // The next solution (option ids, forced ones first, then in the order the search chose them), or
  // StopIteration.
  std::vector<dlx::OptionId> next() {
    const Busy busy(*this);
    bool found = false;
    dlxpy::run_sliced(solver_, [&] { found = solver_.next(); });
    if (!found) throw py::stop_iteration();
    const auto solution = solver_.solution();
    return {solution.begin(), solution.end()};
  }

  // The number of solutions from here on, stopping once `limit` were found (0: no limit).
  py::int_ count(const IntArg& limit_argument) {
    const std::uint64_t limit = search_limit(limit_argument);
    const Busy busy(*this);
    dlx::Count128 total = 0;
    bool overflow = false;
    dlxpy::run_sliced(solver_, [&] {
      if (limit != 0 && total >= limit) return;
      // Below a 64-bit limit, what is left of it fits in 64 bits.
      const auto left = limit == 0 ? 0 : static_cast<std::uint64_t>(limit - total);
      total = dlx::saturating_add(total, solver_.count(left).solutions, overflow);
    });
    if (overflow || solver_.status() == dlx::Status::overflow)
      throw std::overflow_error("more than 2^128 - 1 solutions");
    return dlxpy::to_python(total);
  }

  bool force(const IntArg& option) {
    const dlx::OptionId id = option_id(option);
    const Busy busy(*this);
    return solver_.force(id);
  }
  // Every id is checked before any is forced, so that a bad one leaves the solver as it was.
  std::size_t force_all(const py::iterable& options) {
    std::vector<dlx::OptionId> ids;
    for (const py::handle option : options) ids.push_back(option_id(option));
    const Busy busy(*this);
    return solver_.force_all(ids);
  }
  std::vector<dlx::OptionId> branch_options() {
    const Busy busy(*this);
    return solver_.branch_options();
  }
  void reset() {
    const Busy busy(*this);
    solver_.reset();
  }
  py::dict stats() const {
    const dlx::Stats& s = solver_.stats();
    py::dict d;
    d["nodes"] = s.nodes;
    d["updates"] = s.updates;
    d["solutions"] = dlxpy::to_python(s.solutions);
    d["seconds"] = s.seconds;
    return d;
  }
  std::string engine() const { return dlx::engine_name(solver_.engine()); }
  std::string status() const {
    // In the order of dlx::Status.
    static constexpr const char* kNames[] = {"ready",     "found",      "exhausted", "stopped",
                                             "timed_out", "node_limit", "overflow"};
    static_assert(std::size(kNames) == static_cast<std::size_t>(dlx::Status::overflow) + 1);
    return kNames[static_cast<std::size_t>(solver_.status())];
  }
  const dlx::Problem& problem() const { return *problem_; }

 private:
  // Marks the solver busy for one call; a second thread arriving meanwhile gets RuntimeError.
  class Busy {
   public:
    explicit Busy(PySolver& solver) : lock_(solver.mutex_, std::try_to_lock) {
      if (!lock_.owns_lock()) throw std::runtime_error("this Solver is searching in another thread");
    }

   private:
    std::unique_lock<std::mutex> lock_;
  };

  dlx::OptionId option_id(py::handle option) const {
    return static_cast<dlx::OptionId>(id_below(option, problem_->option_count(), "option"));
  }

  std::unique_ptr<const dlx::Problem> problem_;  // on the heap: solver_ points at it
  dlx::Solver solver_;
  std::mutex mutex_;  // held by the call under way
};

// The whole count of a problem: memoized (exact past 2^64, no limit), on several threads, or plain.
py::int_ count_problem(const dlx::Problem& shared, const IntArg& limit_argument,
                       const IntArg& threads_argument, bool memo, const std::string& engine) {
  const std::uint64_t limit = search_limit(limit_argument);
  const auto threads = static_cast<unsigned>(whole_number(threads_argument, "threads", kMaxThreads));
  const dlx::Problem problem = shared;  // the search runs without the GIL: another thread may change `shared`
  std::atomic<bool> stop{false};
  if (memo) {
    if (limit != 0) throw py::value_error("memo=True counts every solution: it takes no limit");
    dlx::MemoOptions options;
    options.threads = threads;
    options.stop = &stop;
    const dlx::MemoCount c =
        dlxpy::run_stoppable(stop, [&] { return dlx::MemoCounter(problem, options).count(); });
    if (c.status == dlx::Status::overflow) throw std::overflow_error("more than 2^128 - 1 solutions");
    return dlxpy::to_python(c.solutions);
  }
  dlx::ParallelOptions options;
  options.threads = threads;
  options.search = search_options(engine, py::none());
  options.search.stop = &stop;
  const auto [c, status] = dlxpy::run_stoppable(stop, [&] {
    dlx::ParallelSolver search(problem, options);
    const dlx::Count counted = search.count(limit);
    return std::make_pair(counted, search.status());
  });
  if (status == dlx::Status::overflow) throw std::overflow_error("more than 2^128 - 1 solutions");
  return dlxpy::to_python(c.solutions);
}

// The k cheapest solutions as (cost, option ids) pairs, cheapest first, and whether they are proven so.
py::tuple cheapest(const dlx::Problem& shared, const IntArg& k_argument, double time_limit) {
  const py::int_ k_number = integer(k_argument, "k");
  if (k_number < py::int_(1)) throw py::value_error("k must be 1 or more, not " + short_repr(k_number));
  // No search finds more than 2^64 - 1 solutions: a larger k asks for all of them.
  const std::uint64_t k = in_range(k_number, UINT64_MAX).value_or(UINT64_MAX);
  // NaN and infinities would overflow the conversion to nanoseconds; so would anything past 292 years.
  if (!(time_limit >= 0) || !std::isfinite(time_limit))
    throw py::value_error("time_limit must be a number of seconds >= 0 (0: none), not " +
                          short_repr(py::float_(time_limit)));
  if (time_limit > kMaxSeconds) time_limit = 0;  // longer than any search: none
  const dlx::Problem problem = shared;  // the search runs without the GIL: another thread may change `shared`
  std::atomic<bool> stop{false};
  dlx::SearchOptions options;
  options.stop = &stop;
  options.time_limit =
      std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::duration<double>(time_limit));
  const dlx::CheapestResult result = dlxpy::run_stoppable(
      stop, [&] { return dlx::cheapest(problem, static_cast<std::size_t>(k), options); });
  py::list solutions;
  for (const dlx::CostedSolution& s : result.solutions) solutions.append(py::make_tuple(s.cost, s.options));
  return py::make_tuple(solutions, result.optimal);
}

dlx::Problem parse_knuth(const std::string& text, const std::string& source) {
  std::istringstream in(text);
  return dlx::read_knuth(in, source).problem;
}

dlx::Problem read_knuth_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw py::value_error(path.string() + ": cannot open");
  return dlx::read_knuth(in, path.string()).problem;
}

std::string format_knuth(const dlx::Problem& problem) {
  std::ostringstream out;
  dlx::write_knuth(problem, out);
  return std::move(out).str();
}

void write_knuth_file(const dlx::Problem& problem, const std::filesystem::path& path) {
  std::ofstream out(path, std::ios::binary);
  dlx::write_knuth(problem, out);
  out.close();
  if (!out) throw py::value_error(path.string() + ": cannot write");
}

dlx::ItemId item_of(const dlx::Problem& p, py::handle item) {
  return static_cast<dlx::ItemId>(id_below(item, p.item_count(), "item"));
}

dlx::OptionId option_of(const dlx::Problem& p, py::handle option) {
  return static_cast<dlx::OptionId>(id_below(option, p.option_count(), "option"));
}

void bind_problem(py::module_& m) {
  py::class_<dlx::Problem>(
      m, "Problem",
      "An exact-cover problem with colors, multiplicities and costs (Knuth's dlx2, dlx3, dlx5).\n"
      "Item and option ids are 0, 1, 2... in the order they were added.")
      .def(py::init<>(), "An empty problem: add its items first, then its options")
      .def(
          "add_primary",
          [](dlx::Problem& p, std::string_view name, const IntArg& lo, const std::optional<IntArg>& hi) {
            const auto low = static_cast<std::uint32_t>(whole_number(lo, "lo", dlx::kMaxBound));
            const auto high = hi ? static_cast<std::uint32_t>(whole_number(*hi, "hi", dlx::kMaxBound)) : low;
            return p.add_primary(name, low, high);
          },
          py::arg("name"), py::arg("lo") = 1, py::arg("hi") = py::none(),
          "Adds a primary item covered between lo and hi times (hi defaults to lo: exactly lo); its id.\n"
          "ValueError for a bad name, a name used before, bounds past 16777215 or lo > hi; TypeError for "
          "bounds\n"
          "that are not ints")
      .def("add_secondary", &dlx::Problem::add_secondary, py::arg("name"),
           "Adds a secondary item (at most once, or shared by options that agree on its color); its id.\n"
           "ValueError for a bad name or a name used before")
      .def(
          "add_option",
          [](dlx::Problem& p, const std::vector<std::string>& items, const IntArg& cost) {
            // The cost is checked first: a bad one must not leave the option behind.
            const std::uint64_t c = whole_number(cost, "cost", dlx::kMaxCost);
            const dlx::OptionId id = p.add_option(items);
            if (c != 0) p.set_cost(id, c);
            return id;
          },
          py::arg("items"), py::arg("cost") = 0,
          "Adds an option of item names (\"x:color\" gives secondary item x a color) with a cost; its id.\n"
          "Nothing is added when it raises: ValueError for an unknown item, an item twice, a color on a "
          "primary\n"
          "item or a cost outside 0 to 4294967295; TypeError for items that are not a list of str or a cost "
          "that\n"
          "is not an int")
      .def(
          "set_cost",
          [](dlx::Problem& p, const IntArg& option, const IntArg& cost) {
            const dlx::OptionId id = option_of(p, option);
            p.set_cost(id, whole_number(cost, "cost", dlx::kMaxCost));
          },
          py::arg("option"), py::arg("cost"),
          "Sets an option's cost (0 to 4294967295). IndexError for an option the problem does not have,\n"
          "ValueError for a cost out of range, TypeError for arguments that are not ints")
      .def(
          "cost", [](const dlx::Problem& p, const IntArg& option) { return p.cost(option_of(p, option)); },
          py::arg("option"), "The option's cost. IndexError for an option the problem does not have")
      .def(
          "bounds",
          [](const dlx::Problem& p, const IntArg& item) {
            const dlx::Bounds b = p.bounds(item_of(p, item));
            return std::make_pair(b.lo, b.hi);
          },
          py::arg("item"),
          "(lo, hi): how many chosen options may cover the item. IndexError for an item the problem does not "
          "have")
      .def_property_readonly("item_count", &dlx::Problem::item_count,
                             "The number of items, primary and secondary")
      .def_property_readonly("primary_count", &dlx::Problem::primary_count, "The number of primary items")
      .def_property_readonly("option_count", &dlx::Problem::option_count, "The number of options")
      .def_property_readonly("has_multiplicities", &dlx::Problem::has_multiplicities,
                             "Whether some primary item has bounds other than exactly once")
      .def_property_readonly("has_costs", &dlx::Problem::has_costs,
                             "Whether some option has a cost other than 0")
      .def(
          "item_name",
          [](const dlx::Problem& p, const IntArg& item) { return p.item_name(item_of(p, item)); },
          py::arg("item"), "The item's name. IndexError for an item the problem does not have")
      .def(
          "is_primary",
          [](const dlx::Problem& p, const IntArg& item) { return p.is_primary(item_of(p, item)); },
          py::arg("item"), "Whether the item is primary. IndexError for an item the problem does not have")
      .def("find_item", &dlx::Problem::find_item, py::arg("name"),
           "The id of the item with this name, or None")
      .def(
          "option_items",
          [](const dlx::Problem& p, const IntArg& option) {
            std::vector<std::string> items;
            for (const dlx::ItemUse& use : p.option(option_of(p, option))) {
              std::string text = p.item_name(use.item);
              if (use.color != dlx::kNoColor) text += ":" + p.color_name(use.color);
              items.push_back(std::move(text));
            }
            return items;
          },
          py::arg("option"),
          "The option's items as names (\"x:color\" when colored). IndexError for an option the problem does "
          "not "
          "have")
      .def(
          "option_text",
          [](const dlx::Problem& p, const IntArg& option) { return p.option_text(option_of(p, option)); },
          py::arg("option"),
          "The option as a line of Knuth's format. IndexError for an option the problem does not have")
      .def("__repr__", [](const dlx::Problem& p) {
        return "<dlx.Problem: " + std::to_string(p.item_count()) + " items, " +
               std::to_string(p.option_count()) + " options>";
      });
}

void bind_solver(py::module_& m) {
  py::class_<PySolver>(
      m, "Solver",
      "A resumable search over a copy of a problem. Iterating yields each solution as a list of "
      "option ids (forced ones first, then in the order the search chose them).")
      .def(py::init<const dlx::Problem&, const std::string&, const std::optional<IntArg>&>(),
           py::arg("problem"), py::kw_only(), py::arg("engine") = "automatic", py::arg("seed") = py::none(),
           "A search of the problem with this engine (automatic, links, bitset, mask or bounds), breaking "
           "ties at "
           "random\n"
           "when seed (0 to 2^64 - 1) is given. ValueError for another engine, a seed out of range or a "
           "problem "
           "the\n"
           "engine cannot take; TypeError for a seed that is not an int")
      .def(
          "__iter__", [](PySolver& s) -> PySolver& { return s; },
          "The solver itself: it yields its solutions")
      .def("__next__", &PySolver::next, "The next solution's option ids, or StopIteration")
      .def("count", &PySolver::count, py::arg("limit") = 0,
           "The number of solutions from here on, stopping once limit were found (0: all). ValueError for a\n"
           "negative limit, TypeError for one that is not an int, OverflowError past 2^128 - 1 solutions")
      .def("force", &PySolver::force, py::arg("option"),
           "Puts an option into every solution before the search starts; False if it clashes. IndexError for "
           "an\n"
           "option the problem does not have, RuntimeError once the search has started")
      .def("force_all", &PySolver::force_all, py::arg("options"),
           "force() for each option in turn, up to the first one that clashes: returns how many were forced "
           "(all of them: len(options)); cheaper per option than force() (a puzzle's givens). Every id is "
           "checked first:\n"
           "IndexError (an option the problem does not have) or TypeError (not an int) forces none")
      .def("branch_options", &PySolver::branch_options,
           "The options the search would branch on first from the forced state")
      .def("reset", &PySolver::reset, "Back to the state after construction")
      .def_property_readonly("stats", &PySolver::stats,
                             "{\"nodes\", \"updates\", \"solutions\", \"seconds\"} of the search so far")
      .def_property_readonly("engine", &PySolver::engine,
                             "The engine that runs: links, bitset, mask or bounds")
      .def_property_readonly("status", &PySolver::status, "Why the latest call returned")
      .def_property_readonly("problem", &PySolver::problem, "The solver's own copy of the problem");
}

}  // namespace

PYBIND11_MODULE(_dlx, m) {
  m.doc() = "Exact cover with Knuth's dancing links (the C++ library dlx)";
  // Bad problems and bad files: ValueError with the library's message, which names the item or FILE:LINE.
  py::register_exception<dlx::ProblemError>(m, "ProblemError", PyExc_ValueError);
  py::register_exception<dlx::InputError>(m, "InputError", PyExc_ValueError);

  bind_problem(m);
  bind_solver(m);
  m.def(
      "count_problem", &count_problem, py::arg("problem"), py::arg("limit") = 0, py::arg("threads") = 1,
      py::arg("memo") = false, py::arg("engine") = "automatic",
      "The number of solutions (0: no limit; threads 0: one per core; memo: memoized, no limit). ValueError "
      "for a\n"
      "negative limit, threads past 1024, a limit with memo or an unknown engine; TypeError for numbers that "
      "are\n"
      "not ints; OverflowError past 2^128 - 1 solutions");
  m.def(
      "cheapest", &cheapest, py::arg("problem"), py::arg("k") = 1, py::arg("time_limit") = 0.0,
      "The k cheapest solutions as a list of (cost, option ids), cheapest first, and whether they are "
      "proven\n"
      "the cheapest (False when time_limit, in seconds, ran out first). ValueError for k < 1 or a negative,\n"
      "infinite or NaN time_limit; TypeError for a k that is not an int");
  m.def("read_knuth", &read_knuth_file, py::arg("path"),
        "Reads a problem in Knuth's DLX format from a file. ValueError (InputError) naming FILE:LINE for a\n"
        "malformed line, or the file when it cannot be opened");
  m.def("parse_knuth", &parse_knuth, py::arg("text"), py::arg("source") = "<text>",
        "Reads a problem in Knuth's DLX format from a string. ValueError (InputError) naming SOURCE:LINE");
  m.def("write_knuth", &write_knuth_file, py::arg("problem"), py::arg("path"),
        "Writes a problem in Knuth's DLX format to a file. ValueError when it cannot be written");
  m.def("format_knuth", &format_knuth, py::arg("problem"), "A problem in Knuth's DLX format, as a string");
  m.def(
      "_live_solvers", [] { return PySolver::live.load(); }, "Solvers alive (for the tests)");
  dlxpy::bind_memo(m);
  dlxpy::bind_sudoku(m);
}
