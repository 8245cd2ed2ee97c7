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
//   (impl/multinomial.hpp; docs/API.md). O(n) work and O(n / 1024) extra
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
#include <Kokkos_Core.hpp>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <type_traits>

#include <kp/algorithm.hpp>
#include <kp/impl/alias_draws.hpp>
#include <kp/impl/multinomial.hpp>
#include <kp/impl/sample.hpp>
#include <kp/impl/views.hpp>
#include <kp/impl/workspace.hpp>

namespace kp {

// An alias table of weights on an execution space: build once (three or
// four kernels, then checked; docs/API.md), draw any number of times (O(1)
// per draw).
template <class ExecSpace>
class AliasTable {
 public:
  AliasTable() = default;

  template <class WeightsView>
  AliasTable(const ExecSpace& space, const WeightsView& weights)
      : AliasTable(space, weights,
                   impl::View<impl::DrawColumn*, ExecSpace>(
                       Kokkos::view_alloc(Kokkos::WithoutInitializing, "kp::alias table"),
                       weights.extent(0))) {}

  // The table in `columns` (at least weights.extent(0) of them), which the
  // caller keeps alive.
  template <class WeightsView>
  AliasTable(const ExecSpace& space, const WeightsView& weights,
             const impl::View<impl::DrawColumn*, ExecSpace>& columns) {
    start_build(space, weights, columns);
    impl::check_weight_totals(space, report_);
  }

  std::int64_t size() const { return columns_.extent(0); }

  // counts(i) = how many of the draws 0 .. draws-1 of stream `seed` gave item i.
  template <class CountsView>
  void sample(const ExecSpace& space, std::uint64_t draws, std::uint64_t seed,
              const CountsView& counts,
              SampleAlgorithm algorithm = SampleAlgorithm::automatic) const {
    check_not_empty();
    impl::draw(space, columns_, draws, seed, counts, impl::algorithm_of(algorithm));
  }

  // indices(j) = the item of draw j of stream `seed`, j < indices.extent(0):
  // the draws that sample() counts, in draw order. Indices are any integer
  // type that holds size() - 1.
  template <class IndicesView>
  void sample_indices(const ExecSpace& space, std::uint64_t seed,
                      const IndicesView& indices) const {
    check_not_empty();
    impl::draw_indices(space, columns_, seed, indices);
  }

 private:
  // As kp::sample without weights: an empty table has nothing to draw.
  void check_not_empty() const {
    if (size() == 0) throw std::invalid_argument("kp::AliasTable: the table is empty (no weights)");
  }

  friend struct impl::SampleOnce;
  struct Unchecked {};
  // A table whose weights are not checked yet (kp::sample checks after its
  // draws, saving a round trip to the host in between).
  // `zero_counts` (none or one per weight) are zeroed on the way.
  template <class WeightsView, class Count>
  AliasTable(Unchecked, const ExecSpace& space, const WeightsView& weights,
             const impl::View<impl::DrawColumn*, ExecSpace>& columns,
             const impl::View<Count*, ExecSpace>& zero_counts) {
    start_build(space, weights, columns, zero_counts);
  }

  // Builds the table asynchronously (a copy of non-contiguous weights
  // fences). The build counts bad weights on the way and reports them in report_.
  template <class WeightsView, class Count = std::uint32_t>
  void start_build(const ExecSpace& space, const WeightsView& weights,
                   const impl::View<impl::DrawColumn*, ExecSpace>& columns,
                   const impl::View<Count*, ExecSpace>& zero_counts = {}) {
    impl::check_view<ExecSpace, WeightsView>();
    using W = impl::value_t<WeightsView>;
    static_assert(std::is_same_v<W, float> || std::is_same_v<W, double>,
                  "kp::AliasTable: weights are float or double");
    const std::int64_t n = weights.extent(0);
    impl::check_weight_count(n);
    if (static_cast<std::int64_t>(columns.extent(0)) < n) {
      throw std::invalid_argument("kp::AliasTable: fewer columns than weights");
    }
    columns_ = Kokkos::subview(columns, std::make_pair(std::int64_t{0}, n));
    using Slot = impl::AliasBuilderSlot<ExecSpace>;
    const auto slot = impl::workspace<Slot>(
        space, [&](const Slot& s) { return s.builder.capacity() >= static_cast<std::size_t>(n); },
        [&] { return Slot{impl::ParallelAliasBuilder<ExecSpace>(n)}; });
    report_ = slot->builder.report();
    // The builder reads the weights as a contiguous array of the space.
    if (impl::is_contiguous(weights)) {
      slot->builder.build(space, impl::contiguous_in<ExecSpace>(weights), columns_, zero_counts);
    } else {
      impl::View<W*, ExecSpace> copy(Kokkos::view_alloc(Kokkos::WithoutInitializing, "kp::weights"),
                                     n);
      Kokkos::deep_copy(space, copy, weights);
      slot->builder.build(space, copy, columns_, zero_counts);
      space.fence();  // before `copy` goes
    }
  }

  impl::View<impl::DrawColumn*, ExecSpace> columns_;
  impl::TotalsReport<ExecSpace> report_;
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
  impl::check_sample_views<ExecSpace, WeightsView, CountsView>("kp::sample", weights, counts);
  if (algorithm == SampleAlgorithm::automatic) {
    impl::sample_counts(space, weights, draws, seed, counts);
  } else {
    impl::SampleOnce::run(space, weights, draws, seed, counts, impl::algorithm_of(algorithm));
  }
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
