#pragma once
// The exact sum of floats or doubles and its one rounding (kp::reproducible,
// issue 57): a fixed-point accumulator over the type's whole exponent range,
// in the combine-operation form of combine_ops.hpp, so that every reduction
// path (host chunks, vector teams, warps, Kokkos' parallel_reduce) runs it.
//
// The accumulator (Radford Neal's "small superaccumulator"): a value
// m * 2^(e' - kBias) (m the significand with its hidden bit, e' the exponent
// field, 1 for subnormals) is added as m << (e' % 32) into limb e' / 32 (a
// float: < 2^55, one limb) or its low 32 bits there and the rest into the next
// limb (a double: two limbs). Limbs are int64 with 32-bit digits: limb k weighs
// 2^(32 k - kBias), and each may take `kBudget` additions before a carry pass
// (normalize) brings every limb but the top one back to [0, 2^32). Two more
// limbs than the exponents need hold the carries of up to 2^40 maximal values.
// The value held is exact whatever the order of additions and joins, so every
// split of an array gives the same value, and the same rounding.
//
// Special values stay out of the limbs: NaN, +inf and -inf set flags. `other`
// is the OR of every element's bits XOR -0.0's: 0 exactly when every element
// was -0.0, whose sum is -0.0 (IEEE). Empty input is +0.0 (op.empty()).
#include <Kokkos_Core.hpp>
#include <cstdint>
#include <cstring>
#include <type_traits>

namespace kp::impl {

// The layout of float and double: value = m * 2^(max(e, 1) - kBias) for the
// exponent field e (1 <= e < kMaxField) and m the fraction with the hidden
// bit (none for subnormals, e == 0).
template <class T>
struct FloatLayout {
  static_assert(std::is_same_v<T, float> || std::is_same_v<T, double>, "float or double");
  using Bits = std::conditional_t<sizeof(T) == 4, std::uint32_t, std::uint64_t>;
  static constexpr int kFractionBits = sizeof(T) == 4 ? 23 : 52;
  static constexpr int kExponentBits = sizeof(T) == 4 ? 8 : 11;
  static constexpr int kMaxField = (1 << kExponentBits) - 1;  // inf and NaN
  static constexpr int kBias = sizeof(T) == 4 ? 150 : 1075;
  static constexpr Bits kSign = Bits(1) << (kFractionBits + kExponentBits);
  static constexpr Bits kFraction = (Bits(1) << kFractionBits) - 1;
};

template <class T>
struct ExactSum {
  using Layout = FloatLayout<T>;
  // Limbs for the finite exponents (the top one takes a double's high
  // part), then two for carries.
  static constexpr int kLimbs = ((Layout::kMaxField - 1) >> 5) + 3;
  // A double adds up to 2^52 to a limb, a float up to 2^55: limbs stay
  // within 2^63 for kBudget additions after a carry pass.
  static constexpr int kBudget = sizeof(T) == 4 ? 127 : 1023;
  enum Special : std::uint32_t { kNaN = 1, kPlusInf = 2, kMinusInf = 4 };

  std::int64_t limb[kLimbs];
  typename Layout::Bits other;  // OR of (bits ^ -0.0's bits)
  std::int32_t pending;         // additions since the last carry pass
  std::uint32_t special;        // Special flags
};

// Every limb but the top one to [0, 2^32), the top one signed; the value
// is unchanged.
template <class T>
KOKKOS_INLINE_FUNCTION void normalize(ExactSum<T>& a) {
  for (int k = 0; k + 1 < ExactSum<T>::kLimbs; ++k) {
    const std::int64_t carry = a.limb[k] >> 32;  // arithmetic: floor division
    a.limb[k] -= carry * (std::int64_t{1} << 32);
    a.limb[k + 1] += carry;
  }
  a.pending = 0;
}

template <class T>
struct ExactSumOp {
  using value_type = ExactSum<T>;
  using Layout = FloatLayout<T>;
  using Bits = typename Layout::Bits;

