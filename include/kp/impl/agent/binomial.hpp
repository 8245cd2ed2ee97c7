#pragma once
// Binomial variates that are the same bits on every space.
//
// The sampler draws its uniforms from a counter-based stream keyed by the
// caller, and computes with +, -, *, /, sqrt, floor, ceil, fabs, fmin and
// fmax only: each is correctly rounded (or exact) in IEEE double on the host
// and on CUDA, and on CUDA the products and sums go through the _rn
// intrinsics so that nvcc cannot fuse them into FMAs. The logarithm and the
// exponential are our own (fdlibm's methods), built from those operations.
// Host code must not be compiled with FP contraction onto FMA hardware
// (-ffp-contract=fast with -mfma or -march=native); the project's --native
// build turns contraction off.
//
// Algorithms: BTRD (Hormann, "The generation of binomial random variates",
// 1993: transformed rejection with decomposition) for n * min(p, 1 - p) >=
// kBinomialInversionBelow, O(1) expected time; below that, inversion: a
// search up the probabilities from 0, O(n p + 1), with no division in its
// loop. Divisions are the slowest of the operations on GPUs (a software
// sequence), so both keep them out of their loops where a product can
// stand in.
#include <Kokkos_Core.hpp>
#include <cmath>
#include <cstdint>
#include <cstring>

#include <kp/impl/thread/counter_rng.hpp>
#include <kp/impl/tuning/sample.hpp>

