#pragma once
// The one place where minloc and maxloc differ: an ordering trait. Every
// variant is written once against Order<op>; Order<Op::max> is the mirror
// image of Order<Op::min>, so max-with-index runs through the same code.
//
// Semantics, the same on every backend: the answer is the FIRST extremum,
// i.e. the smallest index i such that no x[j] is strictly better than x[i]
// (`<` for min, `>` for max). -0.0 and +0.0 compare equal under `<`, so they
// tie and the smaller index wins. NaN has no place in that order: inputs
// holding NaN are rejected before any variant runs (see input.hpp).
#include <Kokkos_Core.hpp>
#include <cstdint>
#include <cstring>

#include "harness/data.hpp"

namespace bench::minloc {

enum class Op { min, max };

// The (value, index) pair every variant writes: Kokkos' own MinLoc/MaxLoc
// value type, so that the Kokkos reducers write it directly.
using ValLoc = Kokkos::ValLocScalar<float, std::int64_t>;

KOKKOS_INLINE_FUNCTION std::uint32_t float_bits(float v) {
  std::uint32_t bits;
  memcpy(&bits, &v, sizeof bits);
  return bits;
}

KOKKOS_INLINE_FUNCTION float bits_float(std::uint32_t bits) {
  float v;
  memcpy(&v, &bits, sizeof v);
  return v;
}

// Maps a non-NaN float to a 32-bit unsigned key with the same order as `<`:
// negatives have their bits flipped (larger magnitude, smaller key), the
// others get the sign bit set. -0.0 is first canonicalized to +0.0 so that
// the two zeros get one key and tie, as they do under `<`.
KOKKOS_INLINE_FUNCTION std::uint32_t ascending_key(float v) {
  const std::uint32_t bits = v == 0.0f ? 0u : float_bits(v);
  // Branch-free: all ones for negatives (flip), the sign bit for the others.
  const std::uint32_t mask = (0u - (bits >> 31)) | 0x80000000u;
  return bits ^ mask;
}

template <Op op>
struct Order;

template <>
struct Order<Op::min> {
  static constexpr Op op = Op::min;
  static constexpr const char* name = "min";
  // Strictly better: the only comparison of values any variant makes.
  KOKKOS_INLINE_FUNCTION static bool better(float a, float b) { return a < b; }
  // Worse than or equal to every element (equal only to +inf, which then
  // still wins by its index, see ValueThenIndex).
  KOKKOS_INLINE_FUNCTION static float identity() { return infinity<float>(); }
  // Smaller key = better value.
  KOKKOS_INLINE_FUNCTION static std::uint32_t key(float v) { return ascending_key(v); }
  template <class Space>
  using KokkosReducer = Kokkos::MinLoc<float, std::int64_t, Space>;
};

template <>
struct Order<Op::max> {
  static constexpr Op op = Op::max;
  static constexpr const char* name = "max";
  KOKKOS_INLINE_FUNCTION static bool better(float a, float b) { return a > b; }
  KOKKOS_INLINE_FUNCTION static float identity() { return -infinity<float>(); }
  // The key order reversed: smaller key = larger value, so every variant
  // still looks for the smallest key.
  KOKKOS_INLINE_FUNCTION static std::uint32_t key(float v) { return ~ascending_key(v); }
  template <class Space>
  using KokkosReducer = Kokkos::MaxLoc<float, std::int64_t, Space>;
};

// Which of two candidates to keep. ValueOnly is what Kokkos' MinLoc/MaxLoc
// join does (the index of equal values depends on the join order);
// ValueThenIndex breaks ties toward the smaller index, which makes the result
// independent of the order in which a backend combines partial results.
template <class O>
struct ValueOnly {
  KOKKOS_INLINE_FUNCTION static bool prefer(const ValLoc& a, const ValLoc& b) {
    return O::better(a.val, b.val);
  }
};

template <class O>
struct ValueThenIndex {
  KOKKOS_INLINE_FUNCTION static bool prefer(const ValLoc& a, const ValLoc& b) {
    return O::better(a.val, b.val) || (a.val == b.val && a.loc < b.loc);
  }
};

}  // namespace bench::minloc
