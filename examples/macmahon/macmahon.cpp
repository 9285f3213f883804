#include "macmahon/macmahon.hpp"

#include <algorithm>
#include <ostream>
#include <set>

#include "common/cli.hpp"

namespace examples::macmahon {

namespace {

std::string cell_name(int row, int col) {
  return "r" + std::to_string(row) + "c" + std::to_string(col);
}

// Background colors (xterm's 256-color palette) for colors 1..9.
constexpr std::array<int, kMaxColors + 1> kPalette = {0, 255, 210, 117, 221, 120};

}  // namespace

Square rotate(const Square& square, int turns) {
  Square out = square;
  for (int t = 0; t < turns; ++t) out = {out[3], out[0], out[1], out[2]};  // the left edge comes to the top
  return out;
}

Square mirror(const Square& square) {
  return {square[0], square[3], square[2], square[1]};
}

Square canonical(const Square& square) {
  Square best = square;
  for (int t = 1; t < 4; ++t) best = std::min(best, rotate(square, t));
  return best;
}

std::string name(const Square& square) {
  std::string out;
  for (int color : square) out += static_cast<char>('0' + color);
  return out;
}

std::vector<Square> all_squares(int colors) {
  std::set<Square> classes;
  for (int t = 1; t <= colors; ++t)
    for (int r = 1; r <= colors; ++r)
      for (int b = 1; b <= colors; ++b)
        for (int l = 1; l <= colors; ++l) classes.insert(canonical({t, r, b, l}));
  return {classes.begin(), classes.end()};
}

std::array<int, 2> default_board(int cells) {
  int rows = 1;
  for (int r = 1; r * r <= cells; ++r)
    if (cells % r == 0) rows = r;
  return {rows, cells / rows};
}

Square Puzzle::apply(const Symmetry& symmetry, const Square& square) const {
  Square out = rotate(symmetry.motion >= 4 ? mirror(square) : square, symmetry.motion % 4);
  for (int& color : out) color = symmetry.recolor[static_cast<std::size_t>(color)];
  return out;
}

int Puzzle::cell_after(int motion, int row, int col) const {
  int r = row, c = col, height = rows_, width = cols_;
  if (motion >= 4) c = width - 1 - c;
  for (int t = 0; t < motion % 4; ++t) {
    const int turned = r;  // a quarter turn clockwise: (r, c) -> (c, height-1-r) on a width x height grid
    r = c;
    c = height - 1 - turned;
    std::swap(height, width);
  }
  return r * cols_ + c;
}

std::vector<Square> Puzzle::transform(const Symmetry& symmetry, const std::vector<Square>& edges) const {
  std::vector<Square> out(edges.size());
  for (int r = 0; r < rows_; ++r)
    for (int c = 0; c < cols_; ++c)
      out[static_cast<std::size_t>(cell_after(symmetry.motion, r, c))] =
          apply(symmetry, edges[static_cast<std::size_t>(r * cols_ + c)]);
  return out;
}

Puzzle::Puzzle(int colors, int rows, int cols, int border, bool up_to_symmetry)
    : colors_(colors), rows_(rows), cols_(cols) {
  if (colors < 1 || colors > kMaxColors)
    throw UsageError("the number of colors must be 1 to " + std::to_string(kMaxColors));
  if (border < 1 || border > colors)
    throw UsageError("the border color must be 1 to " + std::to_string(colors) + ", not " +
                     std::to_string(border));
  squares_ = all_squares(colors);
  if (rows < 1 || cols < 1 ||
      static_cast<std::size_t>(rows) * static_cast<std::size_t>(cols) != squares_.size())
    throw UsageError(std::to_string(colors) + " colors make " + std::to_string(squares_.size()) +
                     " squares, so the board needs " + std::to_string(squares_.size()) + " cells, not " +
                     std::to_string(static_cast<long long>(rows) * cols));
  // The symmetries: motions of the board times renamings of the colors that keep the border's.
  Symmetry identity;
  for (int k = 0; k <= kMaxColors; ++k) identity.recolor[static_cast<std::size_t>(k)] = k;
  symmetries_.push_back(identity);
  if (up_to_symmetry) {
    std::vector<int> others;
    for (int k = 1; k <= colors; ++k)
      if (k != border) others.push_back(k);
    std::vector<int> renamed = others;
    do {
      Symmetry symmetry = identity;
      for (std::size_t i = 0; i < others.size(); ++i)
        symmetry.recolor[static_cast<std::size_t>(others[i])] = renamed[i];
      for (int motion = 0; motion < 8; ++motion) {
        symmetry.motion = motion;
        if ((motion % 2 == 0 || rows == cols) && (motion > 0 || renamed != others))
          symmetries_.push_back(symmetry);
      }
    } while (std::next_permutation(renamed.begin(), renamed.end()));
  }

  // Every placement: each square on each cell in each of its distinct turns, its outer edges on the border.
  std::vector<std::vector<Placement>> by_square(squares_.size());
  for (std::size_t q = 0; q < squares_.size(); ++q) {
    std::vector<Square> turns;
    for (int t = 0; t < 4; ++t) {
      const Square edges = rotate(squares_[q], t);
      if (std::find(turns.begin(), turns.end(), edges) == turns.end()) turns.push_back(edges);
    }
    for (int r = 0; r < rows; ++r) {
      for (int c = 0; c < cols; ++c) {
        for (const Square& e : turns) {
          if ((r == 0 && e[0] != border) || (c == cols - 1 && e[1] != border) ||
              (r == rows - 1 && e[2] != border) || (c == 0 && e[3] != border))
            continue;
          by_square[q].push_back({static_cast<int>(q), r, c, e});
        }
      }
    }
  }

  // Up to symmetry: restrict one square that every symmetry maps to itself (so they map its placements to
  // placements of itself), preferring one with no placement that a symmetry other than the identity fixes.
  const auto image = [&](const Symmetry& symmetry, const Placement& p) {
    return std::pair(cell_after(symmetry.motion, p.row, p.col), apply(symmetry, p.edges));
  };
  if (symmetries_.size() > 1) {
    std::size_t best_fixed = SIZE_MAX, best_size = SIZE_MAX;
    for (std::size_t q = 0; q < squares_.size(); ++q) {
      if (std::any_of(symmetries_.begin(), symmetries_.end(), [&](const Symmetry& symmetry) {
            return canonical(apply(symmetry, squares_[q])) != squares_[q];
          }))
        continue;
      std::size_t fixed = 0;
      for (const Placement& p : by_square[q]) {
        const auto self = image(symmetries_[0], p);
        for (std::size_t g = 1; g < symmetries_.size(); ++g) {
          if (image(symmetries_[g], p) == self) {
            ++fixed;
            break;
          }
        }
      }
      if (fixed < best_fixed || (fixed == best_fixed && by_square[q].size() < best_size)) {
        restricted_ = static_cast<int>(q);
        best_fixed = fixed;
        best_size = by_square[q].size();
      }
    }
    needs_filter_ = best_fixed > 0;
    std::vector<Placement> kept;
    for (const Placement& p : by_square[static_cast<std::size_t>(restricted_)]) {
      bool smallest = true;
      for (std::size_t g = 1; g < symmetries_.size() && smallest; ++g)
        smallest = !(image(symmetries_[g], p) < image(symmetries_[0], p));
      if (smallest) kept.push_back(p);
    }
    by_square[static_cast<std::size_t>(restricted_)] = std::move(kept);
  }

  // Items: squares, cells, then (secondary) the east edge "r0c0e" and south edge "r0c0s" of each cell that has
  // a neighbour there.
  std::vector<dlx::ItemId> square_item, cell_item, east(squares_.size()),
      south(squares_.size());  // one per cell
  for (const Square& square : squares_) square_item.push_back(problem_.add_primary(name(square)));
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) cell_item.push_back(problem_.add_primary(cell_name(r, c)));
  for (int r = 0; r < rows; ++r) {
    for (int c = 0; c < cols; ++c) {
      const auto i = static_cast<std::size_t>(r * cols + c);
      if (c + 1 < cols) east[i] = problem_.add_secondary(cell_name(r, c) + "e");
      if (r + 1 < rows) south[i] = problem_.add_secondary(cell_name(r, c) + "s");
    }
  }
  std::vector<dlx::ColorId> color(static_cast<std::size_t>(colors) + 1);
  for (int k = 1; k <= colors; ++k) color[static_cast<std::size_t>(k)] = problem_.color(std::to_string(k));

