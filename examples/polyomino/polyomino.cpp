#include "polyomino/polyomino.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <istream>
#include <limits>
#include <ostream>
#include <sstream>
#include <string>
#include <string_view>

#include "common/cli.hpp"
#include "dlx/input_error.hpp"
#include "dlx/line_reader.hpp"

namespace examples::polyomino {

namespace {

// Text files are read line by line; longer lines are an error.
constexpr std::size_t kMaxLineLength = 4096;

// The 12 pentominoes in the same format as a --pieces file.
constexpr const char* kPentominoes =
    ".FF  I  L    .N  PP  TTT  U.U  V..  W..  .X.  .Y  ZZ.\n"
    "FF.  I  L    .N  PP  .T.  UUU  V..  WW.  XXX  YY  .Z.\n"
    ".F.  I  L    NN  P.  .T.       VVV  .WW  .X.  .Y  .ZZ\n"
    "     I  LL   N.                               .Y\n"
    "     I\n";

bool is_blank(std::string_view line) {
  return std::all_of(line.begin(), line.end(), [](char c) { return c == ' ' || c == '\t'; });
}

// The next line of a drawing without a trailing '\r', or nothing at the end; comment lines are skipped.
std::optional<std::string_view> next_drawing_line(dlx::LineReader& reader, std::string_view source) {
  while (auto line = reader.next()) {
    if (reader.too_long())
      throw dlx::InputError(source, reader.line_number(),
                            "line longer than " + std::to_string(kMaxLineLength) + " bytes");
    std::string_view text = *line;
    if (!text.empty() && text.back() == '\r') text.remove_suffix(1);
    const auto first = text.find_first_not_of(' ');
    if (first != std::string_view::npos && text[first] == ';') continue;
    return text;
  }
  if (reader.read_error()) throw dlx::InputError(source, 0, "cannot read file: " + *reader.read_error());
  return std::nullopt;
}

std::string column_text(std::size_t col) {
  return "column " + std::to_string(col + 1);
}

void check_byte(std::string_view source, std::size_t line, std::size_t col, char c) {
  const auto byte = static_cast<unsigned char>(c);
  if (c == '\t') throw dlx::InputError(source, line, "tab at " + column_text(col) + ": draw with spaces");
  if (byte < 0x20 || byte >= 0x7f)
    throw dlx::InputError(source, line,
                          "invalid byte " + dlx::describe_byte(byte) + " at " + column_text(col));
}

bool connected(const Shape& shape) {
  std::vector<bool> seen(shape.size(), false);
  std::vector<std::size_t> stack{0};
  seen[0] = true;
  std::size_t reached = 1;
  while (!stack.empty()) {
    const Cell cell = shape[stack.back()];
    stack.pop_back();
    for (const Cell next : {Cell{cell.row - 1, cell.col}, Cell{cell.row + 1, cell.col},
                            Cell{cell.row, cell.col - 1}, Cell{cell.row, cell.col + 1}}) {
      const auto it = std::lower_bound(shape.begin(), shape.end(), next);
      if (it == shape.end() || *it != next) continue;
      const auto index = static_cast<std::size_t>(it - shape.begin());
      if (seen[index]) continue;
      seen[index] = true;
      ++reached;
      stack.push_back(index);
    }
  }
  return reached == shape.size();
}

std::string cell_name(Cell cell) {
  return "r" + std::to_string(cell.row) + "c" + std::to_string(cell.col);
}

// Background colors (xterm's 256-color palette) light enough for black letters.
constexpr std::array<int, 16> kPalette = {210, 221, 120, 117, 183, 216, 229, 158,
                                          147, 218, 186, 123, 250, 174, 151, 189};

}  // namespace

Cell apply(int symmetry, Cell cell) {
  if (symmetry >= 4) cell.col = -cell.col;                                       // mirror first
  for (int turn = 0; turn < symmetry % 4; ++turn) cell = {cell.col, -cell.row};  // a quarter turn clockwise
  return cell;
}

Shape normalize(Shape shape) {
  if (shape.empty()) return shape;
  int min_row = std::numeric_limits<int>::max(), min_col = std::numeric_limits<int>::max();
  for (const Cell& cell : shape) {
    min_row = std::min(min_row, cell.row);
    min_col = std::min(min_col, cell.col);
  }
  for (Cell& cell : shape) cell = {cell.row - min_row, cell.col - min_col};
  std::sort(shape.begin(), shape.end());
  return shape;
}

Shape transform(int symmetry, const Shape& shape) {
  Shape out;
  out.reserve(shape.size());
  for (const Cell& cell : shape) out.push_back(apply(symmetry, cell));
  return normalize(std::move(out));
}

std::vector<int> allowed_symmetries(Freedom freedom) {
  if (freedom.rotate)
    return freedom.reflect ? std::vector<int>{0, 1, 2, 3, 4, 5, 6, 7} : std::vector<int>{0, 1, 2, 3};
  return freedom.reflect ? std::vector<int>{0, 4} : std::vector<int>{0};
}

std::vector<Piece> pentominoes() {
  std::istringstream in(kPentominoes);
  std::vector<Piece> pieces = read_pieces(in, "<pentominoes>");
  for (Piece& piece : pieces) piece.line = 0;
  return pieces;
}

std::vector<Piece> read_pieces(std::istream& in, std::string_view source) {
  struct Draft {
    Piece piece;
    int block;
  };
  std::vector<Draft> drafts;
  std::array<int, 256> draft_of{};
  draft_of.fill(-1);
  dlx::LineReader reader(in, kMaxLineLength);
  int block = 0, row = 0;
  bool in_block = false;
  while (auto line = next_drawing_line(reader, source)) {
    const std::size_t number = reader.line_number();
    ++row;
    if (is_blank(*line)) {
      if (in_block) ++block;
      in_block = false;
      continue;
    }
    in_block = true;
    for (std::size_t col = 0; col < line->size(); ++col) {
      const char c = (*line)[col];
      if (c == ' ' || c == '.') continue;
      check_byte(source, number, col, c);
      if (c == ':' || c == '|' || c == ';')
        throw dlx::InputError(source, number,
                              std::string("'") + c + "' at " + column_text(col) +
                                  " cannot name a piece (use a letter or digit)");
      int& index = draft_of[static_cast<unsigned char>(c)];
      if (index < 0) {
        index = static_cast<int>(drafts.size());
        drafts.push_back({Piece{c, {}, number}, block});
      } else if (drafts[index].block != block) {
        throw dlx::InputError(source, number,
                              std::string("piece '") + c + "' was drawn already, at line " +
                                  std::to_string(drafts[index].piece.line) +
                                  "; give each piece its own character");
      }
      drafts[index].piece.shape.push_back({row, static_cast<int>(col)});
    }
  }
  if (drafts.empty())
    throw dlx::InputError(source, std::max<std::size_t>(reader.line_number(), 1),
                          "no pieces: draw each piece with its own letter, '.' or space for empty squares");
  std::vector<Piece> pieces;
  for (Draft& draft : drafts) {
    draft.piece.shape = normalize(std::move(draft.piece.shape));
    if (!connected(draft.piece.shape))
      throw dlx::InputError(source, draft.piece.line,
                            std::string("piece '") + draft.piece.name +
                                "' is not connected: its cells must touch side by side");
    pieces.push_back(std::move(draft.piece));
  }
  return pieces;
}

Board rectangle(int rows, int cols) {
  if (rows < 1 || cols < 1 || rows > kMaxBoardSide || cols > kMaxBoardSide)
    throw UsageError("a board has 1 to " + std::to_string(kMaxBoardSide) + " rows and columns");
  Board board{rows, cols, {}};
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) board.cells.push_back({r, c});
  return board;
}

