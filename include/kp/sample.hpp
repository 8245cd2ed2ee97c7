#pragma once
// kp::sample, kp::sample_indices and kp::AliasTable: weighted sampling with
// replacement.
//
//   kp::sample(space, weights, draws, seed, counts);    // counts(i) = times item i was drawn
//   kp::sample_indices(space, weights, seed, indices);  // indices(j) = the item of draw j
//
//   kp::AliasTable<Space> table(space, weights);         // build once ...
//   table.sample(space, draws, seed, counts);            // ... draw many times
//   table.sample_indices(space, seed, indices);
//
// - weights: float or double, finite, >= 0, not all 0, fewer than 2^32 of
//   them; an item of weight 0 is never drawn. Anything else throws
//   std::invalid_argument (kp::sample and building a table check on the
//   space and fence it). draws: at most 2^53.
// - counts: uint32 or uint64, one per weight, overwritten; the counts sum
//   to `draws` (uint32 counts wrap past 2^32 - 1 draws of one item).
// - kp::sample draws the counts as one multinomial sample: the draws are
//   split down a fixed binary tree of the items by binomials
//   (impl/agent/multinomial.hpp; docs/API.md). O(n) work and O(n / 1024) extra
//   memory, independent of `draws`.
// - kp::sample_indices and AliasTable draw one by one (O(1) each): draw j
//   reads the alias table at the j-th output of a counter-based generator,
//   independent draws written in draw order, no atomics. Sorted indices are
//   kp::sample's counts expanded (an exclusive scan of the counts gives
//   each item's first slot); they are a different sample than the
//   alias draws of the same seed.
// - Determinism: the counts and indices for (weights, draws, seed) are the
//   same bits on every space and thread count, and kp::mpi::sample's are
//   kp::sample's of the gathered weights for any number of ranks. Host code
//   must be compiled without FP contraction onto FMA instructions (the
//   default without -mfma / -march=native); otherwise host and GPU counts
//   may differ (each is still an exact multinomial sample). The alias
//   table's columns are exact (hence identical) for integer weights with
//   n * sum < 2^53, and otherwise agree to the last bit except where a
//   rounding of the total lands on a column's threshold.
// Building a table returns once it is checked; its draws are asynchronous.
// kp::sample and kp::sample_indices return once their output is written.
#include <cstdint>

#include <kp/algorithm.hpp>
#include <kp/impl/dispatch/alias_table.hpp>
#include <kp/impl/dispatch/sample.hpp>

namespace kp {

// The alias table's format, for code that builds or reads tables of its
// own (AliasTable keeps its columns in it). A table of n items has n
// columns of probability 1/n each; a draw picks a column, then keeps the
// column's own item or takes its alias by a coin.
namespace alias {
// A column as built: its own item with probability `keep`, else `alias`.
using Entry = impl::AliasEntry;
// A column as draws read it (8 bytes, one load): its own item when a 32-bit
// coin is below `threshold`, else `alias`. Draws from a Column table are
// identical to draws from the Entry table it encodes.
using Column = impl::DrawColumn;
// Column `column`'s Entry as a Column.
using impl::to_draw_column;
// The item a 32-bit coin `coin` gives in column `column`.
using impl::draw_from;
// The parallel build on a space (by prefix sums, O(n) work, no host round
// trip): ParallelBuilder<Space>(n) allocates its workspace for up to n
// items; build(space, weights, entries) fills an Entry table, and
// build(space, weights, columns, counts) a Column table, zeroing the n
// `counts` too. Asynchronous on `space`; report() holds the weights' totals
// and check once `space` is fenced. Weights: n >= 1, non-negative, not all
// zero (as kp::sample's; unchecked here).
template <class Space>
using ParallelBuilder = impl::ParallelAliasBuilder<Space>;
}  // namespace alias

// An alias table of weights on an execution space: build once (three or
// four kernels, then checked; docs/API.md), draw any number of times (O(1)
// per draw). A default-constructed table is empty: drawing from it throws
// std::invalid_argument.
template <class ExecSpace>
class AliasTable {
 public:
  AliasTable() = default;

  // The table of `weights`, in columns of its own. Returns once the weights
  // are checked (throws std::invalid_argument for bad ones, see above).
  template <class WeightsView>
  AliasTable(const ExecSpace& space, const WeightsView& weights)
      : AliasTable(space, weights, impl::new_alias_columns<ExecSpace>(weights.extent(0))) {}

  // The table in `columns` (at least weights.extent(0) of them), which the
  // caller keeps alive.
  template <class WeightsView>
  AliasTable(const ExecSpace& space, const WeightsView& weights,
             const impl::View<impl::DrawColumn*, ExecSpace>& columns)
      : table_(space, weights, columns) {
    table_.check_weights(space);
  }

  std::int64_t size() const { return table_.size(); }

  // counts(i) = how many of the draws 0 .. draws-1 of stream `seed` gave item i.
  template <class CountsView>
  void sample(const ExecSpace& space, std::uint64_t draws, std::uint64_t seed,
              const CountsView& counts,
              SampleAlgorithm algorithm = SampleAlgorithm::automatic) const {
    table_.sample(space, draws, seed, counts, impl::algorithm_of(algorithm));
  }

  // indices(j) = the item of draw j of stream `seed`, j < indices.extent(0):
  // the draws that sample() counts, in draw order. Indices are any integer
  // type that holds size() - 1.
  template <class IndicesView>
  void sample_indices(const ExecSpace& space, std::uint64_t seed,
                      const IndicesView& indices) const {
    table_.sample_indices(space, seed, indices);
  }

 private:
  impl::BuiltAliasTable<ExecSpace> table_;
};

// counts(i) = how many of `draws` weighted draws with replacement gave item
// i: one multinomial sample of the weights, stream `seed`. Returns once the
// counts are written (it fences `space` to report bad weights; the counts
// are then unspecified). SampleAlgorithm::automatic splits the draws down
// the items' tree; SampleAlgorithm::alias (or private_bins / global_atomics, its two
// ways of counting) makes the draws one by one from an alias table, the
// counts of AliasTable::sample: O(draws) work.
template <class ExecSpace, class WeightsView, class CountsView>
void sample(const ExecSpace& space, const WeightsView& weights, std::uint64_t draws,
            std::uint64_t seed, const CountsView& counts,
            SampleAlgorithm algorithm = SampleAlgorithm::automatic) {
  impl::sample(space, weights, draws, seed, counts, impl::algorithm_of(algorithm));
}

// indices(j) = the item of draw j, j < indices.extent(0), of stream `seed`
// (AliasTable::sample_indices of the weights' table, which comes from the
// workspace cache). Returns once the indices are written.
template <class ExecSpace, class WeightsView, class IndicesView>
void sample_indices(const ExecSpace& space, const WeightsView& weights, std::uint64_t seed,
                    const IndicesView& indices) {
  impl::SampleOnce::indices(space, weights, seed, indices);
}

}  // namespace kp