  KOKKOS_INLINE_FUNCTION static value_type identity() {
    value_type a{};
    for (int k = 0; k < value_type::kLimbs; ++k) a.limb[k] = 0;
    a.other = 0;
    a.pending = 0;
    a.special = 0;
    return a;
  }
  // No elements: +0.0 (identity() alone would read as "all -0.0").
  static value_type empty() {
    value_type a = identity();
    a.other = 1;
    return a;
  }
  // A non-finite element (exponent field all ones).
  KOKKOS_INLINE_FUNCTION static void add_special(value_type& a, Bits bits) {
    const bool sign = (bits & Layout::kSign) != 0;
    a.special |= (bits & Layout::kFraction) != 0 ? value_type::kNaN
                 : sign                          ? value_type::kMinusInf
                                                 : value_type::kPlusInf;
  }
  // The hot path: x added into a.
  KOKKOS_INLINE_FUNCTION static void add(value_type& a, const T& x) {
    Bits bits;
    memcpy(&bits, &x, sizeof bits);
    a.other |= bits ^ Layout::kSign;
    const int field = static_cast<int>((bits >> Layout::kFractionBits) & Layout::kMaxField);
    if (field == Layout::kMaxField) {
      add_special(a, bits);
      return;
    }
    const std::int64_t m = static_cast<std::int64_t>((bits & Layout::kFraction) |
                                                     (Bits(field != 0) << Layout::kFractionBits));
    const int e = field + (field == 0);
    const std::int64_t negative = -static_cast<std::int64_t>(bits >> (8 * sizeof(Bits) - 1));
    if constexpr (sizeof(T) == 4) {  // below 2^55
      const std::int64_t shifted = m << (e & 31);
      a.limb[e >> 5] += (shifted ^ negative) - negative;
    } else {  // a double's m << (e % 32): the low 32 bits, then up to 52 more
      const auto low =
          static_cast<std::int64_t>((static_cast<std::uint64_t>(m) << (e & 31)) & 0xffffffffu);
      const std::int64_t high = m >> (32 - (e & 31));
      a.limb[e >> 5] += (low ^ negative) - negative;
      a.limb[(e >> 5) + 1] += (high ^ negative) - negative;
    }
    if (++a.pending >= value_type::kBudget) normalize(a);
  }
  KOKKOS_INLINE_FUNCTION static value_type lift(const T& x, std::int64_t) {
    value_type a = identity();
    add(a, x);
    return a;
  }
  // Limb by limb: exact, associative and commutative in the value held.
  KOKKOS_INLINE_FUNCTION static void join(value_type& into, const value_type& from) {
    value_type b = from;
    if (into.pending + b.pending >= value_type::kBudget) {
      normalize(into);
      normalize(b);
    }
    for (int k = 0; k < value_type::kLimbs; ++k) into.limb[k] += b.limb[k];
    into.pending += b.pending + 1;  // + 1: two carry-passed limbs add to 2^33
    into.other |= b.other;
    into.special |= b.special;
  }
};

// ExactSumOp on f(x) (kp::transform_reduce with kp::reproducible).
template <class T, class UnaryOp>
struct ExactTransformOp : ExactSumOp<T> {
  UnaryOp f;
  template <class X>
  KOKKOS_INLINE_FUNCTION void add(ExactSum<T>& a, const X& x) const {
    ExactSumOp<T>::add(a, static_cast<T>(f(x)));
  }
  template <class X>
  KOKKOS_INLINE_FUNCTION ExactSum<T> lift(const X& x, std::int64_t) const {
    ExactSum<T> a = ExactSumOp<T>::identity();
    add(a, x);
    return a;
  }
};

// Bits [from, from + count) of the magnitude digits d (count <= 63).
KOKKOS_INLINE_FUNCTION std::uint64_t digit_bits(const std::uint32_t* d, int digits, int from,
                                                int count) {
  std::uint64_t bits = 0;
  for (int b = 0; b < count; ++b) {
    const int at = from + b;
    const std::uint64_t bit = at / 32 < digits ? (d[at / 32] >> (at % 32)) & 1u : 0u;
    bits |= bit << b;
  }
  return bits;
}

// Whether any bit of d below `to` is set.
KOKKOS_INLINE_FUNCTION bool any_bit_below(const std::uint32_t* d, int to) {
  for (int k = 0; k < to / 32; ++k) {
    if (d[k] != 0) return true;
  }
  return to % 32 != 0 && (d[to / 32] & ((std::uint32_t{1} << (to % 32)) - 1u)) != 0;
}

// The bits of (-1)^negative * D * 2^-kBias rounded to nearest, ties to even,
// for D the digits d[0, digits) (not all zero): infinity past the largest
// finite value.
template <class T>
KOKKOS_INLINE_FUNCTION typename FloatLayout<T>::Bits round_digits(const std::uint32_t* d,
                                                                  int digits, bool negative) {
  using L = FloatLayout<T>;
  using Bits = typename L::Bits;
  int top = digits - 1;
  while (d[top] == 0) --top;
  int msb = 32 * top + 31;
  while (((d[top] >> (msb % 32)) & 1u) == 0) --msb;
  // The result's last bit: kFractionBits below the leading one, or the
  // subnormals' 2^(1 - kBias) (bit 1 of D).
  int last = msb - L::kFractionBits > 1 ? msb - L::kFractionBits : 1;
  std::uint64_t m = digit_bits(d, digits, last, msb - last + 1);
  const bool half = digit_bits(d, digits, last - 1, 1) != 0;
  if (half && (any_bit_below(d, last - 1) || (m & 1u))) ++m;
  // m * 2^(last - kBias); the exponent field is last - 1 plus m's hidden bit
  // (a subnormal rounding up to 2^kFractionBits becomes the smallest normal).
  if (m >> (L::kFractionBits + 1)) {
    m >>= 1;
    ++last;
  }
  const std::uint64_t field = static_cast<std::uint64_t>(last - 1) + (m >> L::kFractionBits);
  const Bits sign = negative ? L::kSign : Bits(0);
  if (field >= static_cast<std::uint64_t>(L::kMaxField)) {
    return sign | (Bits(L::kMaxField) << L::kFractionBits);
  }
  return sign | (Bits(field) << L::kFractionBits) | (Bits(m) & L::kFraction);
}

// The sum held by `a`, rounded once. NaN (the canonical quiet one) for a NaN
// or both infinities; an infinity for one infinity; an exact zero is -0.0
// when every element was -0.0, else +0.0.
template <class T>
KOKKOS_INLINE_FUNCTION T round_exact(const ExactSum<T>& a) {
  using L = FloatLayout<T>;
  using Bits = typename L::Bits;
  using S = ExactSum<T>;
  constexpr Bits kInf = Bits(L::kMaxField) << L::kFractionBits;
  Bits bits = 0;
  if (a.special != 0) {
    const bool nan = (a.special & S::kNaN) ||
                     (a.special & (S::kPlusInf | S::kMinusInf)) == (S::kPlusInf | S::kMinusInf);
    bits = nan                        ? kInf | (Bits(1) << (L::kFractionBits - 1))
           : a.special & S::kMinusInf ? kInf | L::kSign
                                      : kInf;
  } else {
    S v = a;
    normalize(v);
    const bool negative = v.limb[S::kLimbs - 1] < 0;
    if (negative) {
      for (int k = 0; k < S::kLimbs; ++k) v.limb[k] = -v.limb[k];
      normalize(v);
    }
    // Digits of 32 bits; the top limb is below 2^63.
    constexpr int kDigits = S::kLimbs + 1;
    std::uint32_t d[kDigits];
    bool zero = true;
    for (int k = 0; k < S::kLimbs; ++k) {
      d[k] = static_cast<std::uint32_t>(v.limb[k]);
      zero = zero && v.limb[k] == 0;
    }
    d[kDigits - 1] = static_cast<std::uint32_t>(v.limb[S::kLimbs - 1] >> 32);
    bits = !zero ? round_digits<T>(d, kDigits, negative) : a.other == 0 ? L::kSign : Bits(0);
  }
  T value;
  memcpy(&value, &bits, sizeof value);
  return value;
}

}  // namespace kp::impl