Board parse_rectangle(std::string_view text) {
  const auto x = text.find_first_of("xX");
  if (x == std::string_view::npos)
    throw UsageError("--board wants ROWSxCOLUMNS, like 6x10, not '" + std::string(text) + "'");
  const auto side = static_cast<long long>(kMaxBoardSide);
  const auto rows = static_cast<int>(parse_integer(text.substr(0, x), 1, side, "--board rows"));
  const auto cols = static_cast<int>(parse_integer(text.substr(x + 1), 1, side, "--board columns"));
  return rectangle(rows, cols);
}

Board read_board(std::istream& in, std::string_view source) {
  dlx::LineReader reader(in, kMaxLineLength);
  Shape cells;
  int row = 0, first_row = 0;
  while (auto line = next_drawing_line(reader, source)) {
    const std::size_t number = reader.line_number();
    for (std::size_t col = 0; col < line->size(); ++col) {
      const char c = (*line)[col];
      if (c == ' ' || c == '#') continue;
      check_byte(source, number, col, c);
      if (c != '.')
        throw dlx::InputError(source, number,
                              std::string("unexpected '") + c + "' at " + column_text(col) +
                                  ": draw the board with '.' for cells to cover, '#' or space for none");
      if (cells.empty()) first_row = row;
      if (static_cast<int>(col) >= kMaxBoardSide || row - first_row >= kMaxBoardSide)
        throw dlx::InputError(source, number,
                              "the board is larger than " + std::to_string(kMaxBoardSide) + " x " +
                                  std::to_string(kMaxBoardSide));
      cells.push_back({row, static_cast<int>(col)});
    }
    ++row;
  }
  if (cells.empty())
    throw dlx::InputError(source, std::max<std::size_t>(reader.line_number(), 1),
                          "the board has no cells: draw each cell to cover with '.'");
  Board board;
  board.cells = normalize(std::move(cells));
  for (const Cell& cell : board.cells) {
    board.rows = std::max(board.rows, cell.row + 1);
    board.cols = std::max(board.cols, cell.col + 1);
  }
  return board;
}

