#include "roulette/weight_lines.hpp"

#include <cmath>
#include <cstdlib>

#include "harness/usage.hpp"

namespace bench::roulette {

namespace {
std::string trim(const std::string& text) {
  const char* space = " \t\r\n\v\f";
  const auto first = text.find_first_not_of(space);
  if (first == std::string::npos) return "";
  return text.substr(first, text.find_last_not_of(space) - first + 1);
}
}  // namespace

std::vector<double> read_weight_lines(std::istream& file, const std::string& path,
                                      bool& any_positive) {
  std::vector<double> read;
  std::string line;
  for (std::uint64_t number = 1; std::getline(file, line); ++number) {
    const std::string text = trim(line);
    if (text.empty() || text[0] == '#') continue;
    const auto bad = [&](const char* why) {
      // A binary file's bytes, quoted, must neither cut the message nor reach the terminal raw.
      const std::string shown = text.size() > 40 ? text.substr(0, 40) + "..." : text;
      throw UsageError("--weights-file: " + path + ":" + std::to_string(number) + ": '" +
                       printable(shown) + "' " + why);
    };
    // strtod would stop at a NUL byte and take the line for a number.
    if (text.find('\0') != std::string::npos) bad("is not a number");
    char* end = nullptr;
    const double value = std::strtod(text.c_str(), &end);
    if (end != text.c_str() + text.size()) bad("is not a number");
    if (std::isnan(value)) bad("is NaN");
    if (!std::isfinite(value)) bad("is not finite");
    if (value < 0) bad("is negative");
    any_positive = any_positive || value > 0;
    read.push_back(value == 0 ? 0.0 : value);  // -0 counts as 0
  }
  if (file.bad()) throw UsageError("--weights-file: error while reading '" + path + "'");
  return read;
}

}  // namespace bench::roulette
