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
#include <Kokkos_Core.hpp>
#include <cfloat>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include <kp/impl/agent/binomial.hpp>
#include <kp/impl/core/common.hpp>
#include <kp/impl/thread/counter_rng.hpp>
#include <kp/impl/backend/host/host_tasks.hpp>
#include <kp/impl/core/report_memory.hpp>
#include <kp/impl/tuning/sample.hpp>
#include <kp/impl/core/views.hpp>
#include <kp/impl/core/workspace.hpp>

namespace kp::impl::multinomial {

inline constexpr std::int64_t kBlock = std::int64_t{1} << kSampleLogBlock;

// The levels of the tree over n items: level 0 has the items as leaves,
// level l + 1 one leaf per block of level l; the last has a single block.
inline std::vector<std::int64_t> level_leaves(std::int64_t n) {
  std::vector<std::int64_t> leaves{n};
  while (leaves.back() > kBlock) leaves.push_back((leaves.back() + kBlock - 1) / kBlock);
  return leaves;
}

// The random stream of a node: what it is used for (0: its binomial, 1: its
// descents), its level, its block and its place in the block's heap.
KOKKOS_INLINE_FUNCTION std::uint64_t node_key(std::uint64_t stream, int level, std::int64_t block,
                                              std::int64_t node, int use) {
  const std::uint64_t id = (static_cast<std::uint64_t>(level) << 56) ^
                           (static_cast<std::uint64_t>(block) << (kSampleLogBlock + 2)) ^
                           (static_cast<std::uint64_t>(node) << 1) ^
                           static_cast<std::uint64_t>(use);
  return random_bits(stream, id);
}

// A weight as the tree's double: NaN for a negative, NaN or infinite weight,
// so that the total reports it.
template <class W>
KOKKOS_INLINE_FUNCTION double leaf_weight(W w) {
  const double d = static_cast<double>(w);
  return d >= 0 && d <= DBL_MAX ? d : exact::double_of(0x7ff8000000000000ull);
}

// Whether a node `height` levels above its leaves resolves its n draws by
// walking each down (cost about n * (base + per_level * height)) rather than
// by binomials at its nodes (at most 2^height - 1 of them).
KOKKOS_INLINE_FUNCTION bool descends_from(std::uint64_t n, int height) {
  return n * (kSampleDescentBase + kSampleDescentPerLevel * static_cast<std::uint64_t>(height)) <=
         kSampleBinomialCost * ((std::uint64_t{1} << height) - 1);
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

// A host thread as a team of one: host spaces run a block a task
// (run_host_tasks), with its tree on the thread's stack.
struct SoloTeam {
  KOKKOS_INLINE_FUNCTION int team_size() const { return 1; }
  KOKKOS_INLINE_FUNCTION int team_rank() const { return 0; }
  KOKKOS_INLINE_FUNCTION void team_barrier() const {}
};

// f(i) for i in [0, n) over the team's threads.
template <class Member, class F>
KOKKOS_INLINE_FUNCTION void team_for(const Member& team, std::int64_t n, const F& f) {
  Kokkos::parallel_for(Kokkos::TeamThreadRange(team, n), f);
}
template <class F>
KOKKOS_INLINE_FUNCTION void team_for(const SoloTeam&, std::int64_t n, const F& f) {
  for (std::int64_t i = 0; i < n; ++i) f(i);
}
// Kokkos' team scan of f(i, partial, final) over [begin, end).
template <class Member, class F>
KOKKOS_INLINE_FUNCTION void team_scan(const Member& team, std::int64_t begin, std::int64_t end,
                                      const F& f) {
  Kokkos::parallel_scan(Kokkos::TeamThreadRange(team, begin, end), f);
}
template <class F>
KOKKOS_INLINE_FUNCTION void team_scan(const SoloTeam&, std::int64_t begin, std::int64_t end,
                                      const F& f) {
  std::uint64_t partial = 0;
  for (std::int64_t i = begin; i < end; ++i) f(i, partial, true);
}
// f() once for the team.
template <class Member, class F>
KOKKOS_INLINE_FUNCTION void team_single(const Member& team, const F& f) {
  Kokkos::single(Kokkos::PerTeam(team), f);
}
template <class F>
KOKKOS_INLINE_FUNCTION void team_single(const SoloTeam&, const F& f) {
  f();
}
// f() evaluated by one thread, its value on every thread of the team.
template <class Member, class F>
KOKKOS_INLINE_FUNCTION std::uint64_t team_value(const Member& team, const F& f) {
  std::uint64_t value = 0;
  Kokkos::single(
      Kokkos::PerTeam(team), [&](std::uint64_t& v) { v = f(); }, value);
  return value;
}
template <class F>
KOKKOS_INLINE_FUNCTION std::uint64_t team_value(const SoloTeam&, const F& f) {
  return f();
}
// The sum of f(i) for i in [0, n), on every thread of the team.
template <class Member, class F>
KOKKOS_INLINE_FUNCTION std::uint64_t team_count(const Member& team, std::int64_t n, const F& f) {
  std::uint64_t sum = 0;
  Kokkos::parallel_reduce(
      Kokkos::TeamThreadRange(team, n), [&](std::int64_t i, std::uint64_t& s) { s += f(i); }, sum);
  return sum;
}
template <class F>
KOKKOS_INLINE_FUNCTION std::uint64_t team_count(const SoloTeam&, std::int64_t n, const F& f) {
  std::uint64_t sum = 0;
  for (std::int64_t i = 0; i < n; ++i) sum += f(i);
  return sum;
}

// One block's tree in team scratch: sums[1 .. 2 kBlock) in heap order
// (leaves at kBlock + k), and counts alongside, as Count: 32 bits where every
// count stays below 2^31 (GPU launches whose draws do; a smaller tree leaves
// room for more teams on a multiprocessor), 64 otherwise.
template <class Count>
struct BlockTree {
  double* sums;
  Count* counts;
  // With counts (splits) or sums only (sums of blocks).
  KOKKOS_INLINE_FUNCTION static constexpr std::size_t bytes(bool counts = true) {
    return 2 * kBlock * (sizeof(double) + (counts ? sizeof(Count) : 0));
  }
  // The tree in `bytes()` bytes at `at`.
  KOKKOS_INLINE_FUNCTION static BlockTree at(char* at) {
    return {reinterpret_cast<double*>(at),
            reinterpret_cast<Count*>(at + 2 * kBlock * sizeof(double))};
  }
  template <class Member>
  KOKKOS_INLINE_FUNCTION static BlockTree in(const Member& team, bool counts) {
    auto* sums = static_cast<double*>(team.team_shmem().get_shmem(2 * kBlock * sizeof(double)));
    auto* c = counts ? static_cast<Count*>(team.team_shmem().get_shmem(2 * kBlock * sizeof(Count)))
                     : nullptr;
    return {sums, c};
  }

  // Loads block b's leaves and forms every node's sum.
  // A thread loads kBuildLoads leaves before it stores any (loads in flight).
  template <class Member, class Read>
  KOKKOS_INLINE_FUNCTION void build(const Member& team, const Read& read, std::int64_t b) const {
    constexpr int kBuildLoads = 4;
    const std::int64_t threads = team.team_size();
    for (std::int64_t k = team.team_rank(); k < kBlock; k += kBuildLoads * threads) {
      double leaf[kBuildLoads];
      for (int u = 0; u < kBuildLoads; ++u) {
        const std::int64_t at = k + u * threads;
        leaf[u] = at < kBlock ? read(b * kBlock + at) : 0.0;
      }
      for (int u = 0; u < kBuildLoads; ++u) {
        if (k + u * threads < kBlock) sums[kBlock + k + u * threads] = leaf[u];
      }
    }
    team.team_barrier();
    for (std::int64_t first = kBlock / 2; first >= 1; first /= 2) {
      team_for(team, first, [&](std::int64_t k) {
        const std::int64_t i = first + k;
        sums[i] = exact::add(sums[2 * i], sums[2 * i + 1]);
      });
      team.team_barrier();
    }
  }

  // The draws of node i's n that go to its left child: its binomial, from
  // node i's own stream (block b of `level`). Every schedule of a split
  // (levels, paths, one path from the top) draws it here, so all give the
  // same counts.
  KOKKOS_INLINE_FUNCTION std::uint64_t left_draws(std::uint64_t n, std::int64_t i,
                                                  std::uint64_t stream, int level,
                                                  std::int64_t b) const {
    return exact::binomial(n, exact::div(sums[2 * i], sums[i]), node_key(stream, level, b, i, 0));
  }

  // The leaf that a draw with 64 random bits reaches from `node`.
  KOKKOS_INLINE_FUNCTION std::int64_t descend(std::int64_t node, std::uint64_t bits) const {
    double t = exact::mul(static_cast<double>(bits >> 11) * 0x1.0p-53, sums[node]);
    while (node < kBlock) {
      const double left = sums[2 * node], right = sums[2 * node + 1];
      if (left > 0 && (t < left || !(right > 0))) {
        node = 2 * node;
      } else {
        t = exact::sub(t, left);
        node = 2 * node + 1;
      }
    }
    return node - kBlock;
  }

  // The draws that split() of block 0 at `level` with `c` draws gives its
  // leaf `leaf`, followed down the one path to it: the same binomials (one
  // thread draws them), and where a node on the path descends, the same
  // walks of its draws (the team), without the other nodes. Every thread of
  // the team returns the count.
  template <class Member>
  KOKKOS_INLINE_FUNCTION std::uint64_t path_count(const Member& team, std::uint64_t stream,
                                                  int level, std::int64_t leaf,
                                                  std::uint64_t c) const {
    constexpr int kNodeShift = 53;  // draws < 2^53, nodes < 2^11
    // (the node where the path stops) << kNodeShift | its draws
    const std::uint64_t stop = team_value(team, [&] {
      std::uint64_t n = c;
      std::int64_t i = 1;
      for (int height = kSampleLogBlock; height > 0 && n > 0 && !descends_from(n, height);
           --height) {
        const std::uint64_t left = left_draws(n, i, stream, level, 0);
        const bool right = (leaf >> (height - 1)) & 1;
        n = right ? n - left : left;
        i = 2 * i + (right ? 1 : 0);
      }
      return static_cast<std::uint64_t>(i) << kNodeShift | n;
    });
    const auto i = static_cast<std::int64_t>(stop >> kNodeShift);
    const std::uint64_t n = stop & ((std::uint64_t{1} << kNodeShift) - 1);
    if (i >= kBlock || n == 0) return n;
    // Node i descends: its draws numbered within the node, as split() does.
    const std::uint64_t key = node_key(stream, level, 0, i, 1);
    return team_count(team, static_cast<std::int64_t>(n), [&](std::int64_t j) {
      return descend(i, random_bits(key, static_cast<std::uint64_t>(j))) == leaf ? 1 : 0;
    });
  }

  // Splits the block's `c` draws down to its leaves' counts. A node that
  // resolves its subtree by descents (descends_from) gives its children
  // nothing, keeps its draws flagged and raises counts[0] (no node's);
  // then, if any did, every flagged node's draws are numbered across the
  // team (a scan over the nodes) and walked down in parallel. The levels
  // narrower than the team go a node a thread and a barrier a level, or,
  // where kPaths, each thread down its own path (the same counts; see
  // below).
  template <bool kPaths = false, class Member>
  KOKKOS_INLINE_FUNCTION void split(const Member& team, std::uint64_t stream, int level,
                                    std::int64_t b, std::uint64_t c) const {
    constexpr Count kFlag = Count{1} << (8 * sizeof(Count) - 1);
    const auto node = [&](std::int64_t i, int height) {
      const std::uint64_t n = counts[i];
      std::uint64_t left = 0, right = 0;
      if (n > 0 && descends_from(n, height)) {
        counts[i] = static_cast<Count>(n) | kFlag;
        counts[0] = 1;
      } else if (n > 0) {
        left = left_draws(n, i, stream, level, b);
        right = n - left;
      }
      counts[2 * i] = static_cast<Count>(left);
      counts[2 * i + 1] = static_cast<Count>(right);
    };
    counts[0] = 0;  // every thread writes the same values
    if constexpr (!kPaths) counts[1] = static_cast<Count>(c);
    team.team_barrier();
    const std::int64_t threads = team.team_size();  // a power of two
    int height = kSampleLogBlock;
    std::int64_t first = 1;
    if constexpr (kPaths) {
      // Each thread follows the path from the root to its own node of the
      // first level as wide as the team, drawing every binomial on it
      // (threads that share a node draw the same one, from the same
      // stream), with no barrier: a warp waits on its own path's binomials,
      // not on each level's slowest in the team. The first thread under a
      // node writes what node() would (its count, or its flagged descents).
      const std::int64_t rank = team.team_rank();
      std::uint64_t n = c;
      for (; first < kBlock && first < threads; first *= 2, --height) {
        const std::int64_t i = first + rank * first / threads;
        const bool owner = rank % (threads / first) == 0;
        std::uint64_t left = 0;
        if (n > 0 && descends_from(n, height)) {
          if (owner) {
            counts[0] = 1;
            counts[i] = static_cast<Count>(n) | kFlag;
          }
          n = 0;
        } else {
          if (owner) counts[i] = static_cast<Count>(n);
          if (n > 0) left = left_draws(n, i, stream, level, b);
        }
        n = (rank * 2 * first / threads) % 2 == 1 ? n - left : left;
      }
      counts[first + rank * first / threads] = static_cast<Count>(n);  // the thread's own node
    } else {
      // A node a thread, a barrier a level.
      for (; first < kBlock && first < threads; first *= 2, --height) {
        team_for(team, first, [&](std::int64_t k) { node(first + k, height); });
        team.team_barrier();
      }
    }
    // Below: each thread splits whole subtrees, its own consecutive nodes
    // of each level (whose parents it split), with no barrier between levels.
    for (std::int64_t per = 1; first < kBlock; first *= 2, per *= 2, --height) {
      const std::int64_t mine = first + team.team_rank() * per;
      for (std::int64_t i = mine; i < mine + per; ++i) node(i, height);
    }
    team.team_barrier();
    // Where no node descends (dense draws), the leaves' counts are final:
    // no scan.
    const bool descents = counts[0] != 0;
    team.team_barrier();  // all have read counts[0] before a next split clears it
    if (!descents) return;
    // counts[i], i < kBlock, becomes the end of node i's descents in the
    // block's numbering.
    team_scan(team, std::int64_t{1}, kBlock,
              [&](std::int64_t i, std::uint64_t& partial, const bool final) {
                const Count n = counts[i];
                partial += n & kFlag ? static_cast<Count>(n & ~kFlag) : 0;
                if (final) counts[i] = static_cast<Count>(partial);
              });
    team.team_barrier();
    const std::uint64_t total = counts[kBlock - 1];
    team_for(team, static_cast<std::int64_t>(total), [&](std::int64_t j) {
      // The first node whose descents end past j.
      std::int64_t lo = 1, hi = kBlock - 1;
      while (lo < hi) {
        const std::int64_t mid = (lo + hi) / 2;
        if (counts[mid] > static_cast<std::uint64_t>(j)) {
          hi = mid;
        } else {
          lo = mid + 1;
        }
      }
      const std::uint64_t begin = lo > 1 ? counts[lo - 1] : 0;
      const std::int64_t leaf = descend(lo, random_bits(node_key(stream, level, b, lo, 1),
                                                        static_cast<std::uint64_t>(j) - begin));
      if (team.team_size() == 1) {
        ++counts[kBlock + leaf];
      } else {
        Kokkos::atomic_add(&counts[kBlock + leaf], Count{1});
      }
    });
    team.team_barrier();
  }
};

// Host spaces keep 64-bit counts (their trees are in memory, not scratch).
using HostBlockTree = BlockTree<std::uint64_t>;

// A functor of one block, `block(team, tree, b)`: as a team a block (GPUs,
// the tree in team scratch) ...
template <class Block, class Count>
struct TeamEachBlock {
  Block block;
  std::int64_t first;
  template <class Member>
  KOKKOS_INLINE_FUNCTION void operator()(const Member& team) const {
    block(team, BlockTree<Count>::in(team, Block::kCounts), first + team.league_rank());
  }
};

// ... and as a host task a block, the tree in the running thread's slot.
template <class Space, class Block>
struct TaskEachBlock {
  Block block;
  std::int64_t first;
  Kokkos::Experimental::UniqueToken<Space> token;
  View<char*, Space> slots;
  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t t) const {
    const int slot = token.acquire();
    char* mine = slots.data() + static_cast<std::size_t>(slot) * HostBlockTree::bytes();
    block(SoloTeam{}, HostBlockTree::at(mine), first + t);
    token.release(slot);
  }
};

template <class Space>
struct TreeSlots {
  View<char*, Space> bytes;
};

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

// Blocks [first, first + blocks): on GPUs a team a block; on host spaces a
// task a block, handed to the threads as they come free (a block's work
// varies with its draws and its binomials' rejections).
template <class Space, class Block>
void on_each_block(const Space& space, const char* label, const Block& block, std::int64_t first,
                   std::int64_t blocks) {
  if (blocks == 0) return;
  if constexpr (is_gpu_space<Space>()) {
    const bool many = blocks >= kSampleGpuManyBlocks;
    const auto launch = [&](auto count) {
      using Count = decltype(count);
      const auto run = [&](auto policy) {
        Kokkos::parallel_for(
            label,
            policy.set_scratch_size(0, Kokkos::PerTeam(BlockTree<Count>::bytes(Block::kCounts))),
            TeamEachBlock<Block, Count>{block, first});
      };
      const auto league = static_cast<int>(blocks);
      if constexpr (Block::kFolded) {  // at most a block a multiprocessor (fold_top)
        using Bounds = Kokkos::LaunchBounds<kSampleGpuTeamFolded, 1>;
        return run(Kokkos::TeamPolicy<Space, Bounds>(space, league, kSampleGpuTeamFolded));
      }
      if constexpr (kSampleGpuMinTeams > 0) {
        if (many) {
          using Bounds = Kokkos::LaunchBounds<kSampleGpuTeamMany, kSampleGpuMinTeams>;
          return run(Kokkos::TeamPolicy<Space, Bounds>(space, league, kSampleGpuTeamMany));
        }
      }
      run(Kokkos::TeamPolicy<Space>(space, league, many ? kSampleGpuTeamMany : kSampleGpuTeam));
    };
    if constexpr (!Block::kCounts) {
      launch(std::uint64_t{});  // no counts
    } else if (block.narrow()) {
      launch(std::uint32_t{});
    } else {
      launch(std::uint64_t{});
    }
  } else {
    const Kokkos::Experimental::UniqueToken<Space> token(space);
    const auto bytes = static_cast<std::size_t>(token.size()) * HostBlockTree::bytes();
    const auto slots = workspace<TreeSlots<Space>>(
        space, [&](const TreeSlots<Space>& t) { return t.bytes.extent(0) >= bytes; },
        [&] {
          return TreeSlots<Space>{View<char*, Space>(
              Kokkos::view_alloc(Kokkos::WithoutInitializing, "kp::sample trees"), bytes)};
        });
    run_host_tasks(space, label, blocks,
                   TaskEachBlock<Space, Block>{block, first, token, slots->bytes});
  }
}

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
// kSampleFoldBlocksPerSM a multiprocessor (2048 resident threads each,
// sm_70 to sm_90), as the folded kernel holds more registers a thread.
template <class Space>
bool fold_top(const Space& space, const std::vector<std::int64_t>& leaves) {
  const std::int64_t below_top = leaves.size() > 1 ? leaves.back() : 0;
  if constexpr (is_gpu_space<Space>()) {
    return below_top > 0 && below_top * 2048 <= kSampleFoldBlocksPerSM * space.concurrency();
  } else {
    return below_top > 0 && fold_top_on_hosts();
  }
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

namespace kp::impl {

// Throws std::invalid_argument unless the tree's total is a positive finite
// double (a NaN total means a negative, NaN or infinite weight).
inline void check_tree_total(const char* call, double total) {
  if (total != total) {
    throw std::invalid_argument(std::string(call) + ": weights are negative, NaN or infinite");
  }
  if (total == 0) throw std::invalid_argument(std::string(call) + ": every weight is 0");
  if (!(total <= DBL_MAX)) {
    throw std::invalid_argument(std::string(call) + ": the weights sum past the largest double");
  }
}

// A number of weights that a table or the tree can index.
inline void check_weight_count(std::int64_t n, const char* call = "kp::sample") {
  if (n == 0) throw std::invalid_argument(std::string(call) + ": no weights");
  if (n >= (std::int64_t{1} << 32)) {
    throw std::invalid_argument(std::string(call) + ": " + std::to_string(n) +
                                " weights; at most 2^32 - 1 are supported");
  }
}

// Draws and weights that the tree can take.
inline void check_sample_sizes(const char* call, std::int64_t n, std::uint64_t draws) {
  check_weight_count(n, call);
  if (draws > (std::uint64_t{1} << 53)) {
    throw std::invalid_argument(std::string(call) + ": " + std::to_string(draws) +
                                " draws; at most 2^53 are supported");
  }
}

template <class Space>
struct SampleLevels {
  std::vector<std::int64_t> leaves;
  multinomial::UpperLevels<Space> levels;
};

// The tree's levels of these leaves (level_leaves), from the workspace cache.
template <class Space>
std::shared_ptr<SampleLevels<Space>> sample_levels(const Space& space,
                                                   const std::vector<std::int64_t>& leaves) {
  return workspace<SampleLevels<Space>>(
      space, [&](const SampleLevels<Space>& s) { return s.leaves == leaves; },
      [&] {
        return SampleLevels<Space>{leaves, multinomial::UpperLevels<Space>(leaves)};
      });
}

// counts of the global items [lo, lo + counts.extent(0)) from the items'
// leaves `read` and the levels above them, whose sums at level 1 are in
// place (or, for a single-block tree, nothing). Asynchronous.
template <class Space, class Read, class CountsView>
void split_items(const Space& space, SampleLevels<Space>& s, const Read& read, std::uint64_t draws,
                 std::uint64_t stream, std::int64_t lo, const CountsView& counts,
                 std::int64_t first_block, std::int64_t blocks,
                 const multinomial::OwnLevels& own = {}) {
  using namespace multinomial;
  using Write = WriteCounts<CountsView>;
  // GPUs with few blocks below the top fold its split into theirs (a launch
  // of one team fewer); elsewhere the top splits as one block (less work:
  // its tree is built once). The counts are the same.
  // A rank with no blocks of its own (kp::mpi::sample) splits the top to
  // have its total.
  const bool fold = blocks > 0 && fold_top(space, s.leaves);
  const int top = static_cast<int>(s.leaves.size()) - 1;
  if (top > (fold ? 1 : 0)) split_upper(space, s.levels, s.leaves, draws, stream, fold, own);
  split_level(space, s.levels, 0, top, fold, read, Write{counts, lo}, first_block, draws, stream,
              s.leaves[0], first_block, blocks);
}

// The total that the last split reported; fences `space`, then reads it
// where it lies (ReportMemory: pinned host memory on CUDA) with no copy.
template <class Space>
double tree_total(const Space& space, const SampleLevels<Space>& s) {
  space.fence();
  return read_report(s.levels.total);
}

// kp::sample's multinomial tree on one space.
template <class Space, class WeightsView, class CountsView>
void sample_counts(const Space& space, const WeightsView& weights, std::uint64_t draws,
                   std::uint64_t seed, const CountsView& counts) {
  constexpr const char* call = "kp::sample";
  const auto n = static_cast<std::int64_t>(weights.extent(0));
  check_sample_sizes(call, n, draws);
  const auto s = sample_levels(space, multinomial::level_leaves(n));
  const multinomial::ReadWeights<Space, WeightsView> read{weights, {}, {}, 0, n};
  if (s->leaves.size() > 1) {
    multinomial::sum_blocks(space, read, 0, s->leaves[1], s->levels.sums[1]);
  }
  const std::int64_t blocks = s->leaves.size() > 1 ? s->leaves[1] : 1;
  split_items(space, *s, read, draws, stream_start(seed), 0, counts, 0, blocks);
  check_tree_total(call, tree_total(space, *s));
}

}  // namespace kp::impl
