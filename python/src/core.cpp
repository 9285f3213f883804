// The module dlx._dlx: the library's Problem, Solver, minimum-cost search, multi-threaded and memoized counts,
// and Knuth's text format, for the Python package dlx (python/dlx/__init__.py adds the xcover-style covers()
// and count() on top). Only wiring: every decision is the library's.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>
#include <pybind11/stl/filesystem.h>

#include <atomic>
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
}

namespace {

constexpr unsigned kMaxThreads = 1024;  // as the command lines: more is a mistake, not a machine

dlx::Engine engine_named(const std::string& name) {
  if (name == "automatic") return dlx::Engine::automatic;
  if (name == "links") return dlx::Engine::links;
  if (name == "bitset") return dlx::Engine::bitset;
  if (name == "mask") return dlx::Engine::mask;
  if (name == "bounds") return dlx::Engine::bounds;
  throw py::value_error("no engine '" + name + "' (automatic, links, bitset, mask or bounds)");
}

dlx::SearchOptions search_options(const std::string& engine, std::optional<std::uint64_t> seed) {
  dlx::SearchOptions options;
  options.engine = engine_named(engine);
  options.seed = seed;
  return options;
}

// A dlx::Solver over its own copy of the problem, so that changing or dropping the Python Problem afterwards
// cannot pull the tables from under a search (a generator may be abandoned and collected at any time).
// One search at a time: the GIL is released while it runs, so another Python thread could otherwise enter.
class PySolver {
 public:
  PySolver(const dlx::Problem& problem, const std::string& engine, std::optional<std::uint64_t> seed)
      : problem_(std::make_unique<const dlx::Problem>(problem)),
        solver_(*problem_, search_options(engine, seed)) {
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
  py::int_ count(std::uint64_t limit) {
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

  bool force(dlx::OptionId option) {
    const Busy busy(*this);
    check_option(option);
    return solver_.force(option);
  }
  // Every id is checked before any is forced, so that a bad one leaves the solver as it was.
  std::size_t force_all(const std::vector<dlx::OptionId>& options) {
    const Busy busy(*this);
    for (const dlx::OptionId option : options) check_option(option);
    return solver_.force_all(options);
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

  void check_option(dlx::OptionId option) const {
    if (option >= problem_->option_count())
      throw py::index_error("no option " + std::to_string(option) + " (the problem has " +
                            std::to_string(problem_->option_count()) + ")");
  }

  std::unique_ptr<const dlx::Problem> problem_;  // on the heap: solver_ points at it
  dlx::Solver solver_;
  std::mutex mutex_;  // held by the call under way
};

// The whole count of a problem: memoized (exact past 2^64, no limit), on several threads, or plain.
py::int_ count_problem(const dlx::Problem& shared, std::uint64_t limit, unsigned threads, bool memo,
                       const std::string& engine) {
  if (threads > kMaxThreads) throw py::value_error("threads: at most " + std::to_string(kMaxThreads));
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
  options.search = search_options(engine, std::nullopt);
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
py::tuple cheapest(const dlx::Problem& shared, std::size_t k, double time_limit) {
  const dlx::Problem problem = shared;  // the search runs without the GIL: another thread may change `shared`
  if (k == 0) throw py::value_error("k must be at least 1");
  if (time_limit < 0) throw py::value_error("time_limit must not be negative");
  std::atomic<bool> stop{false};
  dlx::SearchOptions options;
  options.stop = &stop;
  options.time_limit =
      std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::duration<double>(time_limit));
  const dlx::CheapestResult result =
      dlxpy::run_stoppable(stop, [&] { return dlx::cheapest(problem, k, options); });
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
  dlx::write_knuth(out, problem);
  return std::move(out).str();
}

void write_knuth_file(const dlx::Problem& problem, const std::filesystem::path& path) {
  std::ofstream out(path, std::ios::binary);
  dlx::write_knuth(out, problem);
  out.close();
  if (!out) throw py::value_error(path.string() + ": cannot write");
}

dlx::ItemId item_of(const dlx::Problem& p, std::size_t item) {
  if (item >= p.item_count())
    throw py::index_error("no item " + std::to_string(item) + " (the problem has " +
                          std::to_string(p.item_count()) + ")");
  return static_cast<dlx::ItemId>(item);
}

dlx::OptionId option_of(const dlx::Problem& p, std::size_t option) {
  if (option >= p.option_count())
    throw py::index_error("no option " + std::to_string(option) + " (the problem has " +
                          std::to_string(p.option_count()) + ")");
  return static_cast<dlx::OptionId>(option);
}

void bind_problem(py::module_& m) {
  py::class_<dlx::Problem>(
      m, "Problem",
      "An exact-cover problem with colors, multiplicities and costs (Knuth's dlx2, dlx3, dlx5).\n"
      "Item and option ids are 0, 1, 2... in the order they were added.")
      .def(py::init<>())
      .def(
          "add_primary",
          [](dlx::Problem& p, std::string_view name, std::uint32_t lo, std::optional<std::uint32_t> hi) {
            return p.add_primary(name, lo, hi.value_or(lo));
          },
          py::arg("name"), py::arg("lo") = 1, py::arg("hi") = py::none(),
          "Adds a primary item covered between lo and hi times (hi defaults to lo: exactly lo); its id")
      .def("add_secondary", &dlx::Problem::add_secondary, py::arg("name"),
           "Adds a secondary item (at most once, or shared by options that agree on its color); its id")
      .def(
          "add_option",
          [](dlx::Problem& p, const std::vector<std::string>& items, std::uint64_t cost) {
            const dlx::OptionId id = p.add_option(items);
            if (cost != 0) p.set_cost(id, cost);
            return id;
          },
          py::arg("items"), py::arg("cost") = 0,
          "Adds an option of item names (\"x:color\" gives secondary item x a color) with a cost; its id")
      .def(
          "set_cost",
          [](dlx::Problem& p, std::size_t option, std::uint64_t cost) {
            p.set_cost(option_of(p, option), cost);
          },
          py::arg("option"), py::arg("cost"))
      .def(
          "cost", [](const dlx::Problem& p, std::size_t option) { return p.cost(option_of(p, option)); },
          py::arg("option"))
      .def(
          "bounds",
          [](const dlx::Problem& p, std::size_t item) {
            const dlx::Bounds b = p.bounds(item_of(p, item));
            return std::make_pair(b.lo, b.hi);
          },
          py::arg("item"), "(lo, hi): how many chosen options may cover the item")
      .def_property_readonly("item_count", &dlx::Problem::item_count)
      .def_property_readonly("primary_count", &dlx::Problem::primary_count)
      .def_property_readonly("option_count", &dlx::Problem::option_count)
      .def_property_readonly("has_multiplicities", &dlx::Problem::has_multiplicities)
      .def_property_readonly("has_costs", &dlx::Problem::has_costs)
      .def(
          "item_name", [](const dlx::Problem& p, std::size_t item) { return p.item_name(item_of(p, item)); },
          py::arg("item"))
      .def(
          "is_primary",
          [](const dlx::Problem& p, std::size_t item) { return p.is_primary(item_of(p, item)); },
          py::arg("item"))
      .def("find_item", &dlx::Problem::find_item, py::arg("name"),
           "The id of the item with this name, or None")
      .def(
          "option_items",
          [](const dlx::Problem& p, std::size_t option) {
            std::vector<std::string> items;
            for (const dlx::ItemUse& use : p.option(option_of(p, option))) {
              std::string text = p.item_name(use.item);
              if (use.color != dlx::kNoColor) text += ":" + p.color_name(use.color);
              items.push_back(std::move(text));
            }
            return items;
          },
          py::arg("option"), "The option's items as names (\"x:color\" when colored)")
      .def(
          "option_text",
          [](const dlx::Problem& p, std::size_t option) { return p.option_text(option_of(p, option)); },
          py::arg("option"), "The option as a line of Knuth's format")
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
      .def(py::init<const dlx::Problem&, const std::string&, std::optional<std::uint64_t>>(),
           py::arg("problem"), py::kw_only(), py::arg("engine") = "automatic", py::arg("seed") = py::none())
      .def("__iter__", [](PySolver& s) -> PySolver& { return s; })
      .def("__next__", &PySolver::next)
      .def("count", &PySolver::count, py::arg("limit") = 0,
           "The number of solutions from here on, stopping once limit were found (0: all)")
      .def("force", &PySolver::force, py::arg("option"),
           "Puts an option into every solution before the search starts; False if it clashes")
      .def("force_all", &PySolver::force_all, py::arg("options"),
           "force() for each option in turn, up to the first one that clashes: returns how many were forced "
           "(all of them: len(options)); cheaper per option than force() (a puzzle's givens)")
      .def("branch_options", &PySolver::branch_options,
           "The options the search would branch on first from the forced state")
      .def("reset", &PySolver::reset, "Back to the state after construction")
      .def_property_readonly("stats", &PySolver::stats)
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
  m.def("count_problem", &count_problem, py::arg("problem"), py::arg("limit") = 0, py::arg("threads") = 1,
        py::arg("memo") = false, py::arg("engine") = "automatic");
  m.def("cheapest", &cheapest, py::arg("problem"), py::arg("k") = 1, py::arg("time_limit") = 0.0,
        "The k cheapest solutions as a list of (cost, option ids), cheapest first, and whether they are "
        "proven\n"
        "the cheapest (False when time_limit, in seconds, ran out first)");
  m.def("read_knuth", &read_knuth_file, py::arg("path"), "Reads a problem in Knuth's DLX format from a file");
  m.def("parse_knuth", &parse_knuth, py::arg("text"), py::arg("source") = "<text>",
        "Reads a problem in Knuth's DLX format from a string");
  m.def("write_knuth", &write_knuth_file, py::arg("problem"), py::arg("path"),
        "Writes a problem in Knuth's DLX format to a file");
  m.def("format_knuth", &format_knuth, py::arg("problem"), "A problem in Knuth's DLX format, as a string");
  m.def(
      "_live_solvers", [] { return PySolver::live.load(); }, "Solvers alive (for the tests)");
  dlxpy::bind_sudoku(m);
}
