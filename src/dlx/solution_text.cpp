#include "dlx/solution_text.hpp"

namespace dlx {

void append_solution_text(std::string& text, const Problem& problem, std::span<const OptionId> solution,
                          const std::vector<std::size_t>* option_lines) {
  for (const OptionId option : solution) {
    if (option_lines != nullptr) {
      text += std::to_string((*option_lines)[option]);
      text += ": ";
    }
    text += problem.option_text(option);
    text += '\n';
  }
}

}  // namespace dlx
