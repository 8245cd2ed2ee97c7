#pragma once
// The command line of every application, on CLI11 (Debian: libcli11-dev).
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
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace bench {

// Bad command-line input: the application prints the message and exits with 2.
struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The text with every control byte and every byte that is not part of valid
// UTF-8 written as \xNN: file contents and arguments quoted in a message can
// then neither cut it short (a NUL) nor print raw bytes to the terminal.
std::string printable(const std::string& text);

// Parses a non-negative integer size ("1000", "2^20", "1e6", "64M").
std::uint64_t parse_size(const std::string& text, const std::string& option);
// Parses a comma-separated list; empty items are an error.
std::vector<std::string> parse_list(const std::string& text, const std::string& option);
// Parses a finite floating-point number.
double parse_real(const std::string& text, const std::string& option);

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
