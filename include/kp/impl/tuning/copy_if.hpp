#pragma once
// kp::copy_if and kp::copy_index_if's parameters per target
// (tuning/target.hpp). On a GPU each warp compacts its own run of 32 x
// (values a thread) consecutive values, read in coalesced 32-value rounds,
// the selection of each round one ballot; the host runs the scan's
// look-back tiles (tuning/scan.hpp).
#include <cstddef>
#include <type_traits>

#include <kp/impl/tuning/target.hpp>

namespace kp::impl::tuning {

template <Target T>
struct CopyIfTuning : Next<CopyIfTuning, T> {};

// Hopper (docs/results/h200-2026-11-27/copy-if/).
template <>
struct CopyIfTuning<Target::hopper> {
  // Bytes of the tile a thread stages in team scratch (compact_staged): the
  // copies hold no registers, so a tile of 256 threads is 32 KiB (8192
  // floats), twice the bytes in flight of a tile in registers.
  static constexpr int staged_bytes = 128;
  // Values that compact_staged takes: copyable as 4-byte words (size a
  // multiple of 4, 4-byte aligned), at least 2 a thread.
  template <class X>
  static constexpr bool stages = std::is_trivially_copyable_v<X> && sizeof(X) % 4 == 0 &&
                                 alignof(X) >= 4 && 2 * sizeof(X) <= std::size_t{staged_bytes};
  // Values a thread stages: 32 4-byte values, 16 of 8 bytes, 8 of 16 (at
  // most 32: a thread keeps its selection as the bits of one word).
  template <class X>
  static constexpr int staged_items = staged_bytes / static_cast<int>(sizeof(X)) < 32
                                          ? staged_bytes / static_cast<int>(sizeof(X))
                                          : 32;
  // Values that compact_staged does not take, held in registers: 16 rounds
  // a warp cover the memory latency; a tile of 256 threads is 4096 values.
  static constexpr int register_items = 16;
};
// Any other GPU: Hopper's policy, not measured there.
template <>
struct CopyIfTuning<Target::gpu> : CopyIfTuning<Target::hopper> {};

// Host spaces: the scan's look-back tiles (ScanTuning).
template <>
struct CopyIfTuning<Target::host> {};

}  // namespace kp::impl::tuning

namespace kp::impl {

// The policy of the GPU this build compiles device code for.
using GpuCopyIfTuning = tuning::CopyIfTuning<tuning::kBuildGpu>;

}  // namespace kp::impl
