// libFuzzer target: the .npy reader (harness/npy.hpp) and its exact
// conversions. Every input must end in an Array or a UsageError; anything
// else (a crash, another exception, a sanitizer report) is a finding.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>

#include "harness/npy.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::istringstream file(std::string(reinterpret_cast<const char*>(data), size));
  try {
    const bench::npy::Array array = bench::npy::read(file, size, "fuzz");
    try {
      (void)bench::npy::exact_values<std::int32_t>(array, "fuzz");
    } catch (const bench::UsageError&) {
    }
    try {
      (void)bench::npy::exact_values<float>(array, "fuzz");
    } catch (const bench::UsageError&) {
    }
  } catch (const bench::UsageError&) {
  }
  return 0;
}
