#pragma once
// The command line of every application, on CLI11 (Debian: libcli11-dev).
// Included only where options are declared or parsed (the apps' *_app.cpp,
// harness/main.hpp): the usage error and the parsers are in usage.hpp.
//
// Options are declared with CLI11's own API on a bench::Cli; sizes take the
// bench::Size transform, which accepts plain integers, powers of two ("2^26"),
// scientific notation ("1e7") and the binary suffixes k, M, G ("64M" =
// 64 * 2^20), and rejects anything negative, fractional, non-numeric or too
// large for 64 bits:
//
//   cli.add_option("--bins", bins_, "number of bins")
//       ->transform(bench::Size())->check(CLI::Range(std::uint64_t{1}, max_bins));
#include <CLI/CLI.hpp>
#include <string>
#include <vector>

#include "harness/usage.hpp"

namespace bench {

// CLI11 transform: a size as parse_size reads it, rewritten to decimal digits.
class Size : public CLI::Validator {
 public:
  Size();
};

// CLI11 check: a file or folder name, refused when empty ("--csv ''" would
// otherwise read as no --csv at all and silently write nothing).
class Path : public CLI::Validator {
 public:
  Path();
};

class Cli : public CLI::App {
 public:
  Cli(const std::string& program, const std::string& summary);

  // A comma-separated list option ("a,b"), parsed by parse_list.
  CLI::Option* add_list(const std::string& name, std::vector<std::string>& target,
                        const std::string& help);

  // Returns false when --help was given (usage already printed to stdout).
  // Throws UsageError, with CLI11's one-line message, on bad input, and when
  // an option that takes a value is followed by another option instead.
  bool parse_command_line(int argc, char** argv);

 private:
  void require_values(int argc, char** argv) const;
};

}  // namespace bench
