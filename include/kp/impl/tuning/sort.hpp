#pragma once
// The radix sort's tile shape per target. A tile is the run of keys one
// team counts and scatters in one pass; each tile keeps 256 counters
// between the count and the scatter, so larger tiles cost less of that
// traffic but fewer teams run at once on small inputs.
#include <cstdint>

#include <kp/impl/tuning/target.hpp>

namespace kp::impl::sort {

using tuning::Next;
using tuning::Target;

template <Target T>
struct SortTuning : Next<SortTuning, T> {};

// Hopper (H100): 8 warps of 16 rounds, 4096 keys a tile: the counters are
// 1/8 byte a key (of 4-byte keys read 2 and written once a pass), the
// scatter's registers 16 keys and ranks a thread
// (docs/results/h100-2026-12-07/sort/).
template <>
struct SortTuning<Target::hopper> {
  static constexpr int team = 256;  // threads a team: whole warps
  static constexpr int items = 16;  // keys a thread, in rounds of one key a thread
  static constexpr std::int64_t tile = std::int64_t{team} * items;
  static constexpr int keys_in_flight = items;  // keys a thread reads before counting them
};
// Any other GPU: Hopper's policy, not measured there.
template <>
struct SortTuning<Target::gpu> : SortTuning<Target::hopper> {};

// Host spaces: one tile a thread, the thread's contiguous share of the keys
// (its scatter is then stable by running in index order); at least
// min_tile keys a tile, so that small inputs do not pay for idle threads'
// counters.
template <>
struct SortTuning<Target::host> {
  static constexpr std::int64_t min_tile = 1 << 16;
  static constexpr int keys_in_flight = 16;
};

}  // namespace kp::impl::sort

namespace kp::impl::merge_sort {

using tuning::Next;
using tuning::Target;

// The comparator sort's (merge sort's) shape per target; not measured yet:
// chosen so that a GPU team's two tile buffers fit well within 48 KiB of
// shared memory, and a host thread's tile is its share of the keys.
template <Target T>
struct MergeSortTuning : Next<MergeSortTuning, T> {};

// GPU: teams of `team` threads, each sorting and merging `items`
// consecutive elements (at most max_items, fewer where the team's two
// buffers of keys and values would pass 2 * buffer_bytes).
template <>
struct MergeSortTuning<Target::gpu> {
  static constexpr int team = 128;
  static constexpr int max_items = 8;
  static constexpr std::int64_t buffer_bytes = 16384;
  static constexpr int run = 1;  // unused on GPUs: a thread's items are its run
  static constexpr std::int64_t min_tile = 0;
};
template <>
struct MergeSortTuning<Target::hopper> : MergeSortTuning<Target::gpu> {};

// Host spaces: one tile a thread, its contiguous share of the keys (at
// least min_tile), sorted by insertion into runs of `run` and merged; the
// merge passes give each thread an equal share of the output.
template <>
struct MergeSortTuning<Target::host> {
  static constexpr int team = 1;
  static constexpr int max_items = 1;
  static constexpr std::int64_t buffer_bytes = 0;
  static constexpr int run = 16;
  static constexpr std::int64_t min_tile = 1 << 14;
};

}  // namespace kp::impl::merge_sort

namespace kp::impl::merge_sort {

// kp::segmented_sort, by a segment's length:
//  - up to lone_max (GPU): one thread, an insertion sort where it lies;
//  - up to thread_max: one host thread or GPU team, a merge sort of its own;
//  - longer: the whole space's radix sort, one segment after another, each
//    a few launches and a fence; but where at least many_long segments are
//    that long, teams (host: threads) take those up to team_max too, all at
//    once, rather than many_long radix sorts in a row.
// Set by what each path costs, not yet by a timed search on a GPU.
template <Target T>
struct SegmentSortTuning : Next<SegmentSortTuning, T> {};
template <>
struct SegmentSortTuning<Target::gpu> {
  static constexpr std::int64_t lone_max = 32;
  static constexpr std::int64_t thread_max = 1 << 14;
  static constexpr std::int64_t team_max = 1 << 17;
  static constexpr std::size_t many_long = 32;
};
template <>
struct SegmentSortTuning<Target::hopper> : SegmentSortTuning<Target::gpu> {};
template <>
struct SegmentSortTuning<Target::host> {
  static constexpr std::int64_t lone_max = 0;  // unused: a thread sorts every short segment
  static constexpr std::int64_t thread_max = 1 << 16;
  static constexpr std::int64_t team_max = 1 << 16;
  static constexpr std::size_t many_long = 1;  // unused: team_max is thread_max
};

}  // namespace kp::impl::merge_sort