namespace kp::impl::exact {

// BTRD's step 3.1 tests a candidate this close to the mode by the product of
// the probabilities' ratios, exactly; farther ones by logarithms (3.2-3.3).
inline constexpr double kBtrdProductSteps = 15;
// Inversion's search ends this many standard deviations above the mean (the
// mass beyond is below 1e-20, under the uniforms' resolution).
inline constexpr double kInversionEndSds = 10;

KOKKOS_INLINE_FUNCTION double add(double a, double b) {
#ifdef __CUDA_ARCH__
  return __dadd_rn(a, b);
#else
  return a + b;
#endif
}
KOKKOS_INLINE_FUNCTION double sub(double a, double b) {
#ifdef __CUDA_ARCH__
  return __dsub_rn(a, b);
#else
  return a - b;
#endif
}
KOKKOS_INLINE_FUNCTION double mul(double a, double b) {
#ifdef __CUDA_ARCH__
  return __dmul_rn(a, b);
#else
  return a * b;
#endif
}
KOKKOS_INLINE_FUNCTION double div(double a, double b) {
#ifdef __CUDA_ARCH__
  return __ddiv_rn(a, b);
#else
  return a / b;
#endif
}

KOKKOS_INLINE_FUNCTION std::uint64_t bits_of(double x) {
  std::uint64_t b;
  memcpy(&b, &x, sizeof b);
  return b;
}
KOKKOS_INLINE_FUNCTION double double_of(std::uint64_t b) {
  double x;
  memcpy(&x, &b, sizeof x);
  return x;
}

// log(x) for finite x > 0 (denormals included), within 1 ulp: fdlibm's
// e_log.c reduction and polynomial.
KOKKOS_INLINE_FUNCTION double log(double x) {
  constexpr double ln2_hi = 6.93147180369123816490e-01, ln2_lo = 1.90821492927058770002e-10;
  constexpr double Lg1 = 6.666666666666735130e-01, Lg2 = 3.999999999940941908e-01,
                   Lg3 = 2.857142874366239149e-01, Lg4 = 2.222219843214978396e-01,
                   Lg5 = 1.818357216161805012e-01, Lg6 = 1.531383769920937332e-01,
                   Lg7 = 1.479819860511658591e-01;
  int k = 0;
  std::uint64_t b = bits_of(x);
  if ((b >> 52) == 0) {  // denormal: scale by 2^54 (exact)
    b = bits_of(mul(x, 0x1.0p54));
    k = -54;
  }
  k += static_cast<int>(b >> 52) - 1023;
  // m in [sqrt(2)/2, sqrt(2)): f = m - 1 is exact (Sterbenz).
  b &= 0x000fffffffffffffull;
  std::uint64_t m_bits = b | 0x3ff0000000000000ull;
  if (b > 0x6a09e667f3bcdull) {  // m > sqrt(2): halve it
    m_bits = b | 0x3fe0000000000000ull;
    k += 1;
  }
  const double f = sub(double_of(m_bits), 1.0);
  const double s = div(f, add(2.0, f));
  const double z = mul(s, s);
  const double w = mul(z, z);
  const double t1 = mul(w, add(Lg2, mul(w, add(Lg4, mul(w, Lg6)))));
  const double t2 = mul(z, add(Lg1, mul(w, add(Lg3, mul(w, add(Lg5, mul(w, Lg7)))))));
  const double r = add(t2, t1);
  const double hfsq = mul(mul(0.5, f), f);
  const double dk = static_cast<double>(k);
  return sub(mul(dk, ln2_hi), sub(sub(hfsq, add(mul(s, add(hfsq, r)), mul(dk, ln2_lo))), f));
}

// log(1 + x) for x in (-1, 0]: log(u) scaled by x / (u - 1), which cancels
// the rounding of u = 1 + x.
KOKKOS_INLINE_FUNCTION double log1p(double x) {
  const double u = add(1.0, x);
  if (u == 1.0) return x;
  return div(mul(log(u), x), sub(u, 1.0));
}

// exp(x) for x in [-700, 700], within 1 ulp: fdlibm's e_exp.c reduction
// (x = k ln 2 + r, |r| <= ln 2 / 2) and rational approximation.
KOKKOS_INLINE_FUNCTION double exp(double x) {
  constexpr double ln2_hi = 6.93147180369123816490e-01, ln2_lo = 1.90821492927058770002e-10,
                   inv_ln2 = 1.44269504088896338700e+00;
  constexpr double P1 = 1.66666666666666019037e-01, P2 = -2.77777777770155933842e-03,
                   P3 = 6.61375632143793436117e-05, P4 = -1.65339022054652515390e-06,
                   P5 = 4.13813679705723846039e-08;
  const double kd = ::floor(add(mul(x, inv_ln2), 0.5));
  const double hi = sub(x, mul(kd, ln2_hi));  // exact: ln2_hi has 32 significant bits
  const double lo = mul(kd, ln2_lo);
  const double r = sub(hi, lo);
  const double t = mul(r, r);
  const double c =
      sub(r, mul(t, add(P1, mul(t, add(P2, mul(t, add(P3, mul(t, add(P4, mul(t, P5))))))))));
  const double y = sub(1.0, sub(sub(lo, div(mul(r, c), sub(2.0, c))), hi));
  return mul(y, double_of(static_cast<std::uint64_t>(static_cast<int>(kd) + 1023) << 52));
}

// A uniform double in (0, 1] from 53 random bits.
KOKKOS_INLINE_FUNCTION double open_unit(std::uint64_t bits) {
  return static_cast<double>((bits >> 11) + 1) * 0x1.0p-53;
}

// log(k!) - Stirling's approximation of it: exact values below 10, the
// series above (BTRD's correction term).
KOKKOS_INLINE_FUNCTION double stirling_tail(double k) {
  constexpr double kTail[10] = {0.0810614667953272,  0.0413406959554092, 0.0276779256849983,
                                0.02079067210376509, 0.0166446911898211, 0.0138761288230707,
                                0.0118967099458917,  0.0104112652619720, 0.00925546218271273,
                                0.00833056343336287};
  if (k <= 9) return kTail[static_cast<int>(k)];
  const double inv = div(1.0, add(k, 1.0));
  const double inv_sq = mul(inv, inv);
  return mul(sub(1.0 / 12, mul(sub(1.0 / 360, mul(1.0 / 1260, inv_sq)), inv_sq)), inv);
}

// Binomial(n, p), p <= 1/2, n p < kBinomialInversionBelow: the smallest k
// with u <= P(X <= k), the probabilities built up from P(0) = q^n by their
// ratios (n - k + 1) p / (k q). With F_k = k! and S_k = k! sum_{j <= k}
// P(j) / P(0), S_k = k S_(k-1) + P(k) k! / P(0) and the test is u F_k <=
// q^n S_k: products only. A search that passes np + 10 sqrt(npq + 1) (mass
// beyond it below 1e-20, under the uniforms' resolution) starts over with
// the next uniform, as a rounding short of u near 1 would otherwise run on.
KOKKOS_INLINE_FUNCTION std::uint64_t binomial_inversion(std::uint64_t n, double p,
                                                        std::uint64_t key) {
  const double dn = static_cast<double>(n);
  const double q = sub(1.0, p);
  const double r = div(p, q);
  const double qn = exp(mul(dn, log1p(-p)));
  const double np = mul(dn, p);
  const double end =
      ::fmin(dn, ::floor(add(np, mul(kInversionEndSds, ::sqrt(add(mul(np, q), 1.0))))));
  for (std::uint64_t j = 0;; ++j) {
    const double u = open_unit(random_bits(key, j));
    double k = 0, ratio = 1, fact = 1, sum = 1;  // P(k) / P(0) k!, k!, S_k
    while (mul(u, fact) > mul(qn, sum)) {
      k = add(k, 1.0);
      if (k > end) break;
      ratio = mul(ratio, mul(r, sub(dn, sub(k, 1.0))));
      fact = mul(fact, k);
      sum = add(mul(sum, k), ratio);
    }
    if (k <= end) return static_cast<std::uint64_t>(k);
  }
}

// BTRD's constants for (n, p) (Hormann's step 0) and the longer of its
// steps, in the order binomial_btrd's rejection loop takes them. Most variates come from
// one uniform (step 1); near the mode the acceptance test is a short product
// (step 3.1, the ratio of two products compared by a multiplication); only
// far from it does it take logarithms (steps 3.2-3.3).
struct Btrd {
  double dn, p, q, np, npq, spq, b, inv_b, a, two_a, c, v_r, inv_vr, ur_vr;

