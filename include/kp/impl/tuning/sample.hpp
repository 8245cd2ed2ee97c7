#pragma once
// kp::sample's tuning: the multinomial tree (agent/multinomial.hpp and the
// files it names), the alias table's build (agent/parallel_alias.hpp) and
// its draws (agent/alias_draws.hpp).
//
// Two kinds of values. The tree's shape and its cost model choose which
// random numbers a node uses, so they are one value for every target
// (changing one changes the counts a seed gives, never their distribution):
// named constants below. The launch shapes and the host's work sizes change
// only the speed: SampleTuning<Target>, a policy per target
// (tuning/target.hpp), read as Tuned<SampleTuning, Space>::member.
#include <cstdint>

#include <kp/impl/tuning/target.hpp>

namespace kp::impl {

// ---- The same on every target: they choose the random numbers.

// Items per block (2^10): a block's tree, sums and counts, is 32 KiB of team
// scratch, which leaves room for several teams per GPU multiprocessor and
// stays in a host core's L1/L2.
inline constexpr int kSampleLogBlock = 10;

// The cost model that picks, per node, walking each draw down its subtree
// over splitting it by binomials, in units of about a nanosecond of one
// host core: a walk costs base + per_level * height, a binomial
// kSampleBinomialCost (BTRD's setup and one or two uniforms).
inline constexpr std::uint64_t kSampleDescentBase = 8;
inline constexpr std::uint64_t kSampleDescentPerLevel = 3;
inline constexpr std::uint64_t kSampleBinomialCost = 50;

// Binomial(n, p) with n min(p, 1 - p) below this is drawn by inversion
// (about n p + 1 products), above by BTRD (O(1), with rejections that
// diverge a GPU warp; BTRD accepts fewer of its first tries the smaller
// n p (1 - p) is). GPUs favour inversion up to about 64, one host core BTRD
// from about 30 (docs/results/h200-2026-11-28/binomial-latency/); one value
// for every space, as it chooses the variates.
inline constexpr double kBinomialInversionBelow = 64;

// Alias draws a thread makes together on every target: every table read of
// a batch is issued before its first count (independent loads in flight).
// Indices are the same whatever the batch (draw j is written to slot j).
inline constexpr std::int64_t kSampleBatch = 8;

// ---- Per target.

template <tuning::Target T>
struct SampleTuning : tuning::Next<SampleTuning, T> {};

// Hopper (H100, H200): the tree's teams
// (docs/results/h100-2026-11-27/sample/, docs/results/h200-2026-11-27/sample/,
// docs/results/h200-2026-11-28/split-phases/).
template <>
struct SampleTuning<tuning::Target::hopper> {
  // Threads a block's team (powers of two: below the level as wide as the
  // team, each thread splits whole subtrees). Few blocks: `team`, so that a
  // level's binomials run side by side; from `many_blocks` on, `team_many`,
  // so that more blocks share a multiprocessor and hide each other's
  // barriers.
  static constexpr int team = 256;
  static constexpr int team_many = 64;
  static constexpr std::int64_t many_blocks = 2048;
  // The folded split (at most a block a multiprocessor): every level of a
  // block at most a node a thread (512 nodes at the last level).
  static constexpr int team_folded = 512;
  // The top's split folds into the level below it where that level has at
  // most this many blocks a multiprocessor: the folded kernel holds more
  // registers a thread, so fewer of its teams fit.
  static constexpr std::int64_t fold_blocks_per_sm = 1;
  // Teams of team_many that the many-block launches ask to keep resident a
  // multiprocessor (LaunchBounds caps the registers to fit; 0: no cap).
  static constexpr int min_teams = 0;
  // Alias table build: items an index of its scan and pairing (a thread an
  // item).
  static constexpr std::int64_t alias_chunk = 1;
};
// Any other GPU: Hopper's policy, not measured there.
template <>
struct SampleTuning<tuning::Target::gpu> : SampleTuning<tuning::Target::hopper> {};

// Host spaces (docs/results/cpu-2core-2026-11-27/, docs/results/h200-2026-11-27/sample/).
template <>
struct SampleTuning<tuning::Target::host> {
  // Alias draws a task, counted into the rows of the thread that takes it.
  static constexpr std::uint64_t draw_task = 32768;
  // Alias draws pick column or alias by arithmetic, not a branch, once the
  // mean share of mispredicted coins passes this: a predicted branch beats
  // the select, a branch that misses half the time loses to it.
  static constexpr double select_above_misses = 1.0 / 16;
  // Alias table build: items an index of its scan and pairing, so that the
  // running sums stay in registers and the totals and units are read once an
  // index (Kokkos' OpenMP scan also runs every index twice).
  static constexpr std::int64_t alias_chunk = 512;
};

namespace sample_tuning {
constexpr bool power_of_two(int x) {
  return x > 0 && (x & (x - 1)) == 0;
}
using Gpu = SampleTuning<tuning::Target::gpu>;
static_assert(power_of_two(Gpu::team) && power_of_two(Gpu::team_many) &&
                  power_of_two(Gpu::team_folded),
              "GPU teams are powers of two");
}  // namespace sample_tuning

}  // namespace kp::impl
