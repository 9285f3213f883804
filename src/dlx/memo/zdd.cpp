#include "dlx/memo/zdd.hpp"

namespace dlx::memo {

std::uint64_t ZddWriter::node(OptionId option, std::uint64_t lo, std::uint64_t hi) {
  const std::uint64_t id = next_++;
  line_.assign(std::to_string(id));
  line_ += ": (";
  line_ += std::to_string(option);
  line_ += ") ";
  line_ += std::to_string(lo);
  line_ += ' ';
  line_ += std::to_string(hi);
  line_ += '\n';
  out_.write(line_.data(), static_cast<std::streamsize>(line_.size()));
  return id;
}

void ZddWriter::finish(std::uint64_t root) {
  out_ << "root: " << root << '\n';
}

}  // namespace dlx::memo