std::vector<int> board_symmetries(const Board& board, std::span<const int> allowed) {
  std::vector<int> out;
  for (int symmetry : allowed)
    if (transform(symmetry, board.cells) == board.cells) out.push_back(symmetry);
  return out;
}

Copies parse_copies(const std::string& text) {
  const auto number = [&](std::string_view digits) {
    std::uint32_t value = 0;
    const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
    if (digits.empty() || error != std::errc() || end != digits.data() + digits.size())
      throw UsageError("--copies takes V or U:V (whole numbers), not '" + text + "'");
    return value;
  };
  const std::size_t colon = text.find(':');
  const std::string_view all(text);
  Copies copies;
  copies.hi = number(colon == std::string::npos ? all : all.substr(colon + 1));
  copies.lo = colon == std::string::npos ? copies.hi : number(all.substr(0, colon));
  if (copies.hi == 0 || copies.lo > copies.hi || copies.hi > dlx::kMaxBound)
    throw UsageError("--copies " + text + ": need 0 <= U <= V, 1 <= V <= " + std::to_string(dlx::kMaxBound));
  return copies;
}

Tiling::Tiling(std::vector<Piece> pieces, Board board, Freedom freedom, bool up_to_symmetry, Copies copies)
    : pieces_(std::move(pieces)), board_(std::move(board)), up_to_symmetry_(up_to_symmetry) {
  const bool unlimited = copies.unlimited;
  const bool once = !unlimited && copies.lo == 1 && copies.hi == 1;
  if (!once && up_to_symmetry)
    throw UsageError(
        "counting up to symmetry needs each piece used exactly once: not with --unlimited or --copies");
  std::size_t area = 0;
  std::array<bool, 256> named{};
  for (const Piece& piece : pieces_) {
    area += piece.shape.size();
    auto& seen = named[static_cast<unsigned char>(piece.name)];
    if (seen) throw UsageError(std::string("two pieces are named '") + piece.name + "'");
    seen = true;
  }
  if (once && area != board_.cells.size())
    throw UsageError("the pieces cover " + std::to_string(area) + " cells but the board has " +
                     std::to_string(board_.cells.size()) + "; each piece is used exactly once");
  if (!once && !unlimited &&
      (area * copies.lo > board_.cells.size() || area * copies.hi < board_.cells.size()))
    throw UsageError("the pieces used " + std::to_string(copies.lo) + " to " + std::to_string(copies.hi) +
                     " times each cover " + std::to_string(area * copies.lo) + " to " +
                     std::to_string(area * copies.hi) + " cells, but the board has " +
                     std::to_string(board_.cells.size()));

  // Where each board square's cell is (-1: not on the board).
  std::vector<int> index(static_cast<std::size_t>(board_.rows) * static_cast<std::size_t>(board_.cols), -1);
  const auto at = [&](Cell cell) -> int& {
    return index[static_cast<std::size_t>(cell.row) * static_cast<std::size_t>(board_.cols) +
                 static_cast<std::size_t>(cell.col)];
  };
  for (std::size_t i = 0; i < board_.cells.size(); ++i) at(board_.cells[i]) = static_cast<int>(i);

  // The board's symmetries as maps of cell indices.
  const std::vector<int> allowed = allowed_symmetries(freedom);
  for (int symmetry : board_symmetries(board_, allowed)) {
    Shape image;
    for (const Cell& cell : board_.cells) image.push_back(apply(symmetry, cell));
    const Cell low =
        *std::min_element(image.begin(), image.end(), [](Cell a, Cell b) { return a.row < b.row; });
    const Cell left =
        *std::min_element(image.begin(), image.end(), [](Cell a, Cell b) { return a.col < b.col; });
    std::vector<int> map;
    for (const Cell& cell : image) map.push_back(at({cell.row - low.row, cell.col - left.col}));
    symmetry_maps_.push_back(std::move(map));
  }

  // Every placement of every piece.
  std::vector<std::vector<Placement>> by_piece(pieces_.size());
  for (std::size_t p = 0; p < pieces_.size(); ++p) {
    std::vector<Shape> orientations;
    for (int symmetry : allowed) {
      Shape shape = transform(symmetry, pieces_[p].shape);
      if (std::find(orientations.begin(), orientations.end(), shape) == orientations.end())
        orientations.push_back(std::move(shape));
    }
    for (const Shape& shape : orientations) {
      int height = 0, width = 0;
      for (const Cell& cell : shape) {
        height = std::max(height, cell.row + 1);
        width = std::max(width, cell.col + 1);
      }
      for (int dr = 0; dr + height <= board_.rows; ++dr) {
        for (int dc = 0; dc + width <= board_.cols; ++dc) {
          Placement placement{static_cast<int>(p), {}};
          for (const Cell& cell : shape) {
            const int i = at({cell.row + dr, cell.col + dc});
            if (i < 0) break;
            placement.cells.push_back(i);
          }
          if (placement.cells.size() != shape.size()) continue;
          std::sort(placement.cells.begin(), placement.cells.end());
          by_piece[p].push_back(std::move(placement));
        }
      }
    }
  }

  // Counting up to symmetry: pick the piece to restrict, then keep one placement of each orbit of it.
  const auto image = [&](const std::vector<int>& map, const Placement& placement) {
    std::vector<int> cells;
    for (int i : placement.cells) cells.push_back(map[static_cast<std::size_t>(i)]);
    std::sort(cells.begin(), cells.end());
    return cells;
  };
  if (up_to_symmetry_ && symmetry_maps_.size() > 1) {
    // A placement is "fixed" when some symmetry other than the identity maps it onto itself.
    std::size_t best_fixed = SIZE_MAX, best_size = SIZE_MAX;
    for (std::size_t p = 0; p < pieces_.size(); ++p) {
      std::size_t fixed = 0;
      for (const Placement& placement : by_piece[p]) {
        for (std::size_t g = 1; g < symmetry_maps_.size(); ++g) {
          if (image(symmetry_maps_[g], placement) == placement.cells) {
            ++fixed;
            break;
          }
        }
      }
      // Prefer pieces without fixed placements, then those with fewer placements.
      if (fixed < best_fixed || (fixed == best_fixed && by_piece[p].size() < best_size)) {
        restricted_ = static_cast<int>(p);
        best_fixed = fixed;
        best_size = by_piece[p].size();
      }
    }
    needs_filter_ = best_fixed > 0;
    std::vector<Placement> kept;
    for (Placement& placement : by_piece[static_cast<std::size_t>(restricted_)]) {
      bool smallest = true;
      for (std::size_t g = 1; g < symmetry_maps_.size() && smallest; ++g)
        smallest = !(image(symmetry_maps_[g], placement) < placement.cells);
      if (smallest) kept.push_back(std::move(placement));
    }
    by_piece[static_cast<std::size_t>(restricted_)] = std::move(kept);
  }

  // The problem: pieces (unless unlimited), then cells, as primary items.
  std::vector<dlx::ItemId> piece_item, cell_item;
  if (!unlimited)
    for (const Piece& piece : pieces_)
      piece_item.push_back(problem_.add_primary(std::string(1, piece.name), copies.lo, copies.hi));
  for (const Cell& cell : board_.cells) cell_item.push_back(problem_.add_primary(cell_name(cell)));
  std::vector<dlx::ItemUse> uses;
  for (std::vector<Placement>& placements : by_piece) {
    for (Placement& placement : placements) {
      uses.clear();
      if (!unlimited) uses.push_back({piece_item[static_cast<std::size_t>(placement.piece)]});
      for (int i : placement.cells) uses.push_back({cell_item[static_cast<std::size_t>(i)]});
      problem_.add_option(uses);
      placements_.push_back(std::move(placement));
    }
  }
}

