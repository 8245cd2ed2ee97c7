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
#include <cstdint>
#include <utility>
#include <vector>

#include <kp/impl/dispatch/sample.hpp>
#include <kp/impl/mpi/common.hpp>

namespace kp::mpi::detail {

// Every rank's doubles, in rank order, from each rank's `mine`.
inline std::vector<double> all_gather_doubles(MPI_Comm comm, const std::vector<double>& mine) {
  const int ranks = comm_size(comm);
  const int count = mpi_count("kp::mpi::sample", static_cast<std::int64_t>(mine.size()));
  std::vector<int> counts(ranks), at(ranks);
  check(MPI_Allgather(&count, 1, MPI_INT, counts.data(), 1, MPI_INT, comm), "MPI_Allgather");
  std::int64_t total = 0;
  for (int r = 0; r < ranks; ++r) {
    at[r] = mpi_count("kp::mpi::sample", total);
    total += counts[r];
  }
  std::vector<double> all(static_cast<std::size_t>(total));
  check(MPI_Allgatherv(mine.data(), count, MPI_DOUBLE, all.data(), counts.data(), at.data(),
                       MPI_DOUBLE, comm),
        "MPI_Allgatherv");
  return all;
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

template <class Space, class WeightsView, class CountsView>
void sample(MPI_Comm comm, const char* call, const Space& space, const WeightsView& weights,
            std::uint64_t draws, std::uint64_t seed, const CountsView& counts) {
  using namespace impl::multinomial;
  const int ranks = comm_size(comm), me = comm_rank(comm);
  const auto n = static_cast<std::int64_t>(weights.extent(0));
  std::vector<std::int64_t> sizes(ranks), starts(ranks + 1, 0);
  check(MPI_Allgather(&n, 1, MPI_INT64_T, sizes.data(), 1, MPI_INT64_T, comm), "MPI_Allgather");
  for (int r = 0; r < ranks; ++r) starts[r + 1] = starts[r] + sizes[r];
  const std::int64_t lo = starts[me], hi = starts[me + 1], n_global = starts[ranks];
  impl::check_sample_sizes(call, n_global, draws);

  // The weights of the blocks that straddle this slice's ends. Where every
  // rank's slice starts on a block (the same answer on every rank), no block
  // straddles two ranks and nothing moves.
  const std::int64_t first = n > 0 ? lo / kBlock : 0;  // the blocks that hold this slice
  const std::int64_t end = n > 0 ? (hi + kBlock - 1) / kBlock : 0;
  // Whether every rank's slice starts on a multiple of `items`.
  const auto starts_on = [&](std::int64_t items) {
    for (int r = 1; r < ranks; ++r) {
      if (starts[r] % items != 0) return false;
    }
    return true;
  };
  const bool straddles = !starts_on(kBlock);
  impl::View<double*, Space> before, after;
  if (straddles) {
    const std::int64_t edge = std::min(n, kBlock);
    std::vector<double> mine;
    for (const auto& part :
         {to_host(space, Kokkos::subview(weights, std::make_pair(std::int64_t{0}, edge))),
          to_host(space, Kokkos::subview(weights, std::make_pair(n - edge, n)))}) {
      for (const auto w : part) mine.push_back(leaf_weight(w));
    }
    const std::vector<double> edges = all_gather_doubles(comm, mine);
    before = on_space(space, from_edges(starts, edges, first * kBlock, n > 0 ? lo : 0));
    after = on_space(space, from_edges(starts, edges, hi, std::min(end * kBlock, n_global)));
  }
  const ReadWeights<Space, WeightsView> read{weights, before, after, lo, n_global};

  // The levels above the blocks: at least one, so that every rank gets the
  // total from the same split.
  auto leaves = level_leaves(n_global);
  if (leaves.size() == 1) leaves.push_back(1);
  const auto s = impl::sample_levels(space, leaves);
  const int top = static_cast<int>(leaves.size()) - 1;
  // Where every slice starts on a leaf of level `summed` > 1 (kBlock^summed
  // items), no node below that level spans two ranks: each rank sums and
  // splits its own nodes there, and only level `summed`'s sums are gathered.
  OwnLevels levels;
  // items: those of a leaf of level levels.summed + 1.
  for (std::int64_t items = kBlock * kBlock; !straddles && levels.summed < top && starts_on(items);
       items *= kBlock) {
    ++levels.summed;
  }
  // Each level l < summed splits the blocks that hold this slice (level 0's
  // are `first` and `end`, passed to split_items).
  levels.first.assign(top + 1, 0);
  levels.end.assign(top + 1, 0);
  std::int64_t block = kBlock;  // items a block of level l
  for (int l = 1; l < levels.summed; ++l) {
    block *= kBlock;
    levels.first[l] = n > 0 ? lo / block : 0;
    levels.end[l] = n > 0 ? (hi + block - 1) / block : 0;
  }
  // Level 1's sums: the blocks that start here (a straddling one's far part
  // read from `after`); above, the sums of this rank's nodes.
  const std::int64_t own_first = (lo + kBlock - 1) / kBlock;
  const std::int64_t own_end = n > 0 ? end : own_first;
  sum_blocks(space, read, own_first, own_end - own_first,
             impl::View<double*, Space>(
                 Kokkos::subview(s->levels.sums[1], std::make_pair(own_first, own_end))));
  for (int l = 1; l < levels.summed; ++l) {
    const std::int64_t f = levels.first[l], e = levels.end[l];
    sum_blocks(
        space, ReadSums<Space>{s->levels.sums[l]}, f, e - f,
        impl::View<double*, Space>(Kokkos::subview(s->levels.sums[l + 1], std::make_pair(f, e))));
  }
  if (ranks > 1) {  // one rank's own sums are all of them, in place
    const std::int64_t f = levels.summed == 1 ? own_first : levels.first[levels.summed - 1];
    const std::int64_t e = levels.summed == 1 ? own_end : levels.end[levels.summed - 1];
    const auto& sums = s->levels.sums[levels.summed];
    from_host(space,
              all_gather_doubles(comm, to_host(space, Kokkos::subview(sums, std::make_pair(f, e)))),
              sums);
  }

  impl::split_items(space, *s, read, draws, impl::stream_start(seed), lo, counts, first,
                    end - first, levels);
  impl::check_tree_total(call, impl::tree_total(space, *s));
}

}  // namespace kp::mpi::detail
