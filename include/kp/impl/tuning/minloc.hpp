#pragma once
// Tuning of kp::minloc / kp::maxloc's host path: one place for the
// constants, each with why it has its value. Their measurements are in
// docs/PERFORMANCE.md (minloc).
#include <cstdint>

namespace kp::impl {

// Values a block: its extreme is found first in SIMD lanes, its first index
// looked for (in L2 by then) only when it beats the best so far; smaller
// blocks pay the lane fold and branch too often.
inline constexpr std::int64_t kFirstLocBlock = 32768;

// Blocks a chunk at most: a chunk's first block always costs that second
// look, so long chunks pay it rarely; chunks shrink (to one block) only
// where a thread would otherwise get none.
inline constexpr std::int64_t kFirstLocChunk = 16 * kFirstLocBlock;

}  // namespace kp::impl
