#pragma once
// An alias table built in parallel on the execution space itself (no host
// round trip): the parallel splitting idea of Hübschle-Schneider & Sanders,
// "Parallel Weighted Random Sampling" (2019), in a closed form that gives
// every column its own independent binary search.
//
// With s_i = w_i * n / W (a column holds 1), light items (s < 1) have a
// deficit d = 1 - s, heavy items (s >= 1) an excess e = s - 1. Number the
// lights 0..a-1 and the heavies 0..b-1 in index order, with inclusive prefix
// sums D_k of the deficits and E_j of the excesses. The sequential "sweep"
// (Vose's pairing with both worklists in index order) fills light k's column
// from the first heavy not yet used up, and a heavy whose remainder drops
// below 1 becomes a column filled from the next heavy. Counting tape consumed
// shows that heavy j drops below 1 right after the first light k with
// D_k > E_j, so, independently per column:
//   light k:  keep s_k, alias heavy c with c = #{j : E_j < D_(k-1)} (D_-1 = 0);
//   heavy j:  if E_j < D_(a-1) and j < b - 1: keep 1 - (D_k* - E_j) with
//             k* = first k with D_k > E_j, alias heavy j + 1; else keep 1.
// Both are binary searches in the other class's prefix sums (a merge of the
// two sequences, as in the paper). The last heavy is never used up and a
// light's alias index is clamped to it, which absorbs rounding when the
// computed deficits and excesses do not cancel exactly. Some item is at least
// the mean, so there is a heavy item unless the (compensated, faithfully
// rounded) total is off by an ulp in the wrong direction; then every positive
// item keeps its column, so no column is left unwritten. Zero-weight items
// have keep 0 and a heavy alias.
//
// The code scales everything by W (Units, below, says why).
//
// Three steps: a reduction (W and the last positive item), a scan that
// classifies and compacts both classes with their prefix sums (on host
// spaces of several threads two kernels: classify()), and one pairing
// kernel of n independent searches (on host spaces each index's later
// searches gallop forward from the one before: ForwardSearch). The pairing
// kernel writes either AliasEntry columns or the 8-byte DrawColumn form
// that draws read.
#include <Kokkos_Core.hpp>
#include <cmath>
#include <cstdint>
#include <string>

#include <cfloat>

#include <kp/impl/backend/host/host_tasks.hpp>
#include <kp/impl/core/common.hpp>
#include <kp/impl/core/report_memory.hpp>
#include <kp/impl/core/workspace.hpp>
#include <kp/impl/tuning/sample.hpp>

