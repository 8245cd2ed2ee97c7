#pragma once
// The host tile scan's blocks for kp::maximum and kp::minimum of float and
// double, in SSE2 registers (x86-64's baseline). One chain of selects, two
// compares and a select an element, is bound by their latency; here a
// block of two registers is scanned in two (float) or one (double) shifted
// max steps each, the second register takes the first's last value, and
// the carry enters with one max a register: one dependent max and a
// shuffle a block of 8 floats or 4 doubles.
//
// MAXPS(b, a) is b > a ? b : a, and a where either is NaN. For numbers that
// is kp::maximum(a, b) (b strictly larger, ties keep the earlier operand,
// so -0.0 and +0.0 come out as the sequential scan's), and max(x, x) is x:
// lanes shifted in from their own register are combined with themselves.
// A block holding a NaN, or entered with a NaN carry, is scanned one
// element at a time by the operation itself, so every result is the
// sequential scan's, bit for bit. MINPS likewise for kp::minimum.
#include <type_traits>

#include <kp/ops.hpp>

#if defined(__SSE2__) && !defined(__CUDA_ARCH__)
#include <emmintrin.h>
#define KP_HOST_SELECT_SCAN 1
#endif

namespace kp::impl {

// Whether Op over T has blocks here: kp::maximum or kp::minimum of float or
// double, on x86-64 hosts.
template <class Op, class T>
inline constexpr bool kHostSelectScan =
#if defined(KP_HOST_SELECT_SCAN)
    (std::is_same_v<T, float> || std::is_same_v<T, double>)&&(std::is_same_v<Op, kp::maximum<T>> ||
                                                              std::is_same_v<Op, kp::minimum<T>>);
#else
    false;
#endif

#if defined(KP_HOST_SELECT_SCAN)
template <class T>
struct SseLanes;

template <>
struct SseLanes<float> {
  using V = __m128;
  static constexpr int kLanes = 4;
  static V load(const float* x) { return _mm_loadu_ps(x); }
  static void store(float* y, V v) { _mm_storeu_ps(y, v); }
  static V splat(float x) { return _mm_set1_ps(x); }
  static float last(V v) { return _mm_cvtss_f32(_mm_shuffle_ps(v, v, _MM_SHUFFLE(3, 3, 3, 3))); }
  static V splat_last(V v) { return _mm_shuffle_ps(v, v, _MM_SHUFFLE(3, 3, 3, 3)); }
  // Lanes where a or b is NaN (all ones), either of two such masks, any.
  static V unordered(V a, V b) { return _mm_cmpunord_ps(a, b); }
  static V either(V m, V n) { return _mm_or_ps(m, n); }
  static bool any(V m) { return _mm_movemask_ps(m) != 0; }
  template <bool kMax>
  static V select(V later, V earlier) {
    return kMax ? _mm_max_ps(later, earlier) : _mm_min_ps(later, earlier);
  }
  // The register's own inclusive scan: [x0, x0 x1, x0 x1 x2, x0 .. x3].
  template <bool kMax>
  static V scan(V v) {
    v = select<kMax>(v, _mm_shuffle_ps(v, v, _MM_SHUFFLE(2, 1, 0, 0)));
    return select<kMax>(v, _mm_shuffle_ps(v, v, _MM_SHUFFLE(1, 0, 1, 0)));
  }
  // [first, v0, v1, v2]: the register's values one place on, `first` in
  // lane 0 (the exclusive scan's outputs).
  static V shift_in(V v, V first) {
    return _mm_move_ss(_mm_castsi128_ps(_mm_slli_si128(_mm_castps_si128(v), 4)), first);
  }
};

template <>
struct SseLanes<double> {
  using V = __m128d;
  static constexpr int kLanes = 2;
  static V load(const double* x) { return _mm_loadu_pd(x); }
  static void store(double* y, V v) { _mm_storeu_pd(y, v); }
  static V splat(double x) { return _mm_set1_pd(x); }
  static double last(V v) { return _mm_cvtsd_f64(_mm_unpackhi_pd(v, v)); }
  static V splat_last(V v) { return _mm_unpackhi_pd(v, v); }
  static V unordered(V a, V b) { return _mm_cmpunord_pd(a, b); }
  static V either(V m, V n) { return _mm_or_pd(m, n); }
  static bool any(V m) { return _mm_movemask_pd(m) != 0; }
  template <bool kMax>
  static V select(V later, V earlier) {
    return kMax ? _mm_max_pd(later, earlier) : _mm_min_pd(later, earlier);
  }
  template <bool kMax>
  static V scan(V v) {
    return select<kMax>(v, _mm_unpacklo_pd(v, v));
  }
  static V shift_in(V v, V first) { return _mm_shuffle_pd(first, v, 0); }
};

// Blocks of kBlock values (two registers) scanned by Op, kp::maximum<T> or
// kp::minimum<T>.
template <class T, class Op>
struct HostSelectScan {
  using L = SseLanes<T>;
  using V = typename L::V;
  static constexpr bool kMax = std::is_same_v<Op, kp::maximum<T>>;
  static constexpr int kBlock = 2 * L::kLanes;