  KOKKOS_INLINE_FUNCTION Btrd(std::uint64_t n, double p_) : dn(static_cast<double>(n)), p(p_) {
    q = sub(1.0, p);
    np = mul(dn, p);
    npq = mul(np, q);
    spq = ::sqrt(npq);
    b = add(1.15, mul(2.53, spq));
    inv_b = div(1.0, b);
    a = add(add(-0.0873, mul(0.0248, b)), mul(0.01, p));
    two_a = mul(2.0, a);
    c = add(np, 0.5);
    v_r = sub(0.92, mul(4.2, inv_b));
    inv_vr = div(1.0, v_r);
    ur_vr = mul(0.86, v_r);
  }

  // Step 1: the variate of a uniform v <= ur_vr, with no test.
  KOKKOS_INLINE_FUNCTION std::uint64_t direct(double v) const {
    const double u = sub(mul(v, inv_vr), 0.43);
    return static_cast<std::uint64_t>(
        ::floor(add(mul(add(div(two_a, sub(0.5, ::fabs(u))), b), u), c)));
  }

  // Step 2: the pair (u, v) for a first uniform v > ur_vr, drawing the
  // second uniform j of the stream `key` (j then counts it).
  KOKKOS_INLINE_FUNCTION double second_uniform(double& v, std::uint64_t key,
                                               std::uint64_t& j) const {
    double u;
    if (v >= v_r) {
      u = sub(open_unit(random_bits(key, j++)), 0.5);
    } else {
      u = sub(mul(v, inv_vr), 0.93);
      u = sub(u < 0 ? -0.5 : 0.5, u);
      v = mul(open_unit(random_bits(key, j++)), v_r);
    }
    return u;
  }

  // Step 3.1, |kd - m| <= kBtrdProductSteps: v <= f(kd) / f(m) = prod (n +
  // 1 - i) r / i over i between them, the products compared by a product.
  KOKKOS_INLINE_FUNCTION bool accepts_near_mode(double v, double kd, double m, double r) const {
    double above = 1.0, below = 1.0;  // the products of (n + 1 - i) r and of i
    const double lo = add(::fmin(kd, m), 1.0), hi = ::fmax(kd, m);
    for (double i = lo; i <= hi; i = add(i, 1.0)) {
      above = mul(above, mul(sub(add(dn, 1.0), i), r));
      below = mul(below, i);
    }
    return m < kd ? mul(v, below) <= above : mul(v, above) <= below;
  }