namespace kp::impl {

// One column of an alias table: its own item with probability `keep`, the
// item `alias` otherwise (Vose's table; every column has probability 1/n).
struct AliasEntry {
  double keep;
  std::uint32_t alias;
};

// A sum carried as the unevaluated pair high + low: each addition is
// error-free (Knuth's TwoSum) with the errors summed in `low`, so the sum is
// accurate to about one rounding of the result however many terms it has,
// in any association. Plain sums of 1e5 shares were off by up to ~1e-8 of a
// column, which the last heavy item absorbs: more than the 1e-9 the table
// must reproduce the weights to.
struct CompensatedSum {
  double high, low;
  KOKKOS_INLINE_FUNCTION void add(double x) {
    const double sum = high + x;
    const double x_part = sum - high;
    low += (high - (sum - x_part)) + (x - x_part);
    high = sum;
  }
  KOKKOS_INLINE_FUNCTION void add(const CompensatedSum& other) {
    add(other.high);
    low += other.low;
  }
  KOKKOS_INLINE_FUNCTION double value() const { return high + low; }
};

// The reduction's result: the total weight, an item to alias from a
// zero-weight column when there is no heavy item, and the input check
// (weights that are negative, NaN or infinite; weights above 0). A table
// is only built from usable() totals; otherwise every column draws its own
// item, so draws from it stay in range until the caller reports the error.
struct WeightTotals {
  CompensatedSum total;
  std::int64_t last_positive;
  std::int64_t bad, positive;
  KOKKOS_INLINE_FUNCTION bool sum_finite() const {
    const double w = total.value();
    return w - w == 0;
  }
  KOKKOS_INLINE_FUNCTION bool usable() const { return bad == 0 && positive > 0 && sum_finite(); }
};

template <class Space>
using TotalsReport =
    Kokkos::View<WeightTotals, Kokkos::Device<Space, typename ReportMemory<Space>::type>>;

// A column in the form a draw reads: half the bytes of an AliasEntry, one
// 8-byte load, and an integer compare. A draw's coin is 32 random bits c; the
// AliasEntry draw keeps the column's item when c * 2^-32 < keep, which for an
// integer c is exactly c < ceil(keep * 2^32) (the scaling by 2^32 is exact).
// So `threshold` is that ceiling, and a column with keep >= 1 (threshold 2^32,
// which does not fit) gets threshold 2^32 - 1 and itself as alias: every coin
// then gives the column's own item, as before. Draws from a DrawColumn table
// are therefore identical to draws from the AliasEntry table it encodes.
// Aligned to its size, so that a GPU reads it in one 8-byte load, not two.
struct alignas(8) DrawColumn {
  std::uint32_t threshold;  // keep the column's item when the coin is below this
  std::uint32_t alias;      // the item drawn otherwise
};

KOKKOS_INLINE_FUNCTION DrawColumn to_draw_column(std::uint32_t column, const AliasEntry& entry) {
  const double threshold = std::ceil(entry.keep * 0x1.0p32);
  if (threshold >= 0x1.0p32) return {0xffffffffu, column};
  return {threshold > 0 ? static_cast<std::uint32_t>(threshold) : 0u, entry.alias};
}

// The item a draw gives for 32-bit coin `coin` in column `column`.
KOKKOS_INLINE_FUNCTION std::uint32_t draw_from(std::uint32_t column, const DrawColumn& entry,
                                               std::uint32_t coin) {
  return coin < entry.threshold ? column : entry.alias;
}

namespace alias_build {

template <class Space>
using ItemRange = Kokkos::RangePolicy<Space, Kokkos::IndexType<std::int64_t>>;

// Whether `value` counts as below x: value < x, or value <= x when `or_equal`.
KOKKOS_INLINE_FUNCTION bool is_below(double value, double x, bool or_equal) {
  return or_equal ? value <= x : value < x;
}

// The number of leading values of the non-decreasing p[0, length) that are
// below x (or at most x, when `or_equal`): lower / upper bound, branch-free
// as in SearchPrefix, so that a warp's lanes stay in step.
KOKKOS_INLINE_FUNCTION std::int64_t count_below(const double* p, std::int64_t length, double x,
                                                bool or_equal) {
  std::int64_t base = 0;
  while (length > 0) {
    const std::int64_t half = length / 2;
    const bool below = is_below(p[base + half], x, or_equal);
    base = below ? base + half + 1 : base;
    length = below ? length - half - 1 : half;
  }
  return base;
}

// count_below for keys that never decrease, one after the other (the
// pairing's columns of one index: D and E are non-decreasing): the first
// is a binary search over all of p, each later one gallops forward from the
// answer before (probes 1, 2, 4, ... values ahead, then a binary search in
// the last step), O(log gap) instead of O(log length). Every value before
// the last answer is below the last key, hence below the next. One search
// an index (GPUs) is the plain binary search.
class ForwardSearch {
 public:
  KOKKOS_INLINE_FUNCTION ForwardSearch(const double* p, std::int64_t length, bool or_equal)
      : p_(p), length_(length), or_equal_(or_equal) {}
  KOKKOS_INLINE_FUNCTION std::int64_t operator()(double x) {
    if (at_ < 0) {
      at_ = count_below(p_, length_, x, or_equal_);
      return at_;
    }
    std::int64_t step = 1;
    while (at_ + step <= length_ && is_below(p_[at_ + step - 1], x, or_equal_)) {
      at_ += step;
      step *= 2;
    }
    const std::int64_t left = length_ - at_ < step - 1 ? length_ - at_ : step - 1;
    at_ += count_below(p_ + at_, left, x, or_equal_);
    return at_;
  }