  std::vector<dlx::ItemUse> uses;
  for (const std::vector<Placement>& placements : by_square) {
    for (const Placement& p : placements) {
      const auto i = static_cast<std::size_t>(p.row * cols + p.col);
      const auto paint = [&](int k) { return color[static_cast<std::size_t>(k)]; };
      uses = {{square_item[static_cast<std::size_t>(p.square)]}, {cell_item[i]}};
      if (p.row > 0) uses.push_back({south[i - static_cast<std::size_t>(cols)], paint(p.edges[0])});
      if (p.col + 1 < cols) uses.push_back({east[i], paint(p.edges[1])});
      if (p.row + 1 < rows) uses.push_back({south[i], paint(p.edges[2])});
      if (p.col > 0) uses.push_back({east[i - 1], paint(p.edges[3])});
      problem_.add_option(uses);
      placements_.push_back(p);
    }
  }
}

std::vector<Square> Puzzle::edges(std::span<const dlx::OptionId> solution) const {
  std::vector<Square> out(static_cast<std::size_t>(rows_ * cols_));
  for (dlx::OptionId option : solution) {
    const Placement& p = placements_[option];
    out[static_cast<std::size_t>(p.row * cols_ + p.col)] = p.edges;
  }
  return out;
}

bool Puzzle::keep(std::span<const dlx::OptionId> solution) const {
  if (!needs_filter_) return true;
  // As in polyomino: the surplus tilings found are the images of this one under the symmetries that fix the
  // restricted square's placement; keep the smallest.
  const Placement* restricted = nullptr;
  for (dlx::OptionId option : solution)
    if (placements_[option].square == restricted_) restricted = &placements_[option];
  const std::vector<Square> mine = edges(solution);
  for (std::size_t g = 1; g < symmetries_.size(); ++g) {
    const Symmetry& s = symmetries_[g];
    if (cell_after(s.motion, restricted->row, restricted->col) != restricted->row * cols_ + restricted->col ||
        apply(s, restricted->edges) != restricted->edges)
      continue;
    if (transform(s, mine) < mine) return false;
  }
  return true;
}

void Puzzle::draw(std::ostream& out, std::span<const dlx::OptionId> solution, bool color) const {
  const std::vector<Square> grid = edges(solution);
  const auto digit = [&](int k) {
    const std::string d(1, static_cast<char>('0' + k));
    return color
               ? "\x1b[30;48;5;" + std::to_string(kPalette[static_cast<std::size_t>(k)]) + "m" + d + "\x1b[0m"
               : d;
  };
  std::string rule = "+";
  for (int c = 0; c < cols_; ++c) rule += "---+";
  out << rule << '\n';
  for (int r = 0; r < rows_; ++r) {
    std::string top = "|", middle = "|", bottom = "|";
    for (int c = 0; c < cols_; ++c) {
      const Square& e = grid[static_cast<std::size_t>(r * cols_ + c)];
      top += "\\" + digit(e[0]) + "/|";
      middle += digit(e[3]) + "X" + digit(e[1]) + "|";
      bottom += "/" + digit(e[2]) + "\\|";
    }
    out << top << '\n' << middle << '\n' << bottom << '\n' << rule << '\n';
  }
}

}  // namespace examples::macmahon
