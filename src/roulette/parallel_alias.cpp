#include "roulette/parallel_alias.hpp"

#include <cfloat>

namespace kp::roulette {

namespace {

template <class Space>
using ItemRange = Kokkos::RangePolicy<Space, Kokkos::IndexType<std::int64_t>>;

// The number of leading values of the non-decreasing p[0, length) that are
// below x (or at most x, when `or_equal`): lower / upper bound, branch-free
// as in SearchPrefix, so that a warp's lanes stay in step.
KOKKOS_INLINE_FUNCTION std::int64_t count_below(const double* p, std::int64_t length, double x,
                                                bool or_equal) {
  std::int64_t base = 0;
  while (length > 0) {
    const std::int64_t half = length / 2;
    const double value = p[base + half];
    const bool below = or_equal ? value <= x : value < x;
    base = below ? base + half + 1 : base;
    length = below ? length - half - 1 : half;
  }
  return base;
}

// Kokkos 3.4 joins through volatile references on some backends: these
// copy a volatile value field by field.
KOKKOS_INLINE_FUNCTION CompensatedSum load(const volatile CompensatedSum& sum) {
  return {sum.high, sum.low};
}
KOKKOS_INLINE_FUNCTION void store(volatile CompensatedSum& dest, const CompensatedSum& sum) {
  dest.high = sum.high;
  dest.low = sum.low;
}

template <class Space>
struct SumWeights {
  using value_type = WeightTotals;
  View<const Weight*, Space> weights;
  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t i, value_type& sum) const {
    sum.total.add(weights(i));
    if (weights(i) > 0 && i > sum.last_positive) sum.last_positive = i;
  }
  KOKKOS_INLINE_FUNCTION void join(value_type& dest, const value_type& src) const {
    dest.total.add(src.total);
    if (src.last_positive > dest.last_positive) dest.last_positive = src.last_positive;
  }
  KOKKOS_INLINE_FUNCTION void join(volatile value_type& dest,
                                   const volatile value_type& src) const {
    value_type sum{load(dest.total), dest.last_positive};
    join(sum, value_type{load(src.total), src.last_positive});
    store(dest.total, sum.total);
    dest.last_positive = sum.last_positive;
  }
  KOKKOS_INLINE_FUNCTION void init(value_type& sum) const {
    sum.total = {0, 0};
    sum.last_positive = -1;
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

  template <class Space>
  KOKKOS_INLINE_FUNCTION Units(const View<const Weight*, Space>& weights,
                               const View<WeightTotals, Space>& totals)
      : per_weight(static_cast<double>(weights.extent(0))), column(totals().total.value()) {
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
template <class Space>
struct ClassifyAndCompact {
  using value_type = SplitPrefix;
  View<const Weight*, Space> weights;
  View<WeightTotals, Space> totals;
  View<std::int64_t, Space> heavies;
  View<std::uint32_t*, Space> light_item, heavy_item;
  View<double*, Space> light_prefix, heavy_prefix;

  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t i, value_type& prefix, bool final) const {
    const Units units(weights, totals);
    const double s = weights(i) * units.per_weight;
    if (s >= units.column) {
      prefix.excess.add(s - units.column);
      if (final) {
        heavy_item(prefix.heavies) = static_cast<std::uint32_t>(i);
        heavy_prefix(prefix.heavies) = prefix.excess.value();
      }
      ++prefix.heavies;
    } else {
      prefix.deficit.add(units.column - s);
      if (final) {
        light_item(i - prefix.heavies) = static_cast<std::uint32_t>(i);
        light_prefix(i - prefix.heavies) = prefix.deficit.value();
      }
    }
    if (final && i + 1 == static_cast<std::int64_t>(weights.extent(0))) heavies() = prefix.heavies;
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
template <class Space, class Entry>
struct PairColumns {
  View<const Weight*, Space> weights;
  View<WeightTotals, Space> totals;
  View<std::int64_t, Space> heavies;
  View<std::uint32_t*, Space> light_item, heavy_item;
  View<double*, Space> light_prefix, heavy_prefix;
  View<Entry*, Space> table;
  View<Count*, Space> counts;  // zeroed on the way (empty: none)

  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t r) const {
    if (static_cast<std::size_t>(r) < counts.extent(0)) counts(r) = 0;
    const std::int64_t b = heavies();
    const std::int64_t a = static_cast<std::int64_t>(weights.extent(0)) - b;
    const Units units(weights, totals);
    if (r < a) {
      const std::uint32_t item = light_item(r);
      if (b == 0) {  // only by rounding: every positive item is within rounding of 1
        const bool positive = weights(item) > 0;
        store(table(item), item, positive ? 1.0 : 0.0,
              positive ? item : static_cast<std::uint32_t>(totals().last_positive));
        return;
      }
      const double before = r > 0 ? light_prefix(r - 1) : 0.0;
      const std::int64_t used_up = count_below(heavy_prefix.data(), b, before, false);
      const std::int64_t heavy = used_up < b - 1 ? used_up : b - 1;
      store(table(item), item, weights(item) * units.per_weight / units.column, heavy_item(heavy));
      return;
    }
    const std::int64_t j = r - a;
    const std::uint32_t item = heavy_item(j);
    const double excess = heavy_prefix(j);
    if (a > 0 && j + 1 < b && excess < light_prefix(a - 1)) {
      // k* < a, as D_(a-1) > E_j; D_k* - E_j is in (0, d_k*] up to rounding.
      const std::int64_t k = count_below(light_prefix.data(), a, excess, true);
      const double keep = 1 - (light_prefix(k) - excess) / units.column;
      store(table(item), item, keep < 0 ? 0.0 : keep, heavy_item(j + 1));
    } else {
      store(table(item), item, 1.0, item);
    }
  }
};

}  // namespace

template <class Space>
ParallelAliasBuilder<Space>::ParallelAliasBuilder(std::size_t n)
    : totals_("roulette weight totals"),
      heavies_("roulette heavy count"),
      light_item_(Kokkos::view_alloc(Kokkos::WithoutInitializing, "roulette lights"), n),
      heavy_item_(Kokkos::view_alloc(Kokkos::WithoutInitializing, "roulette heavies"), n),
      light_prefix_(Kokkos::view_alloc(Kokkos::WithoutInitializing, "roulette deficit sums"), n),
      heavy_prefix_(Kokkos::view_alloc(Kokkos::WithoutInitializing, "roulette excess sums"), n) {}

template <class Space>
void ParallelAliasBuilder<Space>::build(View<const Weight*, Space> weights,
                                        View<AliasEntry*, Space> table) const {
  build_into(weights, table, {});
}

template <class Space>
void ParallelAliasBuilder<Space>::build(View<const Weight*, Space> weights,
                                        View<DrawColumn*, Space> table,
                                        View<Count*, Space> counts) const {
  build_into(weights, table, counts);
}

template <class Space>
template <class Entry>
void ParallelAliasBuilder<Space>::build_into(View<const Weight*, Space> weights,
                                             View<Entry*, Space> table,
                                             View<Count*, Space> counts) const {
  KOKKOS_ASSERT(counts.extent(0) == 0 || counts.extent(0) == weights.extent(0));
  const ItemRange<Space> items(0, static_cast<std::int64_t>(weights.extent(0)));
  // Reducing into a view of the space keeps the result there: no fence.
  Kokkos::parallel_reduce("roulette::alias::totals", items, SumWeights<Space>{weights}, totals_);
  Kokkos::parallel_scan("roulette::alias::classify", items,
                        ClassifyAndCompact<Space>{weights, totals_, heavies_, light_item_,
                                                  heavy_item_, light_prefix_, heavy_prefix_});
  Kokkos::parallel_for(
      "roulette::alias::pair", items,
      PairColumns<Space, Entry>{weights, totals_, heavies_, light_item_, heavy_item_, light_prefix_,
                                heavy_prefix_, table, counts});
}

#define KP_ROULETTE_PARALLEL_ALIAS(Space) template class ParallelAliasBuilder<Space>;
KP_FOR_EACH_SPACE(KP_ROULETTE_PARALLEL_ALIAS)

}  // namespace kp::roulette
