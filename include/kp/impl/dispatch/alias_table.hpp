#pragma once
// The body of kp::AliasTable (include/kp/sample.hpp): its columns, their
// build on a space, and its draws.
#include <Kokkos_Core.hpp>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>

#include <kp/impl/agent/alias_draws.hpp>
#include <kp/impl/core/algorithm.hpp>
#include <kp/impl/core/views.hpp>
#include <kp/impl/core/workspace.hpp>

namespace kp::impl {

// A number of weights that a table or the tree can index.
inline void check_weight_count(std::int64_t n, const char* call = "kp::sample") {
  if (n == 0) throw std::invalid_argument(std::string(call) + ": no weights");
  if (n >= (std::int64_t{1} << 32)) {
    throw std::invalid_argument(std::string(call) + ": " + std::to_string(n) +
                                " weights; at most 2^32 - 1 are supported");
  }
}

template <class ExecSpace>
View<DrawColumn*, ExecSpace> new_alias_columns(std::size_t n) {
  return View<DrawColumn*, ExecSpace>(
      Kokkos::view_alloc(Kokkos::WithoutInitializing, "kp::alias table"), n);
}

// An alias table whose build has started: the constructor returns before the
// weights are checked (kp::sample checks after its draws, saving a round trip
// to the host in between); check_weights() fences and throws for bad ones.
template <class ExecSpace>
class BuiltAliasTable {
 public:
  BuiltAliasTable() = default;

  // Builds the table of `weights` into `columns` (at least one per weight)
  // asynchronously (a copy of non-contiguous weights fences), counting bad
  // weights on the way; `zero_counts` (none or one per weight) are zeroed
  // on the way.
  template <class WeightsView, class Count = std::uint32_t>
  BuiltAliasTable(const ExecSpace& space, const WeightsView& weights,
                  const View<DrawColumn*, ExecSpace>& columns,
                  const View<Count*, ExecSpace>& zero_counts = {}) {
    check_view<ExecSpace, WeightsView>();
    using W = value_t<WeightsView>;
    static_assert(std::is_same_v<W, float> || std::is_same_v<W, double>,
                  "kp::AliasTable: weights are float or double");
    const std::int64_t n = weights.extent(0);
    check_weight_count(n);
    if (static_cast<std::int64_t>(columns.extent(0)) < n) {
      throw std::invalid_argument("kp::AliasTable: fewer columns than weights");
    }
    columns_ = Kokkos::subview(columns, std::make_pair(std::int64_t{0}, n));
    using Slot = AliasBuilderSlot<ExecSpace>;
    const auto slot = workspace<Slot>(
        space, [&](const Slot& s) { return s.builder.capacity() >= static_cast<std::size_t>(n); },
        [&] { return Slot{ParallelAliasBuilder<ExecSpace>(n)}; });
    report_ = slot->builder.report();
    // The builder reads the weights as a contiguous array of the space.
    if (is_contiguous(weights)) {
      slot->builder.build(space, contiguous_in<ExecSpace>(weights), columns_, zero_counts);
    } else {
      View<W*, ExecSpace> copy(Kokkos::view_alloc(Kokkos::WithoutInitializing, "kp::weights"), n);
      Kokkos::deep_copy(space, copy, weights);
      slot->builder.build(space, copy, columns_, zero_counts);
      space.fence();  // before `copy` goes
    }
  }

  // Fences `space`; throws std::invalid_argument for bad weights.
  void check_weights(const ExecSpace& space) const { check_weight_totals(space, report_); }

  std::int64_t size() const { return columns_.extent(0); }
  const View<DrawColumn*, ExecSpace>& columns() const { return columns_; }

  template <class CountsView>
  void sample(const ExecSpace& space, std::uint64_t draws, std::uint64_t seed,
              const CountsView& counts, Algorithm algorithm) const {
    check_not_empty();
    draw(space, columns_, draws, seed, counts, algorithm);
  }

  template <class IndicesView>
  void sample_indices(const ExecSpace& space, std::uint64_t seed,
                      const IndicesView& indices) const {
    check_not_empty();
    draw_indices(space, columns_, seed, indices);
  }

 private:
  // As kp::sample without weights: an empty table has nothing to draw.
  void check_not_empty() const {
    if (size() == 0) throw std::invalid_argument("kp::AliasTable: the table is empty (no weights)");
  }

  View<DrawColumn*, ExecSpace> columns_;
  TotalsReport<ExecSpace> report_;
};

}  // namespace kp::impl