  // The block x[0, kBlock) after `carry` into y (inclusive: y[i] = carry
  // op x[0] op ... op x[i]; exclusive: ... x[i - 1]); returns the carry past
  // the block. y may be x.
  template <bool kInclusive>
  static T block(const T* x, T carry, T* y) {
    const V a = L::load(x);
    const V b = L::load(x + L::kLanes);
    if (carry != carry || L::any(L::unordered(a, b))) return one_by_one<kInclusive>(x, carry, y);
    // The block's own scan first, so that the carry enters with one select
    // a register, both side by side.
    const V ia = L::template scan<kMax>(a);
    const V ib = L::template select<kMax>(L::template scan<kMax>(b), L::splat_last(ia));
    const V c = L::splat(carry);
    const V sa = L::template select<kMax>(ia, c);
    const V sb = L::template select<kMax>(ib, c);
    if constexpr (kInclusive) {
      L::store(y, sa);
      L::store(y + L::kLanes, sb);
    } else {
      L::store(y, L::shift_in(sa, c));
      L::store(y + L::kLanes, L::shift_in(sb, L::splat_last(sa)));
    }
    return L::last(sb);
  }

  // The combination of x[0, count) into `total`, in registers of lanes
  // kLanes apart, which may not keep the earliest of equal values: false
  // (the caller combines in order) where that could differ from the
  // sequential one, a NaN or a result equal to zero (-0.0 and +0.0), as
  // where count is below two registers. Other numbers equal only to
  // themselves.
  static bool total(const T* x, int count, T& total) {
    if (count < kBlock) return false;
    V a = L::load(x);
    V b = L::load(x + L::kLanes);
    V nan = L::unordered(a, b);
    int i = kBlock;
    for (; i + kBlock <= count; i += kBlock) {
      const V u = L::load(x + i);
      const V v = L::load(x + i + L::kLanes);
      a = L::template select<kMax>(u, a);
      b = L::template select<kMax>(v, b);
      nan = L::either(nan, L::unordered(u, v));
    }
    T lanes[kBlock];
    L::store(lanes, a);
    L::store(lanes + L::kLanes, b);
    if (L::any(nan)) return false;
    const Op op;
    T t = lanes[0];
    for (int s = 1; s < kBlock; ++s) t = op(t, lanes[s]);
    for (; i < count; ++i) t = op(t, x[i]);
    if (t != t || t == T(0)) return false;
    total = t;
    return true;
  }

 private:
  template <bool kInclusive>
  static T one_by_one(const T* x, T carry, T* y) {
    const Op op;
    T in[kBlock];
    for (int s = 0; s < kBlock; ++s) in[s] = x[s];
    for (int s = 0; s < kBlock; ++s) {
      if (!kInclusive) y[s] = carry;
      carry = op(carry, in[s]);
      if (kInclusive) y[s] = carry;
    }
    return carry;
  }
};

// HostSelectScan<T, Op>::kBlock where Op over T has blocks here, else 0.
template <class Op, class T>
constexpr int host_select_block() {
  if constexpr (kHostSelectScan<Op, T>) {
    return HostSelectScan<T, Op>::kBlock;
  } else {
    return 0;
  }
}
#endif

}  // namespace kp::impl
