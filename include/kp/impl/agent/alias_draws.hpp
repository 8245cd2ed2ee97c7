#pragma once
// The draws of kp::AliasTable: each draw's 64 random bits pick a column of
// the table and its coin; counts go to per-thread rows (host spaces) or
// atomics (GPUs); indices are written in draw order.
#include <Kokkos_Core.hpp>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <type_traits>

#include <kp/impl/agent/parallel_alias.hpp>
#include <kp/impl/agent/private_rows.hpp>
#include <kp/impl/core/algorithm.hpp>
#include <kp/impl/core/launch.hpp>
#include <kp/impl/core/views.hpp>
#include <kp/impl/core/workspace.hpp>
#include <kp/impl/thread/counter_rng.hpp>
#include <kp/impl/tuning/sample.hpp>

namespace kp::impl {

// Throws std::invalid_argument unless a table can be built from weights of
// these totals.
inline void check_totals(const WeightTotals& t) {
  if (t.bad > 0) {
    throw std::invalid_argument("kp::sample: " + std::to_string(t.bad) +
                                " weights are negative, NaN or infinite");
  }
  if (t.positive == 0) throw std::invalid_argument("kp::sample: every weight is 0");
  if (!t.sum_finite()) {
    throw std::invalid_argument("kp::sample: the weights sum past the largest double");
  }
}

// The check the table build makes on the way (its first kernel counts the
// bad and the positive weights), as the build reported it to the host:
// fences `space`.
template <class Space>
void check_weight_totals(const Space& space, const TotalsReport<Space>& report) {
  space.fence();
  check_totals(read_report(report));
}

// Select: the column or its alias picked by arithmetic instead of a branch
// (host spaces, tables whose coins a branch predictor would often miss:
// draws_by_select).
template <class Space, bool Select = false>
struct ReadColumns {
  View<const DrawColumn*, Space> columns;
  KOKKOS_INLINE_FUNCTION std::uint32_t operator()(std::uint64_t bits) const {
    const auto n = static_cast<std::uint32_t>(columns.extent(0));
    const auto column = static_cast<std::uint32_t>(((bits >> 32) * n) >> 32);
    if constexpr (Select) {
      const DrawColumn entry = columns(column);
      const std::uint32_t keep = static_cast<std::uint32_t>(bits) < entry.threshold;
      return column ^ ((column ^ entry.alias) & (keep - 1u));
    } else {
      return draw_from(column, columns(column), static_cast<std::uint32_t>(bits));
    }
  }
};

// A draw keeps its column with probability p = threshold / 2^32; a branch
// predictor then misses about min(p, 1 - p) of that column's draws. Past a
// mean miss share (SampleTuning's select_above_misses) the branch-free
// select is faster.
// The share's sum is an integer: each term is below 2^31 and there are
// fewer than 2^32 columns, so it cannot overflow, and a chain of integer
// adds is shorter than one of double adds.
template <class Space>
struct MissShare {
  View<const DrawColumn*, Space> columns;
  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t c, std::uint64_t& sum) const {
    const std::uint32_t t = columns(c).threshold;
    const std::uint32_t rest = 0xffffffffu - t;
    sum += t < rest ? t : rest;
  }
};

// Host spaces: whether draws from `columns` go faster by select; measured
// on the table (one pass over it, against at least as many draws).
template <class Space>
bool draws_by_select(const Space& space, const View<DrawColumn*, Space>& columns,
                     std::uint64_t draws) {
  const auto n = static_cast<std::int64_t>(columns.extent(0));
  if (n == 0 || draws < static_cast<std::uint64_t>(n)) return false;
  std::uint64_t sum = 0;
  Kokkos::parallel_reduce("kp::sample::miss-share", IndexRange<Space>(space, 0, n),
                          MissShare<Space>{columns}, sum);
  return static_cast<double>(sum) / (double(n) * 0x1.0p32) >
         tuning::Tuned<SampleTuning, Space>::select_above_misses;
}

