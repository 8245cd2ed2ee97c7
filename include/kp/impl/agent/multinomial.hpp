#pragma once
// The counts of M weighted draws as one multinomial sample, split down a
// fixed binary tree of the items by binomials.
//
// The items (padded with zero weights) are cut into blocks of kBlock
// consecutive items; the block sums are the leaves of the next level's
// blocks, and so on until one block holds every leaf (the top). Each block
// is a complete binary tree whose node sums are formed pairwise in double,
// so the whole tree, its sums and its shape depend on nothing but the
// weights. Going down, a node with c draws and children sums L and R gives
// its left child Binomial(c, L / (L + R)) of them and the right child the
// rest: the leaves' counts are then exactly multinomial. A node whose draws
// are few for its subtree (descends_from) resolves the subtree by that many
// independent draws instead: each walks down from the node comparing one
// uniform with the sums. Every random number belongs to a node (its key: the level, block
// and node) and every choice above depends only on (sums, counts): the
// counts are the same whichever thread, space or rank evaluates a node.
//
// Work: O(N) sums and at most N binomials (each O(1) expected), fewer where
// draws are sparse; nothing grows with M. Memory: one block's tree per
// team (team scratch), plus N / kBlock sums and counts per level.
//
// Files: block_tree.hpp (one block's tree and its split), each_block.hpp
// (a level's blocks as GPU teams or host tasks), this one (the levels: the
// leaves each level reads, the blocks' work, the order of the levels).
#include <Kokkos_Core.hpp>
#include <cfloat>
#include <cstdint>
#include <type_traits>
#include <vector>

#include <kp/impl/agent/block_tree.hpp>
#include <kp/impl/agent/each_block.hpp>
#include <kp/impl/core/common.hpp>
#include <kp/impl/core/report_memory.hpp>
#include <kp/impl/core/views.hpp>
#include <kp/impl/tuning/sample.hpp>

namespace kp::impl::multinomial {

// The levels of the tree over n items: level 0 has the items as leaves,
// level l + 1 one leaf per block of level l; the last has a single block.
inline std::vector<std::int64_t> level_leaves(std::int64_t n) {
  std::vector<std::int64_t> leaves{n};
  while (leaves.back() > kBlock) leaves.push_back((leaves.back() + kBlock - 1) / kBlock);
  return leaves;
}

// A weight as the tree's double: NaN for a negative, NaN or infinite weight,
// so that the total reports it.
template <class W>
KOKKOS_INLINE_FUNCTION double leaf_weight(W w) {
  const double d = static_cast<double>(w);
  return d >= 0 && d <= DBL_MAX ? d : exact::double_of(0x7ff8000000000000ull);
}

// Leaves of level 0 read from the items' weights: [lo, lo + weights.extent(0))
// of the global items are here; the items of blocks that straddle this part's
// ends come from `before` (the items [lo - before.extent(0), lo)) and
// `after` (the items from lo + n on). Items past `n_global` weigh 0.
template <class Space, class WeightsView>
struct ReadWeights {
  WeightsView weights;
  View<const double*, Space> before, after;
  std::int64_t lo, n_global;
  KOKKOS_INLINE_FUNCTION double operator()(std::int64_t g) const {
    if (g >= n_global) return 0;
    const std::int64_t i = g - lo;
    const auto n = static_cast<std::int64_t>(weights.extent(0));
    if (i < 0) return before(static_cast<std::int64_t>(before.extent(0)) + i);
    if (i >= n) return after(i - n);
    return leaf_weight(weights(i));
  }
};

// Leaves of an upper level: the sums of the level below.
template <class Space>
struct ReadSums {
  View<const double*, Space> sums;
  KOKKOS_INLINE_FUNCTION double operator()(std::int64_t g) const {
    return g < static_cast<std::int64_t>(sums.extent(0)) ? sums(g) : 0.0;
  }
};

// Where the leaves' counts go: the items' counts for global items [lo, lo +
// counts.extent(0)) (items elsewhere are another rank's), or an upper level's.
template <class CountsView>
struct WriteCounts {
  using Count = typename CountsView::non_const_value_type;
  CountsView counts;
  std::int64_t lo;
  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t g, std::uint64_t c) const {
    const std::int64_t i = g - lo;
    if (i >= 0 && i < static_cast<std::int64_t>(counts.extent(0)))
      counts(i) = static_cast<Count>(c);
  }
};

template <class Space>
using TotalView = Kokkos::View<double, Kokkos::Device<Space, typename ReportMemory<Space>::type>>;