 private:
  const double* p_;
  std::int64_t length_;
  bool or_equal_;
  std::int64_t at_ = -1;  // the last answer; -1 before the first search
};

// Kokkos 3.4 joins through volatile references on some backends: these
// copy a volatile value field by field.
KOKKOS_INLINE_FUNCTION CompensatedSum load(const volatile CompensatedSum& sum) {
  return {sum.high, sum.low};
}
KOKKOS_INLINE_FUNCTION void store(volatile CompensatedSum& dest, const CompensatedSum& sum) {
  dest.high = sum.high;
  dest.low = sum.low;
}

// Index c of a build kernel: items [c * chunk, min(c * chunk + chunk, n)).
struct ChunkRange {
  std::int64_t begin, end;
  KOKKOS_INLINE_FUNCTION ChunkRange(std::int64_t c, std::int64_t chunk, std::int64_t n)
      : begin(c * chunk), end(n - c * chunk < chunk ? n : c * chunk + chunk) {}
};

// The range of indices that covers n items, `chunk` an index.
template <class Space>
ItemRange<Space> chunk_indices(const Space& space, std::int64_t n, std::int64_t chunk) {
  return ItemRange<Space>(space, 0, (n + chunk - 1) / chunk);
}

// Items an index of the classifying scan and the pairing take
// (SampleTuning's alias_chunk): on host spaces several, so that the running
// sums stay in registers and the totals and units are read once an index;
// the totals' reduction keeps one weight an index (its compensated sum's
// chain sets its pace).
template <class Space>
constexpr std::int64_t build_chunk() {
  return tuning::Tuned<SampleTuning, Space>::alias_chunk;
}

template <class Space, class Weight>
struct SumWeights {
  using value_type = WeightTotals;
  View<const Weight*, Space> weights;
  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t i, value_type& sum) const {
    const double w = static_cast<double>(weights(i));
    const bool finite = w == w && w - w == 0;  // NaN and inf fail
    sum.bad += !(finite && w >= 0);
    sum.positive += finite && w > 0;
    sum.total.add(w);
    if (w > 0 && i > sum.last_positive) sum.last_positive = i;
  }
  KOKKOS_INLINE_FUNCTION void join(value_type& dest, const value_type& src) const {
    dest.total.add(src.total);
    if (src.last_positive > dest.last_positive) dest.last_positive = src.last_positive;
    dest.bad += src.bad;
    dest.positive += src.positive;
  }
  KOKKOS_INLINE_FUNCTION void join(volatile value_type& dest,
                                   const volatile value_type& src) const {
    value_type sum{load(dest.total), dest.last_positive, dest.bad, dest.positive};
    join(sum, value_type{load(src.total), src.last_positive, src.bad, src.positive});
    store(dest.total, sum.total);
    dest.last_positive = sum.last_positive;
    dest.bad = sum.bad;
    dest.positive = sum.positive;
  }
  KOKKOS_INLINE_FUNCTION void init(value_type& sum) const {
    sum.total = {0, 0};
    sum.last_positive = -1;
    sum.bad = 0;
    sum.positive = 0;
  }
};

// The arithmetic runs in units in which a column holds W (the total weight),
// not 1: item i holds n * w_i, a light's deficit is W - n * w_i, a heavy's
// excess n * w_i - W. For integer weights (n * W below 2^53) every sum is
// then exact in any association, so every space builds the same table.
// Where n * W would overflow (weights near the largest double), both are
// scaled down by a power of two, which keeps them exact.
struct Units {
  double per_weight;  // n, or n / 2^k: an item holds w * per_weight
  double column;      // W, or W / 2^k: what a column holds

