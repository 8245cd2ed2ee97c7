#pragma once
// roulette: M draws from a discrete distribution of N non-negative weights
// (roulette-wheel selection), output the count of each item.

#include "harness/app.hpp"
#include "roulette/input.hpp"

namespace bench::roulette {

class RouletteApp : public AppBase {
 public:
  KP_APP("roulette", 100000,
         "Draws --draws samples from a discrete distribution of --size weights and counts each "
         "item, with every variant on every enabled execution space. With --weights-file the "
         "weights come from the file (one per line), which sets their number (no --size).");

  std::string params() const;

 private:
  std::uint64_t draws_ = 10000000;
  std::uint64_t seed_ = 20240501;
  std::string kind_ = "uniform";
  std::string file_;
  std::optional<std::vector<Weight>> file_weights_;  // --weights-file's, until prepare()
  std::string indices_file_;                         // --output-indices FILE.npy
  npy::FirstResult indices_output_;
  Problem problem_;
};

// The variants on one space (explicitly instantiated in variants.cpp):
//   kp:           kp::sample (kp::mpi::sample under MPI): the counts as one
//                 multinomial sample split down the items' tree, O(N) work
//                 whatever the draws;
//   kp-alias:     kp::sample drawing one by one from its alias table, O(M);
//   kp-table:     kp::AliasTable's build alone;
//   kp-indices:   kp::AliasTable::sample_indices from a table built before
//                 the timed runs: each draw's item in draw order (4 bytes a
//                 draw; its GB/s counts one 32-byte sector read a draw);
//   classic:      inclusive prefix sums (parallel_scan), one binary search per
//                 draw, counts through a ScatterView;
//   alias:        Vose alias table built on the host (the build is timed), one
//                 table read per draw, counts through a ScatterView;
//   alias-atomic: the same table and draws, counts by atomic increments on the
//                 counts themselves (no per-thread duplicates to clear and sum);
//   alias-parallel: the alias table built on the space itself in parallel
//                 (parallel_alias.hpp), then the draws and counts of `alias`.
//                 Counting: on a GPU the ScatterView is plain global atomics,
//                 which do not bottleneck there: 1e7 increments spread over
//                 1e5 bins rarely collide, and the 400 KB of counts live in
//                 L2, where the atomics execute. Per-team scratch counts
//                 cannot help: 1e5 4-byte bins exceed a team's shared memory,
//                 and with fewer draws per team than bins, merging the team
//                 copies would cost more atomics than it saves. On the host
//                 the ScatterView keeps a copy per thread: clearing and
//                 summing 16 copies of 1e5 counts is small next to 1e7
//                 draws, and cheaper than 1e7 locked increments (alias-atomic).
template <class Space>
SpaceCase make_space_case(const Problem& problem);

}  // namespace bench::roulette