// Block b's sum, into sums(b - first).
template <class Space, class Read>
struct SumBlock {
  static constexpr bool kCounts = false;
  static constexpr bool kFolded = false;
  Read read;
  View<double*, Space> sums;
  std::int64_t first;
  template <class Member, class Tree>
  KOKKOS_INLINE_FUNCTION void operator()(const Member& team, const Tree& tree,
                                         std::int64_t b) const {
    tree.build(team, read, b);
    team_single(team, [&] { sums(b - first) = tree.sums[1]; });
  }
};

// Block b splits its draws to its leaves. Its draws: block_counts(b); or,
// where kFollowsTop (the level just below the top), the top block's draws
// (`top_draws`) followed down the top's tree (its leaves' sums
// `top_leaves`) to leaf b by each block's team on its own (path_count: the
// counts the top's split would give); or `top_draws` for the top itself.
// Block `total_block` reports the top's total. kFollowsTop is a parameter
// of the type, not a value: the path's code costs a kernel registers. The
// folded kernel (at most a block a multiprocessor) and the top's own split
// (one block), whose time is the latency of their chains of binomials,
// split by paths (kPaths, BlockTree::split); the launches of many blocks,
// where a path's repeated binomials would cost throughput, by levels.
template <class Space, class Read, class Write, bool kFollowsTop = false, bool kPaths = kFollowsTop>
struct SplitBlock {
  static constexpr bool kCounts = true;
  static constexpr bool kFolded = kFollowsTop;
  Read read;
  Write write;
  View<const std::uint64_t*, Space> block_counts;
  View<const double*, Space> top_leaves;
  TotalView<Space> total;
  std::int64_t total_block;
  std::uint64_t top_draws, stream;
  std::int64_t leaves;
  int level;
  // Whether 32-bit counts (a bit of which flags descents) hold every count:
  // none exceeds the draws.
  bool narrow() const { return top_draws < (std::uint64_t{1} << 31); }
  template <class Member, class Tree>
  KOKKOS_INLINE_FUNCTION void operator()(const Member& team, const Tree& tree,
                                         std::int64_t b) const {
    const bool reports = total.data() != nullptr && b == total_block;
    std::uint64_t c = top_draws;
    if constexpr (kFollowsTop) {
      tree.build(team, ReadSums<Space>{top_leaves}, 0);
      if (reports) team_single(team, [&] { total() = tree.sums[1]; });
      // No draws from a top with no weight (a rejected call).
      c = tree.path_count(team, stream, level + 1, b, tree.sums[1] > 0 ? top_draws : 0);
      team.team_barrier();  // the top's sums are read before the block's overwrite them
    } else if (block_counts.extent(0) > 0) {
      c = block_counts(b);
    }
    const std::int64_t end = leaves - b * kBlock < kBlock ? leaves - b * kBlock : kBlock;
    if (c == 0 && !(reports && !kFollowsTop)) {
      team_for(team, end, [&](std::int64_t k) { write(b * kBlock + k, 0); });
      return;
    }
    tree.build(team, read, b);
    if (reports && !kFollowsTop) team_single(team, [&] { total() = tree.sums[1]; });
    tree.template split<kPaths>(team, stream, level, b, tree.sums[1] > 0 ? c : 0);
    team_for(team, end, [&](std::int64_t k) { write(b * kBlock + k, tree.counts[kBlock + k]); });
  }
};

template <class Space, class Read>
void sum_blocks(const Space& space, const Read& read, std::int64_t first, std::int64_t blocks,
                const View<double*, Space>& sums) {
  on_each_block(space, "kp::sample::sum-blocks", SumBlock<Space, Read>{read, sums, first}, first,
                blocks);
}

template <class Space, class Read, class Write, bool kFollowsTop, bool kPaths>
void split_blocks(const Space& space, const SplitBlock<Space, Read, Write, kFollowsTop, kPaths>& f,
                  std::int64_t first, std::int64_t blocks) {
  on_each_block(space, "kp::sample::split-blocks", f, first, blocks);
}

// The sums and counts of the levels above the items, and the total.
template <class Space>
struct UpperLevels {
  std::vector<View<double*, Space>> sums;           // sums[l]: level l's leaves, l >= 1
  std::vector<View<std::uint64_t*, Space>> counts;  // counts[l]: level l's leaves, l >= 1
  TotalView<Space> total{"kp::sample total"};
  explicit UpperLevels(const std::vector<std::int64_t>& leaves)
      : sums(leaves.size()), counts(leaves.size()) {
    for (std::size_t l = 1; l < leaves.size(); ++l) {
      sums[l] = View<double*, Space>(
          Kokkos::view_alloc(Kokkos::WithoutInitializing, "kp::sample sums"), leaves[l]);
      counts[l] = View<std::uint64_t*, Space>(
          Kokkos::view_alloc(Kokkos::WithoutInitializing, "kp::sample block counts"), leaves[l]);
    }
  }
};