// count(item) for each of the draws [begin, end) of the stream, in batches
// of kSampleBatch: every table read of a batch is issued before its first count.
template <class Read, class Count>
KOKKOS_INLINE_FUNCTION void draw_range(const Read& read, std::uint64_t stream, std::uint64_t begin,
                                       std::uint64_t end, const Count& count) {
  std::uint64_t i = begin;
  for (; i + kSampleBatch <= end; i += kSampleBatch) {
    std::uint32_t items[kSampleBatch];
    for (int k = 0; k < kSampleBatch; ++k) items[k] = read(random_bits(stream, i + k));
    for (int k = 0; k < kSampleBatch; ++k) count(items[k]);
  }
  for (; i < end; ++i) count(read(random_bits(stream, i)));
}

// GPU: atomics on the counts. Draws [0, draws) of the stream, a batch each.
template <class Read, class Counts>
struct DrawAtomically {
  using Count = typename Counts::non_const_value_type;
  Read read;
  Counts counts;
  std::uint64_t stream, draws;
  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t batch) const {
    const std::uint64_t begin = static_cast<std::uint64_t>(batch) * kSampleBatch;
    draw_range(read, stream, begin, draws - begin > kSampleBatch ? begin + kSampleBatch : draws,
               [&](std::uint32_t item) { atomic_count(&counts(item), Count(1)); });
  }
};

// Host: task t makes the draws [t * task, t * task + task) into a thread's
// row of counts (count_in_thread_rows).
template <class Read, class Row>
struct DrawTask {
  static constexpr std::uint64_t kTask = SampleTuning<tuning::Target::host>::draw_task;
  Read read;
  std::uint64_t stream, draws;
  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t t, Row* row) const {
    const std::uint64_t begin = static_cast<std::uint64_t>(t) * kTask;
    draw_range(read, stream, begin, draws - begin > kTask ? begin + kTask : draws,
               [&](std::uint32_t item) { ++row[item]; });
  }
};

template <class Space>
struct AliasBuilderSlot {
  ParallelAliasBuilder<Space> builder;
};

// counts(k) = how many of the draws 0 .. draws-1 of stream `seed` gave
// k = read(bits), for the n = counts.extent(0) results `read` gives.
// `counts_zeroed`: the caller zeroed the counts already (kp::sample's table
// build does on a GPU).
template <class Space, class Read, class CountsView>
void draw_with(const Space& space, const Read& read, std::uint64_t draws, std::uint64_t seed,
               const CountsView& counts, Algorithm algorithm, bool counts_zeroed) {
  using Count = value_t<CountsView>;
  const std::int64_t n = counts.extent(0);
  if (n == 0) return;
  const std::uint64_t stream = stream_start(seed);
  const double row_bytes = double(space.concurrency()) * n * row_count_size<Count>(draws);
  if (algorithm == Algorithm::automatic || algorithm == Algorithm::alias) {
    algorithm =
        !is_gpu_space<Space>() && (space.concurrency() == 1 || row_bytes <= kPrivateRowsBudget)
            ? Algorithm::private_bins
            : Algorithm::global_atomics;
  }
  if constexpr (!is_gpu_space<Space>()) {
    if (algorithm == Algorithm::private_bins) {
      with_row_type<Count>(draws, [&](auto row_type) {
        using Row = decltype(row_type);
        using Task = DrawTask<Read, Row>;
        count_in_thread_rows<Row>(
            space, "kp::sample::private-bins",
            static_cast<std::int64_t>((draws + Task::kTask - 1) / Task::kTask), 1,
            row_stride<Row>(n), counts, Task{read, stream, draws});
      });
      return;
    }
  }
  if (algorithm == Algorithm::global_atomics) {
    if (!counts_zeroed) Kokkos::deep_copy(space, counts, Count(0));
    const auto batches = static_cast<std::int64_t>((draws + kSampleBatch - 1) / kSampleBatch);
    Kokkos::parallel_for("kp::sample::draw", IndexRange<Space>(space, 0, batches),
                         DrawAtomically<Read, CountsView>{read, counts, stream, draws});
    return;
  }
  unsupported("kp::sample", algorithm, Space::name());
}

