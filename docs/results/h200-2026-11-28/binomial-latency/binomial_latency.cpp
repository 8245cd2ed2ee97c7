// The GPU latency of kp::sample's exact operations and binomial variates:
// kernels whose threads each run a chain of dependent calls (each call's
// input is the last one's output), timed with a fence (median of 201, the
// empty kernel's time subtracted), per call. One thread (no divergence), a
// warp (lanes on their own streams: a warp waits for its slowest lane).
#include <Kokkos_Core.hpp>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <kp/impl/binomial.hpp>
#include <vector>

using namespace kp::impl;

constexpr int kChain = 170;

double now_us() {
  return std::chrono::duration<double, std::micro>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

template <class F>
double median_us(int threads, const F& f) {
  Kokkos::View<double*, Kokkos::CudaSpace> out("out", threads);
  const auto run = [&] {
    Kokkos::parallel_for(
        Kokkos::RangePolicy<Kokkos::Cuda>(0, threads), KOKKOS_LAMBDA(int t) { out(t) = f(t); });
  };
  for (int i = 0; i < 20; ++i) run();
  Kokkos::fence();
  std::vector<double> times;
  for (int r = 0; r < 201; ++r) {
    const double t0 = now_us();
    run();
    Kokkos::fence();
    times.push_back(now_us() - t0);
  }
  std::sort(times.begin(), times.end());
  return times[times.size() / 2];
}

struct Empty {
  KOKKOS_INLINE_FUNCTION double operator()(int t) const { return t; }
};
struct Div {
  KOKKOS_INLINE_FUNCTION double operator()(int t) const {
    double x = 1.5 + t;
    for (int i = 0; i < kChain; ++i) x = exact::div(3.0, exact::add(x, 0.25));
    return x;
  }
};
struct Mul {
  KOKKOS_INLINE_FUNCTION double operator()(int t) const {
    double x = 1.5 + t;
    for (int i = 0; i < kChain; ++i) x = exact::add(exact::mul(x, 0.75), 0.5);
    return x;
  }
};
struct Sqrt {
  KOKKOS_INLINE_FUNCTION double operator()(int t) const {
    double x = 1.5 + t;
    for (int i = 0; i < kChain; ++i) x = ::sqrt(exact::add(x, 3.0));
    return x;
  }
};
struct Log {
  KOKKOS_INLINE_FUNCTION double operator()(int t) const {
    double x = 1.5 + t;
    for (int i = 0; i < kChain; ++i) x = exact::log(exact::add(x, 2.0));
    return x;
  }
};
struct Bits {
  KOKKOS_INLINE_FUNCTION double operator()(int t) const {
    std::uint64_t k = t;
    for (int i = 0; i < kChain; ++i) k = random_bits(k, 1);
    return static_cast<double>(k);
  }
};
// 17 levels of a halving split from n0 draws, repeated to kChain variates.
template <int kN0>
struct Binomials {
  KOKKOS_INLINE_FUNCTION double operator()(int t) const {
    std::uint64_t sum = 0, n = 0;
    for (int i = 0; i < kChain; ++i) {
      if (i % 17 == 0) n = kN0 + (sum & 1);
      const double p = 0.5 - 0.001 * (i % 7);
      n = exact::binomial(n, p, random_bits(0x1234u + t, i));
      sum += n;
    }
    return static_cast<double>(sum);
  }
};

int main(int argc, char** argv) {
  Kokkos::ScopeGuard guard(argc, argv);
  const double empty1 = median_us(1, Empty{}), empty32 = median_us(32, Empty{});
  std::printf("empty kernel: 1 thread %.2f us, 32 threads %.2f us\n", empty1, empty32);
  const auto row = [&](const char* name, auto f) {
    const double one = (median_us(1, f) - empty1) / kChain;
    const double warp = (median_us(32, f) - empty32) / kChain;
    std::printf("%-28s a call: 1 thread %8.1f ns   a warp %8.1f ns\n", name, 1e3 * one, 1e3 * warp);
  };
  row("exact::add(mul)", Mul{});
  row("exact::div", Div{});
  row("sqrt", Sqrt{});
  row("exact::log", Log{});
  row("random_bits", Bits{});
  row("binomial from 1e7 (17 lvls)", Binomials<10000000>{});
  row("binomial from 1e5 (17 lvls)", Binomials<100000>{});
  row("binomial from 4096", Binomials<4096>{});
  return 0;
}