// Tests turn this on to run the GPUs' schedule (fold_top) on host spaces
// too, where CI can run it: the counts are the same either way.
inline bool& fold_top_on_hosts() {
  static bool fold = false;
  return fold;
}

// Whether `space` folds the top's split into the level just below it
// (SplitBlock's kFollowsTop): GPUs, where that level's blocks are at most
// SampleTuning's fold_blocks_per_sm a multiprocessor (of kThreadsPerSM resident
// threads, sm_70 to sm_90), as the folded kernel holds more registers a
// thread; host spaces where tests ask for it.
template <class Space>
bool folds(std::true_type /*as teams*/, const Space& space, std::int64_t below_top) {
  constexpr std::int64_t kThreadsPerSM = 2048;  // resident threads a multiprocessor
  return below_top * kThreadsPerSM <=
         tuning::Tuned<SampleTuning, Space>::fold_blocks_per_sm * space.concurrency();
}
template <class Space>
bool folds(std::false_type /*as teams*/, const Space&, std::int64_t) {
  return fold_top_on_hosts();
}
template <class Space>
bool fold_top(const Space& space, const std::vector<std::int64_t>& leaves) {
  const std::int64_t below_top = leaves.size() > 1 ? leaves.back() : 0;
  return below_top > 0 && folds(BlocksAsTeams<Space>{}, space, below_top);
}

// Splits blocks [first, first + blocks) of level l <= top: their draws from
// level l + 1's counts, or, where `fold` and l is just below the top, from
// the top's split followed by each block (block `total_block` then
// reports the total); the top's own split where l is the top.
template <class Space, class Read, class Write>
void split_level(const Space& space, const UpperLevels<Space>& levels, int l, int top, bool fold,
                 const Read& read, const Write& write, std::int64_t total_block,
                 std::uint64_t draws, std::uint64_t stream, std::int64_t leaves, std::int64_t first,
                 std::int64_t blocks) {
  if (fold && l == top - 1) {
    split_blocks(
        space,
        SplitBlock<Space, Read, Write, true>{
            read, write, {}, levels.sums[top], levels.total, total_block, draws, stream, leaves, l},
        first, blocks);
  } else if (l == top) {  // one block
    split_blocks(space,
                 SplitBlock<Space, Read, Write, false, true>{
                     read, write, {}, {}, levels.total, total_block, draws, stream, leaves, l},
                 first, blocks);
  } else {
    split_blocks(
        space,
        SplitBlock<Space, Read, Write>{
            read, write, levels.counts[l + 1], {}, {}, total_block, draws, stream, leaves, l},
        first, blocks);
  }
}

// The part of the upper levels one caller works on (kp::mpi::sample): the
// sums of levels >= `summed` are all in place; below it only those of the
// caller's nodes, and a level 1 <= l < summed splits only its blocks
// [first[l], end[l]) (level 0's are split_items' arguments). The default:
// every sum of level 1 up in place.
struct OwnLevels {
  int summed = 1;
  std::vector<std::int64_t> first, end;
};

// Given the sums of level 1's leaves (the items' blocks) in levels.sums[1]
// (of level own.summed's, and of the own nodes' below), fills
// levels.counts[1] with each block's draws (each own block's), and
// levels.total: the levels above the items, down from the top (or from just
// below it, where `fold`).
template <class Space>
void split_upper(const Space& space, UpperLevels<Space>& levels,
                 const std::vector<std::int64_t>& leaves, std::uint64_t draws, std::uint64_t stream,
                 bool fold, const OwnLevels& own = {}) {
  const int top = static_cast<int>(leaves.size()) - 1;
  for (int l = own.summed; l < top; ++l) {
    const std::int64_t blocks = leaves[l + 1];
    sum_blocks(space, ReadSums<Space>{levels.sums[l]}, 0, blocks, levels.sums[l + 1]);
  }
  for (int l = fold ? top - 1 : top; l >= 1; --l) {
    using Write = WriteCounts<View<std::uint64_t*, Space>>;
    const bool part = l < own.summed;
    const std::int64_t first = part ? own.first[l] : 0;
    const std::int64_t blocks = part ? own.end[l] - first : l == top ? 1 : leaves[l + 1];
    split_level(space, levels, l, top, fold, ReadSums<Space>{levels.sums[l]},
                Write{levels.counts[l], 0}, first, draws, stream, leaves[l], first, blocks);
  }
}

}  // namespace kp::impl::multinomial
