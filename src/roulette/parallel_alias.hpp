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
// The code scales everything by W (parallel_alias.cpp says why).
//
// Three kernels: a reduction (W and the last positive item), a scan that
// classifies and compacts both classes with their prefix sums, and one
// pairing kernel of n independent O(log n) searches. The pairing kernel writes
// either AliasEntry columns or the 8-byte DrawColumn form that draws read.
#include <Kokkos_Core.hpp>
#include <cstdint>

#include "harness/spaces.hpp"
#include "roulette/alias_table.hpp"
#include "roulette/input.hpp"

namespace kp::roulette {

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

// The reduction's result: the total weight, and an item to alias from a
// zero-weight column when there is no heavy item.
struct WeightTotals {
  CompensatedSum total;
  std::int64_t last_positive;
};

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
  const double threshold = Kokkos::Experimental::ceil(entry.keep * 0x1.0p32);
  if (threshold >= 0x1.0p32) return {0xffffffffu, column};
  return {threshold > 0 ? static_cast<std::uint32_t>(threshold) : 0u, entry.alias};
}

// The item a draw gives for 32-bit coin `coin` in column `column`.
KOKKOS_INLINE_FUNCTION std::uint32_t draw_from(std::uint32_t column, const DrawColumn& entry,
                                               std::uint32_t coin) {
  return coin < entry.threshold ? column : entry.alias;
}

template <class Space>
class ParallelAliasBuilder {
 public:
  // Allocates the workspace for n items once, so a build allocates nothing.
  explicit ParallelAliasBuilder(std::size_t n);

  // Fills table[0, n) from the n = weights.extent(0) non-negative weights
  // (not all zero) already on the space. Asynchronous: returns without a fence.
  void build(View<const Weight*, Space> weights, View<AliasEntry*, Space> table) const;
  // The same table, as DrawColumn entries (to_draw_column of each entry). The
  // pairing kernel also zeroes `counts` (n of them, for the draws that follow),
  // which saves the draws a kernel launch of their own to clear them.
  void build(View<const Weight*, Space> weights, View<DrawColumn*, Space> table,
             View<Count*, Space> counts) const;

 private:
  template <class Entry>
  void build_into(View<const Weight*, Space> weights, View<Entry*, Space> table,
                  View<Count*, Space> counts) const;

  View<WeightTotals, Space> totals_;
  View<std::int64_t, Space> heavies_;                    // b
  View<std::uint32_t*, Space> light_item_, heavy_item_;  // item of light k, heavy j
  View<double*, Space> light_prefix_, heavy_prefix_;     // D_k, E_j (inclusive)
};

}  // namespace kp::roulette
