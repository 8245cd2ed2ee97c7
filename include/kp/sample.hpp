#pragma once
// kp::sample and kp::AliasTable: weighted sampling with replacement.
//
//   kp::sample(space, weights, draws, seed, counts);   // counts(i) = times item i was drawn
//
//   kp::AliasTable<Space> table(space, weights);        // build once ...
//   table.sample(space, draws, seed, counts);           // ... draw many times
//
// - weights: float or double, finite, >= 0, not all 0, fewer than 2^32 of
//   them; an item of weight 0 is never drawn. Anything else throws
//   std::invalid_argument (checked on the space: building a table fences it).
// - counts: uint32 or uint64, one per weight, overwritten; the counts sum
//   to `draws` (uint32 counts wrap past 2^32 - 1 draws of one item).
// - Determinism: draw i uses the i-th output of a counter-based generator
//   (SplitMix64 of seed and i), not a per-thread stream, so the counts for
//   one seed are the same on every space and thread count given the same
//   table. The table is built by the same arithmetic everywhere; its
//   columns are exact (hence identical) for integer weights with
//   n * sum < 2^53, and otherwise agree to the last bit except where a
//   rounding of the total lands on a column's threshold.
// Building a table returns once it is checked; its draws are asynchronous.
// kp::sample returns once its counts are written.
#include <Kokkos_Core.hpp>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <type_traits>

#include <kp/algorithm.hpp>
#include <kp/impl/counter_rng.hpp>
#include <kp/impl/parallel_alias.hpp>
#include <kp/impl/private_rows.hpp>
#include <kp/impl/views.hpp>
#include <kp/impl/workspace.hpp>

namespace kp {

namespace impl {

struct SampleOnce;

// The checks the host makes before any work: a count of weights the table
// can index.
inline void check_weight_count(std::int64_t n) {
  if (n == 0) throw std::invalid_argument("kp::sample: no weights");
  if (n >= (std::int64_t{1} << 32)) {
    throw std::invalid_argument("kp::sample: " + std::to_string(n) +
                                " weights; at most 2^32 - 1 are supported");
  }
}

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
  WeightTotals t;
  using Memory = typename TotalsReport<Space>::memory_space;
  if constexpr (Kokkos::SpaceAccessibility<Kokkos::HostSpace, Memory>::accessible) {
    t = report();
  } else {
    Kokkos::deep_copy(Kokkos::View<WeightTotals, Kokkos::HostSpace>(&t), report);
  }
  check_totals(t);
}

// Draws [kBatch * b, kBatch * b + kBatch): every table read of the batch is
// issued before its first counter update (independent loads in flight).
inline constexpr std::int64_t kBatch = 8;

// The item (or, for kp::mpi, the count slot) a draw's 64 random bits give.
// A reader that may skip a draw (kp::mpi: its column is on another rank)
// returns kNotHere for it.
inline constexpr std::uint32_t kNotHere = 0xffffffffu;

// Select: the column or its alias picked by arithmetic instead of a branch
// (host spaces, tables whose coins a branch predictor would often miss:
// draws_by_select).
template <class Space, bool Select = false>
struct ReadColumns {
  static constexpr bool kMaySkip = false;
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
// predictor then misses about min(p, 1 - p) of that column's draws. One core
// of the 2-core VM, 10^7 draws from 10^5 columns: branch 2.3 ns a draw when
// every column is full (uniform weights), 8.4 ns for `ramp` weights; the
// select 3.8 ns for both. So the select pays once the mean miss share
// passes about 1/16.
inline constexpr double kSelectAboveMisses = 1.0 / 16;

// The sum is an integer: each term is below 2^31 and there are fewer than
// 2^32 columns, so it cannot overflow, and a chain of integer adds is
// shorter than one of double adds (10^5 columns on the Serial space of the
// Xeon: 268-308 us with double, docs/results/h100-2026-11-26-session11,
// runs A and C).
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
  return static_cast<double>(sum) / (double(n) * 0x1.0p32) > kSelectAboveMisses;
}

// count(item) for each of the draws [begin, end) of the stream that `read`
// gives an item here (not kNotHere), in batches of kBatch: every table read
// of a batch is issued before its first count.
template <class Read, class Count>
KOKKOS_INLINE_FUNCTION void draw_range(const Read& read, std::uint64_t stream, std::uint64_t begin,
                                       std::uint64_t end, const Count& count) {
  const auto counted = [&](std::uint32_t item) {
    if (!Read::kMaySkip || item != kNotHere) count(item);
  };
  std::uint64_t i = begin;
  for (; i + kBatch <= end; i += kBatch) {
    std::uint32_t items[kBatch];
    for (int k = 0; k < kBatch; ++k) items[k] = read(random_bits(stream, i + k));
    for (int k = 0; k < kBatch; ++k) counted(items[k]);
  }
  for (; i < end; ++i) counted(read(random_bits(stream, i)));
}

// GPU: atomics on the counts. Draws [0, draws) of the stream, a batch each.
template <class Read, class Counts>
struct DrawAtomically {
  using Count = typename Counts::non_const_value_type;
  Read read;
  Counts counts;
  std::uint64_t stream, draws;
  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t batch) const {
    const std::uint64_t begin = static_cast<std::uint64_t>(batch) * kBatch;
    draw_range(read, stream, begin, draws - begin > kBatch ? begin + kBatch : draws,
               [&](std::uint32_t item) { atomic_count(&counts(item), Count(1)); });
  }
};