  // A table of n columns for weights of these totals (kp::mpi: n and the
  // totals of the global array).
  KOKKOS_INLINE_FUNCTION Units(std::int64_t columns, const WeightTotals& totals)
      : per_weight(static_cast<double>(columns)), column(totals.total.value()) {
    // n columns' worth (the largest sum formed) must stay finite.
    const double n = per_weight;
    while (column > DBL_MAX / n) {
      per_weight *= 0.5;
      column *= 0.5;
    }
  }
};

// Running totals of the classifying scan: heavy items so far (the lights are
// the rest), and the deficit and excess sums.
struct SplitPrefix {
  std::int64_t heavies;
  CompensatedSum deficit, excess;
};

// Classifies each item, compacts the lights and heavies in index order, and
// writes their inclusive prefix sums D and E; the last item stores b.
// `columns` is the table's size, `first_item` the number of weights(0) (kp::mpi:
// the global size, and this rank's slice of it; otherwise n and 0). Index c
// takes items [c * chunk, c * chunk + chunk): run it with classify().
template <class Space, class Weight>
struct ClassifyAndCompact {
  using value_type = SplitPrefix;
  View<const Weight*, Space> weights;
  View<WeightTotals, Space> totals;
  View<std::int64_t, Space> heavies;
  View<std::uint32_t*, Space> light_item, heavy_item;
  View<double*, Space> light_prefix, heavy_prefix;
  std::int64_t columns;
  std::uint32_t first_item;
  std::int64_t chunk = 1;

  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t c, value_type& update, bool final) const {
    const WeightTotals t = totals();
    if (!t.usable()) return;  // PairColumns writes the fallback table
    const Units units(columns, t);
    const auto n = static_cast<std::int64_t>(weights.extent(0));
    const ChunkRange items(c, chunk, n);
    value_type prefix = update;
    for (std::int64_t i = items.begin; i < items.end; ++i) {
      const double s = weights(i) * units.per_weight;
      if (s >= units.column) {
        prefix.excess.add(s - units.column);
        if (final) {
          heavy_item(prefix.heavies) = first_item + static_cast<std::uint32_t>(i);
          heavy_prefix(prefix.heavies) = prefix.excess.value();
        }
        ++prefix.heavies;
      } else {
        prefix.deficit.add(units.column - s);
        if (final) {
          light_item(i - prefix.heavies) = first_item + static_cast<std::uint32_t>(i);
          light_prefix(i - prefix.heavies) = prefix.deficit.value();
        }
      }
    }
    update = prefix;
    if (final && items.end == n) heavies() = prefix.heavies;
  }
  KOKKOS_INLINE_FUNCTION void join(value_type& dest, const value_type& src) const {
    dest.heavies += src.heavies;
    dest.deficit.add(src.deficit);
    dest.excess.add(src.excess);
  }
  KOKKOS_INLINE_FUNCTION void join(volatile value_type& dest,
                                   const volatile value_type& src) const {
    value_type sum{dest.heavies, load(dest.deficit), load(dest.excess)};
    join(sum, value_type{src.heavies, load(src.deficit), load(src.excess)});
    dest.heavies = sum.heavies;
    store(dest.deficit, sum.deficit);
    store(dest.excess, sum.excess);
  }
  KOKKOS_INLINE_FUNCTION void init(value_type& prefix) const {
    prefix.heavies = 0;
    prefix.deficit = {0, 0};
    prefix.excess = {0, 0};
  }
};

// The classifying scan on host spaces of several threads, as three steps
// of ours in place of Kokkos' parallel_scan: the sums of each chunk
// (classify's loop with its stores compiled out), one thread that turns them
// into each chunk's prefix in order (the last of the sums' launch:
// run_host_tasks' finish), then the classifying pass from those.
// Kokkos' OpenMP scan runs each index twice too, but with the stores behind
// a flag known only at run time and the indices split evenly between the
// threads, which then wait for the slowest vCPU; these steps run each index
// once, in chunks handed out by run_host_tasks.
template <class Space, class Weight>
struct ChunkSums {
  ClassifyAndCompact<Space, Weight> classify;
  View<SplitPrefix*, Space> sums;
  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t c) const {
    SplitPrefix sum;
    classify.init(sum);
    classify(c, sum, false);
    sums(c) = sum;
  }
};

template <class Space, class Weight>
struct ChunkPrefixes {
  ClassifyAndCompact<Space, Weight> classify;
  View<SplitPrefix*, Space> sums;  // in: each chunk's sums; out: the sums before it
  std::int64_t chunks;
  KOKKOS_INLINE_FUNCTION void operator()() const {
    SplitPrefix prefix;
    classify.init(prefix);
    for (std::int64_t c = 0; c < chunks; ++c) {
      const SplitPrefix sum = sums(c);
      sums(c) = prefix;
      classify.join(prefix, sum);
    }
  }
};

template <class Space, class Weight>
struct ChunkClassify {
  ClassifyAndCompact<Space, Weight> classify;
  View<SplitPrefix*, Space> prefixes;
  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t c) const {
    SplitPrefix prefix = prefixes(c);
    classify(c, prefix, true);
  }
};

template <class Space>
struct ChunkSumsSlot {
  View<SplitPrefix*, Space> sums;
};

