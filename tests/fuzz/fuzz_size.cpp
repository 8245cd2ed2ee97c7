// libFuzzer target: the size parser of --size, --bins, --draws... ("2^20",
// "1e6", "64M"), and printable(), which quotes any argument in a message.
// A size must read back the same from its decimal form; printable() must
// leave no control byte.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "harness/usage.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    const std::uint64_t value = bench::parse_size(text, "--size");
    if (bench::parse_size(std::to_string(value), "--size") != value) std::abort();
  } catch (const bench::UsageError&) {
    // The message quotes the raw text: print_error makes it printable.
  }
  for (const char c : bench::printable(text)) {
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) std::abort();
  }
  return 0;
}