// Host: task t makes the draws [t * task, t * task + task) into a thread's
// row of counts (count_in_thread_rows).
inline constexpr std::uint64_t kDrawTask = 32768;

template <class Read, class Row>
struct DrawTask {
  Read read;
  std::uint64_t stream, draws;
  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t t, Row* row) const {
    const std::uint64_t begin = static_cast<std::uint64_t>(t) * kDrawTask;
    draw_range(read, stream, begin, draws - begin > kDrawTask ? begin + kDrawTask : draws,
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
        count_in_thread_rows<Row>(space, "kp::sample::private-bins",
                                  static_cast<std::int64_t>((draws + kDrawTask - 1) / kDrawTask), 1,
                                  row_stride<Row>(n), counts,
                                  DrawTask<Read, Row>{read, stream, draws});
      });
      return;
    }
  }
  if (algorithm == Algorithm::global_atomics) {
    if (!counts_zeroed) Kokkos::deep_copy(space, counts, Count(0));
    const auto batches = static_cast<std::int64_t>((draws + kBatch - 1) / kBatch);
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

}  // namespace impl

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
              const CountsView& counts, Algorithm algorithm = Algorithm::automatic) const {
    // As kp::sample without weights: an empty table has nothing to draw.
    if (size() == 0) throw std::invalid_argument("kp::AliasTable: the table is empty (no weights)");
    impl::draw(space, columns_, draws, seed, counts, algorithm);
  }

 private:
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

namespace impl {
template <class Space>
struct SampleTable {
  View<DrawColumn*, Space> columns;
};

// kp::sample's table: built, drawn from, then checked (one fence in all).
struct SampleOnce {
  template <class Space, class WeightsView, class CountsView>
  static void run(const Space& space, const WeightsView& weights, std::uint64_t draws,
                  std::uint64_t seed, const CountsView& counts, Algorithm algorithm) {
    const std::size_t n = weights.extent(0);
    using Table = SampleTable<Space>;
    const auto ws = workspace<Table>(
        space, [&](const Table& t) { return t.columns.extent(0) >= n; },
        [&] {
          return Table{View<DrawColumn*, Space>(
              Kokkos::view_alloc(Kokkos::WithoutInitializing, "kp::sample table"), n)};
        });
    // On a GPU the table build zeroes contiguous counts on the way: one
    // kernel fewer than a separate fill before the atomic draws.
    using Count = typename CountsView::non_const_value_type;
    View<Count*, Space> zero;
    if constexpr (is_gpu_space<Space>() && std::is_same_v<typename CountsView::value_type, Count> &&
                  Kokkos::SpaceAccessibility<Space,
                                             typename CountsView::memory_space>::accessible) {
      if (is_contiguous(counts) && counts.extent(0) == n) zero = contiguous_out<Space>(counts);
    }
    const AliasTable<Space> table(typename AliasTable<Space>::Unchecked{}, space, weights,
                                  ws->columns, zero);
    draw(space, table.columns_, draws, seed, counts, algorithm, zero.extent(0) > 0);
    check_weight_totals(space, table.report_);
  }
};
}  // namespace impl

// Builds the alias table of `weights` and makes `draws` draws of stream
// `seed` into `counts` (see AliasTable). The table and its work arrays come
// from the library's workspace cache. Keep an AliasTable to sample the same
// weights repeatedly without rebuilding. Returns once the counts are written
// (it fences `space` to report bad weights; the counts are then unspecified).
template <class ExecSpace, class WeightsView, class CountsView>
void sample(const ExecSpace& space, const WeightsView& weights, std::uint64_t draws,
            std::uint64_t seed, const CountsView& counts,
            Algorithm algorithm = Algorithm::automatic) {
  impl::SampleOnce::run(space, weights, draws, seed, counts, algorithm);
}

}  // namespace kp