std::vector<int> Tiling::labels(std::span<const dlx::OptionId> solution) const {
  std::vector<int> out(board_.cells.size(), -1);
  for (dlx::OptionId option : solution) {
    const Placement& placement = placements_[option];
    for (int i : placement.cells) out[static_cast<std::size_t>(i)] = placement.piece;
  }
  return out;
}

std::vector<int> Tiling::transform_labels(const std::vector<int>& map, const std::vector<int>& labels) const {
  std::vector<int> out(labels.size(), -1);
  for (std::size_t i = 0; i < labels.size(); ++i) out[static_cast<std::size_t>(map[i])] = labels[i];
  return out;
}

bool Tiling::keep(std::span<const dlx::OptionId> solution) const {
  if (!needs_filter_) return true;
  // The search found every solution whose restricted piece lies on a kept placement p. The other members of
  // this solution's class found too are its images under the symmetries that map p onto itself: keep the
  // solution only if its labels are the smallest among them.
  const Placement* restricted = nullptr;
  for (dlx::OptionId option : solution)
    if (placements_[option].piece == restricted_) restricted = &placements_[option];
  const std::vector<int> mine = labels(solution);
  for (std::size_t g = 1; g < symmetry_maps_.size(); ++g) {
    const std::vector<int>& map = symmetry_maps_[g];
    std::vector<int> cells;
    for (int i : restricted->cells) cells.push_back(map[static_cast<std::size_t>(i)]);
    std::sort(cells.begin(), cells.end());
    if (cells != restricted->cells) continue;
    if (transform_labels(map, mine) < mine) return false;
  }
  return true;
}

