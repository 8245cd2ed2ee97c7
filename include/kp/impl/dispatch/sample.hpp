#pragma once
// kp::sample's checks and the one-call alias table (a table built, drawn
// from, then checked) behind kp::sample's alias path and kp::sample_indices.
#include <Kokkos_Core.hpp>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <type_traits>

#include <kp/impl/core/algorithm.hpp>
#include <kp/impl/agent/alias_draws.hpp>
#include <kp/impl/dispatch/alias_table.hpp>
#include <kp/impl/agent/multinomial.hpp>
#include <kp/impl/core/views.hpp>
#include <kp/impl/core/workspace.hpp>

namespace kp::impl {

// The static checks on the Views of a sampling call, and their lengths.
template <class Space, class WeightsView, class CountsView>
void check_sample_views(const char* call, const WeightsView& weights, const CountsView& counts) {
  check_view<Space, WeightsView>();
  check_view<Space, CountsView>();
  using W = value_t<WeightsView>;
  using Count = value_t<CountsView>;
  static_assert(std::is_same_v<W, float> || std::is_same_v<W, double>,
                "kp::sample: weights are float or double");
  static_assert(std::is_same_v<Count, std::uint32_t> || std::is_same_v<Count, std::uint64_t>,
                "kp::sample: counts are uint32 or uint64");
  if (counts.extent(0) != weights.extent(0)) {
    throw std::invalid_argument(std::string(call) + ": " + std::to_string(weights.extent(0)) +
                                " weights but " + std::to_string(counts.extent(0)) + " counts");
  }
}

template <class Space>
struct SampleTable {
  View<DrawColumn*, Space> columns;
};

// A table for one call: built, drawn from, then checked (one fence in all).
struct SampleOnce {
  template <class Space>
  static std::shared_ptr<SampleTable<Space>> columns(const Space& space, std::size_t n) {
    using Table = SampleTable<Space>;
    return workspace<Table>(
        space, [&](const Table& t) { return t.columns.extent(0) >= n; },
        [&] {
          return Table{View<DrawColumn*, Space>(
              Kokkos::view_alloc(Kokkos::WithoutInitializing, "kp::sample table"), n)};
        });
  }

  template <class Space, class WeightsView, class IndicesView>
  static void indices(const Space& space, const WeightsView& weights, std::uint64_t seed,
                      const IndicesView& indices) {
    const auto ws = columns(space, weights.extent(0));
    const BuiltAliasTable<Space> table(space, weights, ws->columns);
    draw_indices(space, table.columns(), seed, indices);
    table.check_weights(space);
  }

  template <class Space, class WeightsView, class CountsView>
  static void run(const Space& space, const WeightsView& weights, std::uint64_t draws,
                  std::uint64_t seed, const CountsView& counts, Algorithm algorithm) {
    const std::size_t n = weights.extent(0);
    const auto ws = columns(space, n);
    // On a GPU the table build zeroes contiguous counts on the way: one
    // kernel fewer than a separate fill before the atomic draws.
    using Count = typename CountsView::non_const_value_type;
    View<Count*, Space> zero;
    if constexpr (is_gpu_space<Space>() && std::is_same_v<typename CountsView::value_type, Count> &&
                  Kokkos::SpaceAccessibility<Space,
                                             typename CountsView::memory_space>::accessible) {
      if (is_contiguous(counts) && counts.extent(0) == n) zero = contiguous_out<Space>(counts);
    }
    const BuiltAliasTable<Space> table(space, weights, ws->columns, zero);
    draw(space, table.columns(), draws, seed, counts, algorithm, zero.extent(0) > 0);
    table.check_weights(space);
  }
};

// kp::sample: the tree's multinomial sample, or the alias draws.
template <class Space, class WeightsView, class CountsView>
void sample(const Space& space, const WeightsView& weights, std::uint64_t draws, std::uint64_t seed,
            const CountsView& counts, Algorithm algorithm) {
  check_sample_views<Space, WeightsView, CountsView>("kp::sample", weights, counts);
  if (algorithm == Algorithm::automatic) {
    sample_counts(space, weights, draws, seed, counts);
  } else {
    SampleOnce::run(space, weights, draws, seed, counts, algorithm);
  }
}

}  // namespace kp::impl
