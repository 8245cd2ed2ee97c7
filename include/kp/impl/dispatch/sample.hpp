#pragma once
// kp::sample's calls: the checks, the multinomial tree's levels split on one
// space (sample_counts; kp::mpi::sample splits its part by split_items), and
// the one-call alias table (a table built, drawn from, then checked) behind
// kp::sample's alias path and kp::sample_indices.
#include <Kokkos_Core.hpp>
#include <cfloat>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include <kp/impl/agent/alias_draws.hpp>
#include <kp/impl/agent/multinomial.hpp>
#include <kp/impl/core/algorithm.hpp>
#include <kp/impl/core/report_memory.hpp>
#include <kp/impl/core/views.hpp>
#include <kp/impl/core/workspace.hpp>
#include <kp/impl/dispatch/alias_table.hpp>

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
