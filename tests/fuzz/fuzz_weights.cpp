// libFuzzer target: the text weights reader of roulette's --weights-file.
// Every input must give weights that are finite and non-negative, or a
// UsageError whose message holds no raw control byte.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <sstream>
#include <string>

#include "harness/usage.hpp"
#include "roulette/weight_lines.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::istringstream file(std::string(reinterpret_cast<const char*>(data), size));
  bool any_positive = false;
  try {
    for (const double w : bench::roulette::read_weight_lines(file, "fuzz", any_positive)) {
      if (!std::isfinite(w) || w < 0 || std::signbit(w)) std::abort();
    }
  } catch (const bench::UsageError& error) {
    for (const char* c = error.what(); *c; ++c) {
      if (static_cast<unsigned char>(*c) < 0x20) std::abort();
    }
  }
  return 0;
}
