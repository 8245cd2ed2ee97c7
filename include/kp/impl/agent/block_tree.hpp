#pragma once
// One block of kp::sample's multinomial tree (multinomial.hpp): kBlock
// leaves in a complete binary tree whose node sums are formed pairwise in
// double, and the split of a block's draws down to its leaves' counts by
// binomials (or, where a node's draws are few for its subtree, by walking
// each draw down from it). Every random number belongs to a node (node_key:
// the level, block and node), so a block's counts are the same whichever
// team, thread or schedule splits it.
#include <Kokkos_Core.hpp>
#include <cstddef>
#include <cstdint>

#include <kp/impl/agent/binomial.hpp>
#include <kp/impl/block/solo_team.hpp>
#include <kp/impl/core/common.hpp>
#include <kp/impl/thread/counter_rng.hpp>
#include <kp/impl/tuning/sample.hpp>

namespace kp::impl::multinomial {

using team_ops::SoloTeam;
using team_ops::team_count;
using team_ops::team_for;
using team_ops::team_scan;
using team_ops::team_single;
using team_ops::team_value;

inline constexpr std::int64_t kBlock = std::int64_t{1} << kSampleLogBlock;

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

// Whether a node `height` levels above its leaves resolves its n draws by
// walking each down (cost about n * (base + per_level * height)) rather than
// by binomials at its nodes (at most 2^height - 1 of them).
KOKKOS_INLINE_FUNCTION bool descends_from(std::uint64_t n, int height) {
  return n * (kSampleDescentBase + kSampleDescentPerLevel * static_cast<std::uint64_t>(height)) <=
         kSampleBinomialCost * ((std::uint64_t{1} << height) - 1);
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

  // The flag on a node's count that marks draws it walks down (descends_from).
  static constexpr Count kFlag = Count{1} << (8 * sizeof(Count) - 1);

  // Splits the block's `c` draws down to its leaves' counts. A node that
  // resolves its subtree by descents (descends_from) gives its children
  // nothing, keeps its draws flagged and raises counts[0] (no node's);
  // then, if any did, every flagged node's draws are numbered across the
  // team (a scan over the nodes) and walked down in parallel. The levels
  // narrower than the team go a node a thread and a barrier a level, or,
  // where kPaths, each thread down its own path (the same counts; see
  // split_by_paths).
  template <bool kPaths = false, class Member>
  KOKKOS_INLINE_FUNCTION void split(const Member& team, std::uint64_t stream, int level,
                                    std::int64_t b, std::uint64_t c) const {
    counts[0] = 0;  // every thread writes the same values
    if constexpr (!kPaths) counts[1] = static_cast<Count>(c);
    team.team_barrier();
    Level at{kSampleLogBlock, 1};  // the root
    if constexpr (kPaths) {
      split_by_paths(team, at, stream, level, b, c);
    } else {
      split_by_levels(team, at, stream, level, b);
    }
    split_subtrees(team, at, stream, level, b);
    team.team_barrier();
    // Where no node descends (dense draws), the leaves' counts are final:
    // no scan.
    const bool descents = counts[0] != 0;
    team.team_barrier();  // all have read counts[0] before a next split clears it
    if (!descents) return;
    walk_descents(team, stream, level, b);
  }

  // A level of the block's heap: its first node and its height above the
  // leaves.
  struct Level {
    int height;
    std::int64_t first;
  };

  // Node i's step of the split, `height` levels above the leaves: its draws
  // to its children by its binomial, or, where they are few for its
  // subtree, flagged to be walked down (and counts[0] raised).
  KOKKOS_INLINE_FUNCTION void split_node(std::int64_t i, int height, std::uint64_t stream,
                                         int level, std::int64_t b) const {
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
  }

  // The levels narrower than the team (of a power of two threads), a node a
  // thread and a barrier a level, `at` from the root to the first level as
  // wide as the team.
  template <class Member>
  KOKKOS_INLINE_FUNCTION void split_by_levels(const Member& team, Level& at, std::uint64_t stream,
                                              int level, std::int64_t b) const {
    const std::int64_t threads = team.team_size();
    for (; at.first < kBlock && at.first < threads; at.first *= 2, --at.height) {
      team_for(team, at.first,
               [&](std::int64_t k) { split_node(at.first + k, at.height, stream, level, b); });
      team.team_barrier();
    }
  }

  // The same levels by paths (`at` likewise): each thread follows the path
  // from the root to its own node of the first level as wide as the team,
  // drawing
  // every binomial on it (threads that share a node draw the same one, from
  // the same stream), with no barrier: a warp waits on its own path's
  // binomials, not on each level's slowest in the team. The first thread
  // under a node writes what split_node would (its count, or its flagged
  // descents).
  template <class Member>
  KOKKOS_INLINE_FUNCTION void split_by_paths(const Member& team, Level& at, std::uint64_t stream,
                                             int level, std::int64_t b, std::uint64_t c) const {
    const std::int64_t threads = team.team_size();
    const std::int64_t rank = team.team_rank();
    std::uint64_t n = c;
    for (; at.first < kBlock && at.first < threads; at.first *= 2, --at.height) {
      const std::int64_t i = at.first + rank * at.first / threads;
      const bool owner = rank % (threads / at.first) == 0;
      std::uint64_t left = 0;
      if (n > 0 && descends_from(n, at.height)) {
        if (owner) {
          counts[0] = 1;
          counts[i] = static_cast<Count>(n) | kFlag;
        }
        n = 0;
      } else {
        if (owner) counts[i] = static_cast<Count>(n);
        if (n > 0) left = left_draws(n, i, stream, level, b);
      }
      n = (rank * 2 * at.first / threads) % 2 == 1 ? n - left : left;
    }
    counts[at.first + rank * at.first / threads] = static_cast<Count>(n);  // the thread's own node
  }

  // From level `at` to the leaves: each thread splits whole subtrees, its own
  // consecutive nodes of each level (whose parents it split), with no
  // barrier between levels.
  template <class Member>
  KOKKOS_INLINE_FUNCTION void split_subtrees(const Member& team, Level& at, std::uint64_t stream,
                                             int level, std::int64_t b) const {
    for (std::int64_t per = 1; at.first < kBlock; at.first *= 2, per *= 2, --at.height) {
      const std::int64_t mine = at.first + team.team_rank() * per;
      for (std::int64_t i = mine; i < mine + per; ++i) split_node(i, at.height, stream, level, b);
    }
  }

  // The flagged nodes' draws, walked down: counts[i], i < kBlock, becomes
  // the end of node i's descents in the block's numbering (a scan), then
  // draw j walks down from its node (descending_node) and counts its leaf.
  template <class Member>
  KOKKOS_INLINE_FUNCTION void walk_descents(const Member& team, std::uint64_t stream, int level,
                                            std::int64_t b) const {
    team_scan(team, std::int64_t{1}, kBlock,
              [&](std::int64_t i, std::uint64_t& partial, const bool final) {
                const Count n = counts[i];
                partial += n & kFlag ? static_cast<Count>(n & ~kFlag) : 0;
                if (final) counts[i] = static_cast<Count>(partial);
              });
    team.team_barrier();
    const std::uint64_t total = counts[kBlock - 1];
    team_for(team, static_cast<std::int64_t>(total), [&](std::int64_t j) {
      const std::int64_t node = descending_node(j);
      const std::uint64_t begin = node > 1 ? counts[node - 1] : 0;
      const std::int64_t leaf = descend(node, random_bits(node_key(stream, level, b, node, 1),
                                                          static_cast<std::uint64_t>(j) - begin));
      if (team.team_size() == 1) {
        ++counts[kBlock + leaf];
      } else {
        Kokkos::atomic_add(&counts[kBlock + leaf], Count{1});
      }
    });
    team.team_barrier();
  }

  // The node of draw j of walk_descents' numbering: the first whose
  // descents end past j.
  KOKKOS_INLINE_FUNCTION std::int64_t descending_node(std::int64_t j) const {
    std::int64_t lo = 1, hi = kBlock - 1;
    while (lo < hi) {
      const std::int64_t mid = (lo + hi) / 2;
      if (counts[mid] > static_cast<std::uint64_t>(j)) {
        hi = mid;
      } else {
        lo = mid + 1;
      }
    }
    return lo;
  }
};

// Host spaces keep 64-bit counts (their trees are in memory, not scratch).
using HostBlockTree = BlockTree<std::uint64_t>;

}  // namespace kp::impl::multinomial
