// Knuth's text format: any bytes either read as a problem or give one InputError naming the source and line;
// a problem that reads back writes out, and reads again, as the same problem.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>

#include "dlx/knuth_format.hpp"
#include "fuzz_check.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  dlx::KnuthInput input;
  try {
    input = dlx::read_knuth(in, "fuzz");
  } catch (const dlx::InputError& e) {
    const std::string what = e.what();
    FUZZ_EXPECT(what.rfind("fuzz:", 0) == 0);
    FUZZ_EXPECT(e.line() >= 1);
    FUZZ_EXPECT(what.find('\n') == std::string::npos);  // one line
    return 0;
  }
  std::stringstream text;
  dlx::write_knuth(text, input.problem);
  const dlx::KnuthInput again = dlx::read_knuth(text, "again");
  const dlx::Problem& a = input.problem;
  const dlx::Problem& b = again.problem;
  FUZZ_EXPECT(a.item_count() == b.item_count() && a.primary_count() == b.primary_count());
  FUZZ_EXPECT(a.option_count() == b.option_count());
  for (dlx::OptionId o = 0; o < a.option_count(); ++o) FUZZ_EXPECT(a.option_text(o) == b.option_text(o));
  return 0;
}