// counts(i) = how many of the draws 0 .. draws-1 of stream `seed` from the
// table `columns` gave item i.
template <class Space, class CountsView>
void draw(const Space& space, const View<DrawColumn*, Space>& columns, std::uint64_t draws,
          std::uint64_t seed, const CountsView& counts, Algorithm algorithm,
          bool counts_zeroed = false) {
  check_view<Space, CountsView>();
  using Count = value_t<CountsView>;
  static_assert(std::is_same_v<Count, std::uint32_t> || std::is_same_v<Count, std::uint64_t>,
                "kp::sample: counts are uint32 or uint64");
  const std::int64_t n = columns.extent(0);
  if (static_cast<std::int64_t>(counts.extent(0)) != n) {
    throw std::invalid_argument("kp::sample: " + std::to_string(n) + " weights but " +
                                std::to_string(counts.extent(0)) + " counts");
  }
  if constexpr (!is_gpu_space<Space>()) {
    if (draws_by_select(space, columns, draws)) {
      draw_with(space, ReadColumns<Space, true>{columns}, draws, seed, counts, algorithm,
                counts_zeroed);
      return;
    }
  }
  draw_with(space, ReadColumns<Space>{columns}, draws, seed, counts, algorithm, counts_zeroed);
}

// Batch b of the indices, laid out as WarpBatches: 32 consecutive batches
// (a GPU warp) write 32 consecutive indices at a time. Every table read of
// a batch is issued before its first write.
template <class Read, class IndicesView>
struct DrawIndices {
  using Index = typename IndicesView::non_const_value_type;
  using Batches = WarpBatches<kSampleBatch>;
  static constexpr std::uint64_t kLanes = Batches::kLanes;
  Read read;
  IndicesView indices;
  std::uint64_t stream;
  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t batch) const {
    const auto draws = static_cast<std::uint64_t>(indices.extent(0));
    const auto first = static_cast<std::uint64_t>(Batches::first(batch));
    if (first + kLanes * (kSampleBatch - 1) < draws) {
      std::uint32_t items[kSampleBatch];
      for (int k = 0; k < kSampleBatch; ++k) {
        items[k] = read(random_bits(stream, first + kLanes * k));
      }
      for (int k = 0; k < kSampleBatch; ++k) {
        indices(first + kLanes * k) = static_cast<Index>(items[k]);
      }
    } else {
      for (std::uint64_t j = first; j < draws; j += kLanes) {
        indices(j) = static_cast<Index>(read(random_bits(stream, j)));
      }
    }
  }
};

// indices(j) = the item of draw j of stream `seed` from the table `columns`.
template <class Space, class IndicesView>
void draw_indices(const Space& space, const View<DrawColumn*, Space>& columns, std::uint64_t seed,
                  const IndicesView& indices) {
  check_view<Space, IndicesView>();
  using Index = value_t<IndicesView>;
  static_assert(std::is_integral_v<Index>, "kp::sample_indices: indices are integers");
  const auto n = static_cast<std::uint64_t>(columns.extent(0));
  if (n > 0 && n - 1 > static_cast<std::uint64_t>(std::numeric_limits<Index>::max())) {
    throw std::invalid_argument("kp::sample_indices: " + std::to_string(n) +
                                " weights do not fit the index type");
  }
  const std::int64_t batches =
      WarpBatches<kSampleBatch>::count(static_cast<std::int64_t>(indices.extent(0)));
  Kokkos::parallel_for("kp::sample::indices", IndexRange<Space>(space, 0, batches),
                       DrawIndices<ReadColumns<Space>, IndicesView>{ReadColumns<Space>{columns},
                                                                    indices, stream_start(seed)});
}

}  // namespace kp::impl
