// impl/agent/binomial.hpp: the logarithm against the C library's, and the binomial
// sampler's variates against exact binomial probabilities (chi-square), on
// every enabled space, on both of its algorithms and both of BTRD's
// acceptance paths; the same variates on every space, and those of a grid
// of (n, p) pinned.
#include <kp/impl/agent/binomial.hpp>

#include <algorithm>
#include <catch2/catch_template_test_macros.hpp>
#include <catch2/catch_test_macros.hpp>
#include <cmath>
#include <cstdint>
#include <vector>

#include "kp/helpers.hpp"

using namespace kp::test;

namespace {

// Variates for keys 0 .. count - 1 on `Space`.
template <class Space>
std::vector<std::uint64_t> variates(std::uint64_t n, double p, std::int64_t count) {
  Kokkos::View<std::uint64_t*, typename Space::memory_space> out("variates", count);
  Kokkos::parallel_for(
      Kokkos::RangePolicy<Space>(0, count), KOKKOS_LAMBDA(std::int64_t i) {
        out(i) = kp::impl::exact::binomial(n, p, kp::impl::splitmix64(0x5eed0000 + i));
      });
  const auto host = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), out);
  return std::vector<std::uint64_t>(host.data(), host.data() + count);
}

double log_pmf(std::uint64_t n, double p, std::uint64_t k) {
  const double dn = double(n), dk = double(k);
  return std::lgamma(dn + 1) - std::lgamma(dk + 1) - std::lgamma(dn - dk + 1) + dk * std::log(p) +
         (dn - dk) * std::log1p(-p);
}

// Chi-square of the variates against Binomial(n, p), cells of expected
// count >= 20 (the tails pooled), and its degrees of freedom.
std::pair<double, int> chi_square(const std::vector<std::uint64_t>& x, std::uint64_t n, double p) {
  const double count = double(x.size());
  const double mean = double(n) * p, sd = std::sqrt(double(n) * p * (1 - p));
  const auto lo = static_cast<std::uint64_t>(std::max(0.0, std::floor(mean - 12 * sd - 2)));
  const auto hi = static_cast<std::uint64_t>(std::min(double(n), std::ceil(mean + 12 * sd + 2)));
  std::vector<double> expect, seen;
  double pending = 0;
  std::vector<std::uint64_t> edge;  // first k of each cell
  for (std::uint64_t k = lo; k <= hi; ++k) {
    if (pending == 0) edge.push_back(k);
    pending += count * std::exp(log_pmf(n, p, k));
    if (pending >= 20) {
      expect.push_back(pending);
      pending = 0;
    }
  }
  if (pending > 0 || expect.empty()) {
    if (expect.empty()) {
      expect.push_back(pending);
    } else {
      expect.back() += pending;
      edge.pop_back();
    }
  }
  seen.assign(expect.size(), 0);
  for (const std::uint64_t k : x) {
    const auto cell = std::upper_bound(edge.begin(), edge.end(), k) - edge.begin() - 1;
    seen[std::max<std::ptrdiff_t>(cell, 0)] += 1;
  }
  // The mass outside [lo, hi] is below 1e-30: any variate there is a failure.
  double chi = 0;
  for (std::size_t c = 0; c < expect.size(); ++c) {
    chi += (seen[c] - expect[c]) * (seen[c] - expect[c]) / expect[c];
  }
  return {chi, static_cast<int>(expect.size()) - 1};
}

}  // namespace

