// dlx::LineReader against a plain reference split: every line end ('\n', "\r\n", a lone '\r'), lines that straddle
// the reader's 64 KiB blocks (a line held whole in a block comes back where it lies, one that straddles is
// gathered), a CRLF pair split between two blocks, lines cut at the limit and a missing final newline.
#include "dlx/line_reader.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <streambuf>
#include <string>
#include <string_view>
#include <vector>

namespace {

// A stream buffer that hands out at most `chunk` bytes a read, as a pipe does: blocks then end anywhere.
class ChunkedBuf : public std::streambuf {
 public:
  ChunkedBuf(std::string text, std::size_t chunk) : text_(std::move(text)), chunk_(chunk) {}

 protected:
  std::streamsize xsgetn(char* to, std::streamsize n) override {
    const std::size_t k = std::min({static_cast<std::size_t>(n), chunk_, text_.size() - at_});
    text_.copy(to, k, at_);
    at_ += k;
    return static_cast<std::streamsize>(k);
  }

 private:
  std::string text_;
  std::size_t chunk_, at_ = 0;
};

struct Read {
  std::vector<std::string> lines;
  std::vector<bool> cut;
  bool missing_newline = false;
  std::uint64_t consumed = 0;  // the reader's count of bytes read into lines and line ends
};

Read read_all(std::istream& in, std::size_t max_length) {
  dlx::LineReader reader(in, max_length);
  Read out;
  std::size_t number = 0;
  while (const auto line = reader.next()) {
    CHECK(reader.line_number() == ++number);
    out.lines.emplace_back(*line);
    out.cut.push_back(reader.too_long());
    out.missing_newline = reader.missing_newline();
  }
  out.consumed = reader.consumed();
  return out;
}

// The reference: lines split at '\n', "\r\n" and a lone '\r', each cut to max_length.
Read expected(std::string_view text, std::size_t max_length) {
  Read out;
  std::string line;
  bool any = false;
  const auto end_line = [&] {
    out.cut.push_back(line.size() > max_length);
    if (line.size() > max_length) line.resize(max_length);
    out.lines.push_back(line);
    line.clear();
    any = false;
  };
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '\n') {
      end_line();
    } else if (c == '\r') {
      end_line();
      if (i + 1 < text.size() && text[i + 1] == '\n') ++i;
    } else {
      line += c;
      any = true;
    }
  }
  out.missing_newline = any;
  if (any) end_line();
  return out;
}

void check_same(const std::string& text, std::size_t max_length, std::size_t chunk) {
  CAPTURE(chunk);
  CAPTURE(max_length);
  ChunkedBuf buf(text, chunk);
  std::istream in(&buf);
  const Read got = read_all(in, max_length);
  const Read want = expected(text, max_length);
  REQUIRE(got.lines.size() == want.lines.size());
  for (std::size_t i = 0; i < got.lines.size(); ++i) {
    CAPTURE(i);
    CHECK(got.lines[i] == want.lines[i]);
    CHECK(got.cut[i] == want.cut[i]);
  }
  CHECK(got.missing_newline == want.missing_newline);
  CHECK(got.consumed == text.size());
}

}  // namespace

TEST_CASE("line reader: every line end, lines across blocks, cut lines, as a plain split reads them") {
  // About 200 KiB of lines of varied lengths and ends, so that lines straddle the 64 KiB blocks at many offsets.
  std::string text;
  unsigned state = 12345;
  const char* const ends[] = {"\n", "\r\n", "\r", "\n"};
  while (text.size() < 200000) {
    state = state * 1103515245u + 12345u;
    const std::size_t length = (state >> 16) % 300;
    for (std::size_t i = 0; i < length; ++i) text += static_cast<char>('a' + (i + state) % 26);
    text += ends[(state >> 8) % 4];
  }
  // A CRLF pair split between two blocks, right at the first 64 KiB boundary.
  text.insert(65535 - 3, "xy\r\n");
  for (const std::size_t chunk : {std::size_t{1} << 16, std::size_t{4093}, std::size_t{97}}) {
    check_same(text, std::size_t{1} << 20, chunk);
    check_same(text, 100, chunk);  // lines over 100 bytes cut there, their rest skipped
    check_same(text + "no end", 100, chunk);
  }
}

TEST_CASE("line reader: the view of a line stays right until the next call, whole or gathered") {
  std::string text = "first\n" + std::string(70000, 'x') + "\nlast";
  std::istringstream in(text);
  dlx::LineReader reader(in);
  auto line = reader.next();
  REQUIRE(line);
  CHECK(*line == "first");
  line = reader.next();
  REQUIRE(line);
  CHECK(line->size() == 70000);
  CHECK(line->find_first_not_of('x') == std::string_view::npos);
  line = reader.next();
  REQUIRE(line);
  CHECK(*line == "last");
  CHECK(reader.missing_newline());
  CHECK(!reader.next());
  CHECK(reader.consumed() == text.size());
}
