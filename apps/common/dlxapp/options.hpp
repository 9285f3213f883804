// Reading a command line with boost::program_options, the same way in every command: the options a program lists
// in --help, hidden ones, one positional argument (the input file, stored as "file"), and a bad command line as
// one usage error. Header only: apps/common itself does not link Boost.
#pragma once

#include <boost/program_options.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "dlxapp/usage.hpp"

namespace dlxapp {

// args: argv without the program's name. hidden must declare "file". A bad command line throws UsageError
// "what is wrong (see PROGRAM --help)", any word longer than kMaxEchoed shortened.
inline boost::program_options::variables_map parse_options(
    const std::vector<std::string>& args, const boost::program_options::options_description& visible,
    const boost::program_options::options_description& hidden, std::string_view program) {
  namespace po = boost::program_options;
  po::options_description all;
  all.add(visible).add(hidden);
  po::positional_options_description positional;
  positional.add("file", 1);
  po::variables_map vm;
  try {
    po::store(po::command_line_parser(args).options(all).positional(positional).run(), vm);
    po::notify(vm);
  } catch (const po::error& e) {
    usage_error(shorten_words(e.what()) + " (see " + std::string(program) + " --help)");
  }
  return vm;
}

}  // namespace dlxapp