// Runs the classifying scan, build_chunk() items an index.
template <class Space, class Weight>
void classify(const Space& space, const std::string& label, ClassifyAndCompact<Space, Weight> f) {
  f.chunk = build_chunk<Space>();
  const auto indices =
      chunk_indices(space, static_cast<std::int64_t>(f.weights.extent(0)), f.chunk);
  if constexpr (is_gpu_space<Space>() || is_serial_space<Space>()) {
    Kokkos::parallel_scan(label, indices, f);
  } else {
    const std::int64_t chunks = indices.end();
    const auto slot = workspace<ChunkSumsSlot<Space>>(
        space,
        [&](const ChunkSumsSlot<Space>& s) { return s.sums.extent(0) >= std::size_t(chunks); },
        [&] {
          return ChunkSumsSlot<Space>{View<SplitPrefix*, Space>(
              Kokkos::view_alloc(Kokkos::WithoutInitializing, "kp::alias chunk sums"), chunks)};
        });
    run_host_tasks(space, label + "::sums", chunks, ChunkSums<Space, Weight>{f, slot->sums},
                   ChunkPrefixes<Space, Weight>{f, slot->sums, chunks});
    run_host_tasks(space, label, chunks, ChunkClassify<Space, Weight>{f, slot->sums});
  }
}

// Writes column `item` of a table in either form.
KOKKOS_INLINE_FUNCTION void store(AliasEntry& slot, std::uint32_t, double keep,
                                  std::uint32_t alias) {
  slot = {keep, alias};
}
KOKKOS_INLINE_FUNCTION void store(DrawColumn& slot, std::uint32_t item, double keep,
                                  std::uint32_t alias) {
  slot = to_draw_column(item, {keep, alias});
}

// Column r < a is light r's, column r >= a heavy (r - a)'s (see the header
// for the closed form). Every column is written, whatever the rounding.
// Index c takes columns [c * chunk, c * chunk + chunk), the totals, b and the
// units read once for them: run it with pair_columns().
template <class Space, class Weight, class Entry, class Count>
struct PairColumns {
  View<const Weight*, Space> weights;
  View<WeightTotals, Space> totals;
  View<std::int64_t, Space> heavies;
  View<std::uint32_t*, Space> light_item, heavy_item;
  View<double*, Space> light_prefix, heavy_prefix;
  View<Entry*, Space> table;
  View<Count*, Space> counts;  // zeroed on the way (empty: none)
  TotalsReport<Space> report;  // a copy of totals() for the host
  std::int64_t chunk = 1;

  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t c) const {
    const WeightTotals t = totals();
    const auto n = static_cast<std::int64_t>(weights.extent(0));
    const ChunkRange columns(c, chunk, n);
    if (columns.begin == 0) report() = t;
    for (std::int64_t r = columns.begin;
         r < static_cast<std::int64_t>(counts.extent(0)) && r < columns.end; ++r) {
      counts(r) = 0;
    }
    if (!t.usable()) {  // every column its own item: draws stay in range
      for (std::int64_t r = columns.begin; r < columns.end; ++r) {
        store(table(r), static_cast<std::uint32_t>(r), 1.0, static_cast<std::uint32_t>(r));
      }
      return;
    }
    const std::int64_t b = heavies();
    const Units units(n, t);
    // A light's search of E, a heavy's of D.
    ForwardSearch in_excess(heavy_prefix.data(), b, false),
        in_deficit(light_prefix.data(), n - b, true);
    for (std::int64_t r = columns.begin; r < columns.end; ++r) {
      column(r, n - b, b, units, t, in_excess, in_deficit);
    }
  }

  KOKKOS_INLINE_FUNCTION void column(std::int64_t r, std::int64_t a, std::int64_t b,
                                     const Units& units, const WeightTotals& t,
                                     ForwardSearch& in_excess, ForwardSearch& in_deficit) const {
    if (r < a) {
      const std::uint32_t item = light_item(r);
      if (b == 0) {  // only by rounding: every positive item is within rounding of 1
        const bool positive = weights(item) > 0;
        store(table(item), item, positive ? 1.0 : 0.0,
              positive ? item : static_cast<std::uint32_t>(t.last_positive));
        return;
      }
      const double before = r > 0 ? light_prefix(r - 1) : 0.0;
      const std::int64_t used_up = in_excess(before);
      const std::int64_t heavy = used_up < b - 1 ? used_up : b - 1;
      store(table(item), item, weights(item) * units.per_weight / units.column, heavy_item(heavy));
      return;
    }
    const std::int64_t j = r - a;
    const std::uint32_t item = heavy_item(j);
    const double excess = heavy_prefix(j);
    if (a > 0 && j + 1 < b && excess < light_prefix(a - 1)) {
      // k* < a, as D_(a-1) > E_j; D_k* - E_j is in (0, d_k*] up to rounding.
      const std::int64_t k = in_deficit(excess);
      const double keep = 1 - (light_prefix(k) - excess) / units.column;
      store(table(item), item, keep < 0 ? 0.0 : keep, heavy_item(j + 1));
    } else {
      store(table(item), item, 1.0, item);
    }
  }
};