TEST_CASE("exact::log and exact::exp are the C library's within an ulp or two", "[kp][binomial]") {
  for (const double x :
       {5e-324, 1e-310, 2.2250738585072014e-308, 1e-300, 0.1, 0.5, 0.7071067811865476,
        0.9999999999999999, 1.0, 1.0000000000000002, 1.4142135623730951, 2.0, 3.0, 10.0, 12345.678,
        1e300, 1.7976931348623157e308}) {
    INFO("x " << x);
    CHECK(std::fabs(kp::impl::exact::log(x) - std::log(x)) <=
          4e-16 * std::max(1.0, std::fabs(std::log(x))));
  }
  CHECK(kp::impl::exact::log(1.0) == 0.0);
  for (const double x : {-700.0, -42.5, -13.0, -1.0, -0.34657359027997264, -1e-300, 0.0, 1e-20, 0.5,
                         1.0, 2.0, 88.7, 700.0}) {
    INFO("exp " << x);
    CHECK(std::fabs(kp::impl::exact::exp(x) - std::exp(x)) <= 4e-16 * std::exp(x));
  }
  CHECK(kp::impl::exact::log1p(-1e-300) == -1e-300);
  CHECK(std::fabs(kp::impl::exact::log1p(-0.25) - std::log1p(-0.25)) <= 1e-16);
}

TEMPLATE_LIST_TEST_CASE("exact::binomial follows the binomial distribution", "[kp][binomial]",
                        Spaces) {
  using Space = TestType;
  const std::int64_t count = 200000;
  // Inversion (n p below kBinomialInversionBelow = 64: small, mid, near the
  // bound, huge n), BTRD near its bound (n p just above 64, mostly step
  // 3.1), BTRD with logarithms (wide), huge n, p above 1/2 (mirrored).
  static_assert(kp::impl::kBinomialInversionBelow == 64, "the cases straddle 64");
  const std::vector<std::pair<std::uint64_t, double>> cases = {
      {7, 0.3},   {200, 0.02}, {64, 0.5},   {127, 0.5},       {std::uint64_t{1} << 40, 2e-11},
      {130, 0.5}, {220, 0.31}, {1000, 0.3}, {5000000, 0.001}, {1 << 30, 0.75}};
  for (const auto& [n, p] : cases) {
    INFO("n " << n << ", p " << p);
    const auto x = variates<Space>(n, p, count);
    for (const std::uint64_t k : x) REQUIRE(k <= n);
    const auto [chi, dof] = chi_square(x, n, p);
    INFO("chi-square " << chi << " on " << dof << " degrees of freedom");
    CHECK(chi < chi_square_limit(dof));
    CHECK(x == variates<Kokkos::DefaultHostExecutionSpace>(n, p, count));
  }
}

TEMPLATE_LIST_TEST_CASE("exact::binomial at the ends of p and n", "[kp][binomial]", Spaces) {
  using Space = TestType;
  CHECK(variates<Space>(0, 0.5, 10) == std::vector<std::uint64_t>(10, 0));
  CHECK(variates<Space>(100, 0.0, 10) == std::vector<std::uint64_t>(10, 0));
  CHECK(variates<Space>(100, NAN, 10) == std::vector<std::uint64_t>(10, 0));
  CHECK(variates<Space>(100, 1.0, 10) == std::vector<std::uint64_t>(10, 100));
  CHECK(variates<Space>(1, 1e-300, 10) == std::vector<std::uint64_t>(10, 0));
  const auto big = variates<Space>(std::uint64_t{1} << 52, 1e-12, 1000);
  double mean = 0;
  for (const std::uint64_t k : big) mean += double(k) / 1000;
  CHECK(std::fabs(mean - 4503.6) < 10);
}

// The variates of a grid of (n, p) on both algorithms and BTRD's paths,
// pinned by a digest (FNV-1a of their bytes) of this code's: a change to
// the sampler's arithmetic or its uniforms shows here even where every space
// changes alike.
TEMPLATE_LIST_TEST_CASE("exact::binomial gives the pinned variates", "[kp][binomial]", Spaces) {
  using Space = TestType;
  std::uint64_t digest = 0xcbf29ce484222325ull;
  for (const std::uint64_t n : {1ull, 40ull, 1000ull, 123457ull, 1ull << 40}) {
    for (const double p : {1e-6, 0.01, 0.3, 0.5, 0.93}) {
      for (const std::uint64_t k : variates<Space>(n, p, 200)) {
        for (int byte = 0; byte < 8; ++byte) {
          digest ^= (k >> (8 * byte)) & 0xff;
          digest *= 0x100000001b3ull;
        }
      }
    }
  }
  CHECK(digest == 0x998e5e32652b9ff1ull);
}
