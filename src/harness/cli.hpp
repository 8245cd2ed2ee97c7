#pragma once
// One command-line parser for every application of the suite.
//
// Each option is registered with a target variable and a help line; parse()
// fills the targets or throws UsageError with a one-line message. Sizes accept
// plain integers, powers of two ("2^26"), scientific notation ("1e7") and the
// binary suffixes k, M, G ("64M" = 64 * 2^20), and reject anything negative,
// fractional, non-numeric or too large for 64 bits.
#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

namespace kp {

// Bad command-line input: the application prints the message and exits with 2.
struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Parses a non-negative integer size ("1000", "2^20", "1e6", "64M").
std::uint64_t parse_size(const std::string& text, const std::string& option);
// Parses a comma-separated list; empty items are an error.
std::vector<std::string> parse_list(const std::string& text, const std::string& option);
// Parses a finite floating-point number.
double parse_real(const std::string& text, const std::string& option);

class Cli {
 public:
  Cli(std::string program, std::string summary);

  void add_size(const std::string& name, std::uint64_t* target, const std::string& help,
                std::uint64_t min = 0, std::uint64_t max = UINT64_MAX);
  void add_int(const std::string& name, int* target, const std::string& help, int min, int max);
  void add_real(const std::string& name, double* target, const std::string& help);
  void add_string(const std::string& name, std::string* target, const std::string& help,
                  std::vector<std::string> choices = {});
  void add_list(const std::string& name, std::vector<std::string>* target, const std::string& help);
  void add_flag(const std::string& name, bool* target, const std::string& help);

  // Returns false when --help was given (usage already printed to stdout).
  // Throws UsageError on bad input. Accepts "--name value" and "--name=value".
  bool parse(int argc, char** argv);
  std::string usage() const;
  const std::string& program() const { return program_; }

 private:
  struct Option {
    std::string name;
    std::string help;
    std::string default_text;
    bool takes_value;
    std::function<void(const std::string&)> set;
  };
  void add(Option option);
  std::string program_;
  std::string summary_;
  std::vector<Option> options_;
};

}  // namespace kp