  // Step 3.2, the squeeze: log v below t - rho accepts, above t + rho
  // rejects (`v` is log v).
  struct Squeeze {
    double t, rho;
  };
  KOKKOS_INLINE_FUNCTION Squeeze squeeze(double km) const {
    const double inv_npq = div(1.0, npq);
    const double rho =
        mul(mul(km, inv_npq),
            add(mul(add(mul(add(mul(km, 1.0 / 3), 0.625), km), 1.0 / 6), inv_npq), 0.5));
    const double t = mul(mul(-0.5, mul(km, km)), inv_npq);
    return {t, rho};
  }

  // Step 3.3: the bound on log(f(kd) / f(m)) by Stirling's series, which log
  // v must not pass.
  KOKKOS_INLINE_FUNCTION double log_bound(double kd, double m, double r) const {
    const double nm = add(sub(dn, m), 1.0);
    const double h = add(add(mul(add(m, 0.5), log(div(add(m, 1.0), mul(r, nm)))), stirling_tail(m)),
                         stirling_tail(sub(dn, m)));
    const double nk = add(sub(dn, kd), 1.0);
    return sub(sub(add(add(h, mul(add(dn, 1.0), log(div(nm, nk)))),
                       mul(add(kd, 0.5), log(div(mul(nk, r), add(kd, 1.0))))),
                   stirling_tail(kd)),
               stirling_tail(sub(dn, kd)));
  }
};

// Binomial(n, p), p <= 1/2, n p >= kBinomialInversionBelow: BTRD, O(1)
// expected uniforms of stream `key`.
KOKKOS_INLINE_FUNCTION std::uint64_t binomial_btrd(std::uint64_t n, double p, std::uint64_t key) {
  const Btrd s(n, p);
  std::uint64_t j = 0;
  for (;;) {
    double v = open_unit(random_bits(key, j++));
    if (v <= s.ur_vr) return s.direct(v);          // step 1
    const double u = s.second_uniform(v, key, j);  // step 2
    const double us = sub(0.5, ::fabs(u));         // step 3.0
    const double kd = ::floor(add(mul(add(div(s.two_a, us), s.b), u), s.c));
    if (kd < 0 || kd > s.dn) continue;
    const double alpha = mul(add(2.83, mul(5.1, s.inv_b)), s.spq);
    const double us_sq = mul(us, us);
    v = div(mul(mul(v, alpha), us_sq), add(s.a, mul(s.b, us_sq)));
    const double m = ::floor(mul(add(s.dn, 1.0), p));
    const double r = div(p, s.q);
    const double km = ::fabs(sub(kd, m));
    if (km <= kBtrdProductSteps) {  // step 3.1
      if (s.accepts_near_mode(v, kd, m, r)) return static_cast<std::uint64_t>(kd);
      continue;
    }
    v = log(v);  // step 3.2
    const Btrd::Squeeze near = s.squeeze(km);
    if (v < sub(near.t, near.rho)) return static_cast<std::uint64_t>(kd);
    if (v > add(near.t, near.rho)) continue;
    if (v <= s.log_bound(kd, m, r)) return static_cast<std::uint64_t>(kd);  // step 3.3
  }
}

// Binomial(n, p) from the uniforms of stream `key`: any p (p <= 0 or NaN
// gives 0, p >= 1 gives n), n < 2^53.
KOKKOS_INLINE_FUNCTION std::uint64_t binomial(std::uint64_t n, double p, std::uint64_t key) {
  if (n == 0 || !(p > 0)) return 0;
  if (!(p < 1)) return n;
  const bool flip = p > 0.5;
  const double pp = flip ? sub(1.0, p) : p;
  const std::uint64_t k = mul(static_cast<double>(n), pp) < kBinomialInversionBelow
                              ? binomial_inversion(n, pp, key)
                              : binomial_btrd(n, pp, key);
  return flip ? n - k : k;
}

}  // namespace kp::impl::exact