void Tiling::draw(std::ostream& out, std::span<const dlx::OptionId> solution, bool color) const {
  const std::vector<int> piece_on = labels(solution);
  std::vector<int> grid(static_cast<std::size_t>(board_.rows) * static_cast<std::size_t>(board_.cols), -1);
  for (std::size_t i = 0; i < board_.cells.size(); ++i) {
    const Cell cell = board_.cells[i];
    grid[static_cast<std::size_t>(cell.row) * static_cast<std::size_t>(board_.cols) +
         static_cast<std::size_t>(cell.col)] = piece_on[i];
  }
  for (int r = 0; r < board_.rows; ++r) {
    std::string line;
    int previous = -1;
    for (int c = 0; c < board_.cols; ++c) {
      const int piece = grid[static_cast<std::size_t>(r) * static_cast<std::size_t>(board_.cols) +
                             static_cast<std::size_t>(c)];
      if (!color) {
        line += piece < 0 ? ' ' : pieces_[static_cast<std::size_t>(piece)].name;
        continue;
      }
      if (piece != previous) {
        line += piece < 0
                    ? std::string("\x1b[0m")
                    : "\x1b[30;48;5;" +
                          std::to_string(kPalette[static_cast<std::size_t>(piece) % kPalette.size()]) + "m";
        previous = piece;
      }
      line += piece < 0 ? ' ' : pieces_[static_cast<std::size_t>(piece)].name;
      line += ' ';
    }
    if (color && previous >= 0) line += "\x1b[0m";
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out << line << '\n';
  }
}

}  // namespace examples::polyomino