// Runs the pairing kernel, build_chunk() columns an index.
template <class Space, class Weight, class Entry, class Count>
void pair_columns(const Space& space, const std::string& label,
                  PairColumns<Space, Weight, Entry, Count> f) {
  f.chunk = build_chunk<Space>();
  Kokkos::parallel_for(
      label, chunk_indices(space, static_cast<std::int64_t>(f.weights.extent(0)), f.chunk), f);
}

}  // namespace alias_build

template <class Space>
class ParallelAliasBuilder {
 public:
  // Allocates the workspace for n items once, so a build allocates nothing.
  explicit ParallelAliasBuilder(std::size_t n)
      : totals_("kp::alias weight totals"),
        report_("kp::alias weight totals report"),
        heavies_("kp::alias heavy count"),
        light_item_(Kokkos::view_alloc(Kokkos::WithoutInitializing, "kp::alias lights"), n),
        heavy_item_(Kokkos::view_alloc(Kokkos::WithoutInitializing, "kp::alias heavies"), n),
        light_prefix_(Kokkos::view_alloc(Kokkos::WithoutInitializing, "kp::alias deficits"), n),
        heavy_prefix_(Kokkos::view_alloc(Kokkos::WithoutInitializing, "kp::alias excesses"), n) {}

  std::size_t capacity() const { return light_item_.extent(0); }

  // The last build's totals and weight check (WeightTotals), where the host
  // reads them once `space` is fenced.
  const TotalsReport<Space>& report() const { return report_; }

  // Fills table[0, n) from the n = weights.extent(0) <= capacity() non-negative
  // weights (not all zero) already on the space. Asynchronous on `space`.
  template <class Weights>
  void build(const Space& space, const Weights& weights, View<AliasEntry*, Space> table) const {
    build_into(space, const_view(weights), table, View<std::uint32_t*, Space>());
  }
  // The same table, as DrawColumn entries (to_draw_column of each entry). The
  // pairing kernel also zeroes `counts` (n of them, for the draws that follow),
  // which saves the draws a kernel launch of their own to clear them.
  template <class Weights, class Count>
  void build(const Space& space, const Weights& weights, View<DrawColumn*, Space> table,
             View<Count*, Space> counts) const {
    build_into(space, const_view(weights), table, counts);
  }

 private:
  template <class Weights>
  static View<const typename Weights::non_const_value_type*, Space> const_view(const Weights& w) {
    return w;
  }

  template <class Weight, class Entry, class Count>
  void build_into(const Space& space, View<const Weight*, Space> weights, View<Entry*, Space> table,
                  View<Count*, Space> counts) const {
    using namespace alias_build;
    KOKKOS_ASSERT(counts.extent(0) == 0 || counts.extent(0) == weights.extent(0));
    KOKKOS_ASSERT(weights.extent(0) <= capacity());
    // Reducing into a view of the space keeps the result there: no fence.
    Kokkos::parallel_reduce(
        "kp::alias::totals",
        ItemRange<Space>(space, 0, static_cast<std::int64_t>(weights.extent(0))),
        SumWeights<Space, Weight>{weights}, totals_);
    classify(space, "kp::alias::classify",
             ClassifyAndCompact<Space, Weight>{weights, totals_, heavies_, light_item_, heavy_item_,
                                               light_prefix_, heavy_prefix_,
                                               static_cast<std::int64_t>(weights.extent(0)), 0});
    pair_columns(space, "kp::alias::pair",
                 PairColumns<Space, Weight, Entry, Count>{weights, totals_, heavies_, light_item_,
                                                          heavy_item_, light_prefix_, heavy_prefix_,
                                                          table, counts, report_});
  }

  View<WeightTotals, Space> totals_;
  TotalsReport<Space> report_;
  View<std::int64_t, Space> heavies_;                    // b
  View<std::uint32_t*, Space> light_item_, heavy_item_;  // item of light k, heavy j
  View<double*, Space> light_prefix_, heavy_prefix_;     // D_k, E_j (inclusive)
};

}  // namespace kp::impl
