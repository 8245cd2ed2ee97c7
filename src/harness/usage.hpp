#pragma once
// What the suite's code reads from the user besides the command line's
// CLI11 parser (harness/cli.hpp): the usage error every bad input throws and
// the parsers of sizes, lists and numbers. Without CLI11, whose header costs
// about 14 s of g++ at -O3 in every translation unit that includes it.
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

}  // namespace bench
