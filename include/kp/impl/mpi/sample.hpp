#pragma once
// kp::mpi::sample: kp::sample's multinomial tree (impl/agent/multinomial.hpp) over
// the ranks' slices of the global weights.
//
// The tree, its sums and the random numbers of each node depend only on the
// global weights, so the ranks share the work without moving weights or
// counts: each rank sums the blocks that start in its slice; one all-gather
// gives every rank every block's sum; every rank splits the levels above
// the blocks (the same splits everywhere); each rank then splits the blocks
// that hold its items and keeps its items' counts. A block that straddles
// ranks needs the other ranks' weights of it: each rank shares its first
// and last kBlock weights (one all-gather).
// Where every slice starts on a node of a higher level (kBlock^L items),
// each rank also sums and splits its own nodes below that level, and the
// sums gathered are level L's.
// Moved per call and rank: at most 2 kBlock weights (none where every
// slice starts on a block) and N / kBlock^L sums (8 bytes each; none on one
// rank) received from the others, nothing per draw.
#include <mpi.h>

#include <Kokkos_Core.hpp>
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <tuple>
#include <utility>
#include <vector>

#include <kp/impl/dispatch/sample.hpp>
#include <kp/impl/mpi/common.hpp>

namespace kp::mpi::detail {

// Every rank's doubles, in rank order, from each rank's `mine`.
inline std::vector<double> all_gather_doubles(MPI_Comm comm, const std::vector<double>& mine) {
  return all_gather_v(comm, "kp::mpi::sample", mine);
}

// The global items [begin, end), each within kBlock of a rank's end, from
// every rank's first and last min(size, kBlock) weights (`edges`, rank by
// rank); `starts` holds each rank's first global item and the total.
inline std::vector<double> from_edges(const std::vector<std::int64_t>& starts,
                                      const std::vector<double>& edges, std::int64_t begin,
                                      std::int64_t end) {
  using impl::multinomial::kBlock;
  const auto ranks = static_cast<std::ptrdiff_t>(starts.size()) - 1;
  std::vector<std::int64_t> at(ranks + 1, 0);  // where each rank's edges start
  for (std::ptrdiff_t r = 0; r < ranks; ++r) {
    at[r + 1] = at[r] + 2 * std::min(starts[r + 1] - starts[r], kBlock);
  }
  std::vector<double> out;
  for (std::int64_t g = begin; g < end; ++g) {
    // The rank that holds g: the last that starts at or before it.
    const auto r = std::upper_bound(starts.begin(), starts.end(), g) - starts.begin() - 1;
    const std::int64_t size = starts[r + 1] - starts[r], edge = std::min(size, kBlock);
    const std::int64_t i = g - starts[r];
    out.push_back(i < edge ? edges[at[r] + i] : edges[at[r] + edge + (i - (size - edge))]);
  }
  return out;
}

// No allocation for none (a labelled View allocates even when empty).
template <class Space>
impl::View<double*, Space> on_space(const Space& space, const std::vector<double>& host) {
  if (host.empty()) return {};
  impl::View<double*, Space> v(
      Kokkos::view_alloc(Kokkos::WithoutInitializing, "kp::mpi::sample edges"), host.size());
  from_host(space, host, v);
  return v;
}

// Every rank's slice, from each rank's n (one all-gather).
inline Slices slices(MPI_Comm comm, std::int64_t n) {
  std::vector<std::int64_t> sizes(comm_size(comm));
  check(MPI_Allgather(&n, 1, MPI_INT64_T, sizes.data(), 1, MPI_INT64_T, comm), "MPI_Allgather");
  return slices_of(sizes, comm_rank(comm));
}

// The weights of the blocks that straddle this slice's ends, as leaves
// (ReadWeights' `before` and `after`), from every rank's first and last
// kBlock weights (one all-gather).
template <class Space, class WeightsView>
std::pair<impl::View<double*, Space>, impl::View<double*, Space>> straddling_weights(
    MPI_Comm comm, const Space& space, const WeightsView& weights, const Slices& slice) {
  using impl::multinomial::kBlock;
  const std::int64_t n = slice.n, edge = std::min(n, kBlock);
  std::vector<double> mine;
  for (const auto& part :
       {to_host(space, Kokkos::subview(weights, std::make_pair(std::int64_t{0}, edge))),
        to_host(space, Kokkos::subview(weights, std::make_pair(n - edge, n)))}) {
    for (const auto w : part) mine.push_back(impl::multinomial::leaf_weight(w));
  }
  const std::vector<double> edges = all_gather_doubles(comm, mine);
  const std::int64_t first = slice.first_of(kBlock), end = slice.end_of(kBlock);
  return {on_space(space, from_edges(slice.starts, edges, first * kBlock, n > 0 ? slice.lo : 0)),
          on_space(space, from_edges(slice.starts, edges, slice.hi,
                                     std::min(end * kBlock, slice.n_global)))};
}

// The levels below the top whose nodes this rank sums and splits itself.
// Where every slice starts on a leaf of level `summed` > 1 (kBlock^summed
// items), no node below that level spans two ranks: each rank sums and
// splits its own nodes there, and only level `summed`'s sums are gathered.
// Each level l < summed splits the blocks that hold this slice (level 0's
// are split_items' arguments).
inline impl::multinomial::OwnLevels own_levels(const Slices& slice, int top, bool straddles) {
  using impl::multinomial::kBlock;
  impl::multinomial::OwnLevels levels;
  // items: those of a leaf of level levels.summed + 1.
  for (std::int64_t items = kBlock * kBlock;
       !straddles && levels.summed < top && slice.all_start_on(items); items *= kBlock) {
    ++levels.summed;
  }
  levels.first.assign(top + 1, 0);
  levels.end.assign(top + 1, 0);
  std::int64_t block = kBlock;  // items a block of level l
  for (int l = 1; l < levels.summed; ++l) {
    block *= kBlock;
    levels.first[l] = slice.first_of(block);
    levels.end[l] = slice.end_of(block);
  }
  return levels;
}

// The level-1 leaves this rank sums: the blocks [first, end) that start in
// its slice (a straddling one's far part read from `after`).
struct OwnBlocks {
  std::int64_t first, end;
};

// This rank's sums: level 1's of its own blocks; above, those of its own
// nodes up to level `levels.summed`.
template <class Space, class Read>
void sum_own_nodes(const Space& space, const Read& read, impl::SampleLevels<Space>& s,
                   const impl::multinomial::OwnLevels& levels, OwnBlocks own) {
  using namespace impl::multinomial;
  sum_blocks(space, read, own.first, own.end - own.first,
             impl::View<double*, Space>(
                 Kokkos::subview(s.levels.sums[1], std::make_pair(own.first, own.end))));
  for (int l = 1; l < levels.summed; ++l) {
    const std::int64_t f = levels.first[l], e = levels.end[l];
    sum_blocks(
        space, ReadSums<Space>{s.levels.sums[l]}, f, e - f,
        impl::View<double*, Space>(Kokkos::subview(s.levels.sums[l + 1], std::make_pair(f, e))));
  }
}

// Every rank's sums of level `levels.summed`, in place on every rank (one
// all-gather).
template <class Space>
void gather_sums(MPI_Comm comm, const Space& space, impl::SampleLevels<Space>& s,
                 const impl::multinomial::OwnLevels& levels, OwnBlocks own) {
  const std::int64_t f = levels.summed == 1 ? own.first : levels.first[levels.summed - 1];
  const std::int64_t e = levels.summed == 1 ? own.end : levels.end[levels.summed - 1];
  const auto& sums = s.levels.sums[levels.summed];
  from_host(space,
            all_gather_doubles(comm, to_host(space, Kokkos::subview(sums, std::make_pair(f, e)))),
            sums);
}

template <class Space, class WeightsView, class CountsView>
void sample(MPI_Comm comm, const char* call, const Space& space, const WeightsView& weights,
            std::uint64_t draws, std::uint64_t seed, const CountsView& counts) {
  using namespace impl::multinomial;
  const Slices slice = slices(comm, static_cast<std::int64_t>(weights.extent(0)));
  impl::check_sample_sizes(call, slice.n_global, draws);
  // Where every rank's slice starts on a block, no block straddles two
  // ranks and no weight moves.
  const bool straddles = !slice.all_start_on(kBlock);
  impl::View<double*, Space> before, after;
  if (straddles) std::tie(before, after) = straddling_weights(comm, space, weights, slice);
  const ReadWeights<Space, WeightsView> read{weights, before, after, slice.lo, slice.n_global};
  // The levels above the blocks: at least one, so that every rank gets the
  // total from the same split.
  auto leaves = level_leaves(slice.n_global);
  if (leaves.size() == 1) leaves.push_back(1);
  const auto s = impl::sample_levels(space, leaves);
  const OwnLevels levels = own_levels(slice, static_cast<int>(leaves.size()) - 1, straddles);
  const std::int64_t first = slice.first_of(kBlock), end = slice.end_of(kBlock);
  const std::int64_t own_first = (slice.lo + kBlock - 1) / kBlock;
  const OwnBlocks own{own_first, slice.n > 0 ? end : own_first};
  sum_own_nodes(space, read, *s, levels, own);
  // One rank's own sums are all of them, in place.
  if (comm_size(comm) > 1) gather_sums(comm, space, *s, levels, own);
  impl::split_items(space, *s, read, draws, impl::stream_start(seed), slice.lo, counts, first,
                    end - first, levels);
  impl::check_tree_total(call, impl::tree_total(space, *s));
}

}  // namespace kp::mpi::detail
