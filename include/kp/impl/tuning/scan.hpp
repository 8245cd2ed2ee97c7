#pragma once
// The scans' parameters per target (tuning/target.hpp): kp::inclusive_scan,
// kp::exclusive_scan, their operator and transform forms, and the look-back
// that kp::copy_if shares.
#include <kp/impl/tuning/target.hpp>

namespace kp::impl::tuning {

// A setting chosen by the size of the values: 4 bytes, 8 bytes, others.
template <class V>
constexpr int by_value_size(int four, int eight, int other) {
  return sizeof(V) == 4 ? four : sizeof(V) == 8 ? eight : other;
}

template <Target T>
struct ScanTuning : Next<ScanTuning, T> {};

// Hopper (docs/results/h200-2026-11-27/scan-pairs/): the look-back's tile
// in registers (register_tile.hpp), a team of `team` threads holding
// packs<V> 16-byte packs each.
template <>
struct ScanTuning<Target::hopper> {
  // 8 warps, whose totals meet in one barrier, in a team small enough that
  // several share an SM.
  static constexpr int team = 256;
  // A look-back's tiles go through at a bounded rate, so a tile is large:
  // 16 KiB of 4-byte values (4096 floats), 32 KiB of wider ones (4096
  // doubles, 2048 pairs).
  template <class V>
  static constexpr int packs = by_value_size<V>(4, 8, 8);
  // A thread's packs consecutive (blocked: one warp scan a thread, after a
  // transpose through team scratch) or striped (a warp scan a pack, each of
  // sizeof(V) / 4 shuffled words a step): 4-byte values' four one-word
  // scans cost less than the transpose.
  template <class V>
  static constexpr bool blocked = by_value_size<V>(0, 1, 1) != 0;
  // Blocked tiles copied straight into the exchange (cp.async) and read
  // from there as they are scanned, rather than held in registers: the
  // bytes in flight take no registers, so more teams fit an SM. A blocked
  // tile's exchange is its packs plus one in packs<V> + 1: 36 KiB for 8-byte
  // and wider values, within the 40 KiB of team scratch a Kokkos 3.4 CUDA
  // team may ask for.
  static constexpr bool staged = true;
  // Teams resident an SM (LaunchBounds caps registers to fit), so that more
  // tiles load while others wait on the look-back: 5 of 4-byte values (48
  // registers a thread), 4 of wider ones (64 registers, staged tiles of 32
  // KiB); a team more spills registers.
  template <class V>
  static constexpr int teams_per_processor = by_value_size<V>(5, 4, 4);
  // Values whose size does not fill 16-byte packs: values a thread of a
  // `team` tile, staged in team scratch.
  static constexpr int scratch_items = 4;
  // The tiled scans (tile_plan.hpp): teams of tiled_team threads with
  // tiled_items values each.
  static constexpr int tiled_team = 256;
  static constexpr int tiled_items = 8;
};
// Any other GPU: Hopper's policy, not measured there.
template <>
struct ScanTuning<Target::gpu> : ScanTuning<Target::hopper> {};

// Host spaces (docs/PERFORMANCE.md, Scan): one thread a tile.
template <>
struct ScanTuning<Target::host> {
  // The look-back's tile (decoupled_lookback.hpp) stays in a 512 KiB L2
  // between its sum and its scan (256 KiB of floats, 512 KiB of doubles);
  // smaller tiles cost a contended ticket and look-back each.
  static constexpr int lookback_tile = 65536;
  // Polls of a predecessor's flag before a thread yields its core: the
  // predecessor may belong to a descheduled thread (more threads than cores).
  static constexpr int yield_polls = 64;
  // The tile scan (host_scan.hpp): elements a block, each block's prefix
  // independent of the others' so that their adds overlap, plus one carry
  // add a block; 4 floats or ints fill one 16-byte (streaming) store.
  static constexpr int scan_lanes = 4;
  // The tile's sum (no prefixes needed) in more lanes: SIMD registers' worth.
  static constexpr int sum_lanes = 16;
  // Last-level cache bytes assumed where sysconf does not say: a scan whose
  // input and output do not fit in it streams its output past the cache.
  static constexpr double assumed_cache = 32.0 * (1 << 20);
  // The tiled scans (tile_plan.hpp): one thread a tile of 2048 values, the
  // GPU's tile, small enough to stay in L1, large enough that the per-tile
  // work of the passes and the look-back is negligible.
  static constexpr int tiled_team = 1;
  static constexpr int tiled_items = 2048;
};

}  // namespace kp::impl::tuning

namespace kp::impl {

// The policy of the GPU this build compiles device code for, for code that
// runs there alone (the register tile, launch bounds).
using GpuScanTuning = tuning::ScanTuning<tuning::kBuildGpu>;
using HostScanTuning = tuning::ScanTuning<tuning::Target::host>;

}  // namespace kp::impl
