#pragma once
// What the emulator tests share: order-sensitive float data, a bitwise
// comparison, and a runner of one block reduction on an emulated block.
#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <vector>

#include "emulator/block.hpp"

namespace bench::test {

// Floats whose sum depends on the order of additions: random values of
// both signs with magnitudes from 2^-8 to 2^9, plus +2^24 at 0 and -2^24 at
// n/2. The tree and the shuffle add those two first and cancel them exactly;
// adding left to right rounds the first half to even integers next to 2^24,
// losing their fractions, so the orders give other bits.
inline std::vector<float> order_sensitive_floats(int n, std::uint64_t seed) {
  std::mt19937_64 random(seed);  // raw engine output: the same on every platform
  std::vector<float> values(static_cast<std::size_t>(n));
  for (float& value : values) {
    const std::uint64_t r = random();
    const float mantissa = 1.0f + static_cast<float>(r >> 41) * 0x1.0p-23f;
    const int exponent = static_cast<int>(r % 17) - 8;
    value = std::ldexp((r >> 8) & 1 ? -mantissa : mantissa, exponent);
  }
  if (n >= 2) {
    values.front() = 0x1.0p24f;
    values[static_cast<std::size_t>(n / 2)] = -0x1.0p24f;
  }
  return values;
}

// Left to right: the order the tree must NOT match, to prove the data matters.
inline float sequential_sum(const std::vector<float>& values) {
  float sum = 0;
  for (float value : values) sum += value;
  return sum;
}

inline bool same_bits(float a, float b) {
  return std::memcmp(&a, &b, sizeof(float)) == 0;
}

// Runs co_await reduce(block, rank, shared, values[rank]) on a block of
// values.size() threads and returns what each thread got.
template <class Reduce>
std::vector<float> run_block(const std::vector<float>& values, emu::Schedule schedule,
                             Reduce reduce) {
  emu::Block block(static_cast<int>(values.size()), schedule);
  std::vector<float> shared(values.size()), results(values.size());
  block.run([&](int rank) -> emu::Thread {
    const auto r = static_cast<std::size_t>(rank);
    results[r] = co_await reduce(block, rank, shared.data(), values[r]);
  });
  return results;
}

}  // namespace bench::test
