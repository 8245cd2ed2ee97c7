#pragma once
// Tuning of kp::copy_if and kp::copy_index_if on CUDA: each warp compacts
// its own run of 32 x (values a thread) consecutive values, read in
// coalesced 32-value rounds, the selection of each round one ballot.
#include <cstddef>
#include <type_traits>

namespace kp::impl {

// Bytes of the tile a thread stages in team scratch (compact_staged): the
// copies hold no registers, so a tile of 256 threads is 32 KiB (8192
// floats), twice the bytes in flight of a tile in registers. On an H200,
// 2^26 floats with 1% kept: 119 us in the kernel against 175 for 16
// floats a thread held in registers (which spilled), and 161 with their
// selection as bits; tiles of 16 and 24 floats staged took 185 and 151 us
// (wall time, 1%) against 32's 137.
inline constexpr int kCompactStagedBytes = 128;

// Values that compact_staged takes: copyable as 4-byte words (size a
// multiple of 4, 4-byte aligned), at least 2 a thread.
template <class X>
inline constexpr bool kStagedValue = std::is_trivially_copyable_v<X> && sizeof(X) % 4 == 0 &&
                                     alignof(X) >= 4 &&
                                     2 * sizeof(X) <= std::size_t{kCompactStagedBytes};
// Values a thread stages: 32 4-byte values, 16 of 8 bytes, 8 of 16 (at
// most 32: a thread keeps its selection as the bits of one word).
template <class X>
inline constexpr int kStagedItems = kCompactStagedBytes / static_cast<int>(sizeof(X)) < 32
                                        ? kCompactStagedBytes / static_cast<int>(sizeof(X))
                                        : 32;

// Values that compact_staged does not take, held in registers: 16 rounds a
// warp cover the memory latency; a tile of 256 threads is 4096 values.
inline constexpr int kCompactItems = 16;

}  // namespace kp::impl
