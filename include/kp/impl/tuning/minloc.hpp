#pragma once
// kp::minloc / kp::maxloc's host parameters per target (tuning/target.hpp);
// on a GPU they are vector reductions (tuning/reduce.hpp).
#include <cstdint>

#include <kp/impl/tuning/target.hpp>

namespace kp::impl::tuning {

template <Target T>
struct MinlocTuning : Next<MinlocTuning, T> {};

// GPUs: nothing of their own (ReduceTuning).
template <>
struct MinlocTuning<Target::gpu> {};

// Host spaces (docs/PERFORMANCE.md, Minloc).
template <>
struct MinlocTuning<Target::host> {
  // Values a block: its extreme is found first in SIMD lanes, its first
  // index looked for (in L2 by then) only when it beats the best so far;
  // smaller blocks pay the lane fold and branch too often.
  static constexpr std::int64_t block = 32768;
  // Values a chunk at most: a chunk's first block always costs that second
  // look, so long chunks pay it rarely; chunks shrink (to one block) only
  // where a thread would otherwise get none.
  static constexpr std::int64_t chunk = 16 * block;
};

}  // namespace kp::impl::tuning

namespace kp::impl {

// The host's policy, for code that runs on host spaces alone.
using HostMinlocTuning = tuning::MinlocTuning<tuning::Target::host>;

}  // namespace kp::impl
