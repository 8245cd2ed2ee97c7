// kp::reduce against CUB's DeviceReduce::Sum on the CUDA space, floats, at
// each size given as a power of two (default 2^26, 2^28, 2^30): each call
// with its fence, the two taking turns in 5 rounds of `reps` calls; each
// line is the median and minimum over all. Built against a copy of the
// headers, one binary per variant. With -DKP_PROBE (headers carrying
// ../reduce-tail/probe-over.diff) it first prints, for three calls, when
// the reduction's teams started and ended (%globaltimer, us after the
// first start): percentiles over the teams.
#include <cub/cub.cuh>

#include <Kokkos_Core.hpp>
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <kp/reduce.hpp>
#include <vector>

#include "../turns.hpp"

int main(int argc, char** argv) {
  Kokkos::ScopeGuard guard(argc, argv);
  using S = Kokkos::Cuda;
  std::vector<int> powers;
  for (int a = 1; a < argc; ++a) powers.push_back(std::atoi(argv[a]));
  if (powers.empty()) powers = {26, 28, 30};
  const cudaStream_t stream = S().cuda_stream();
  for (const int k : powers) {
    const std::int64_t n = std::int64_t{1} << k;
    Kokkos::View<float*, S> x("x", n);
    Kokkos::parallel_for(
        Kokkos::RangePolicy<S>(0, n),
        KOKKOS_LAMBDA(std::int64_t i) { x(i) = float(i % 5) - 2.0f; });
    Kokkos::View<float, S> r("r");
    std::size_t temp_bytes = 0;
    cub::DeviceReduce::Sum(nullptr, temp_bytes, x.data(), r.data(), n, stream);
    Kokkos::View<char*, S> temp("temp", temp_bytes);
    const auto kp_call = [&] { kp::reduce(S(), x, r); };
    const auto cub_call = [&] {
      std::size_t bytes = temp_bytes;
      cub::DeviceReduce::Sum(temp.data(), bytes, x.data(), r.data(), n, stream);
    };
    // Each period of 5 values sums to 0: the sum is the remainder's, exact.
    float expect = 0, got_kp = 0, got_cub = 0;
    for (std::int64_t i = n - n % 5; i < n; ++i) expect += float(i % 5) - 2.0f;
    kp_call();
    Kokkos::deep_copy(got_kp, r);
    cub_call();
    Kokkos::deep_copy(got_cub, r);
    if (got_kp != expect || got_cub != expect) {
      std::printf("2^%d: kp %g, cub %g, expected %g\n", k, double(got_kp), double(got_cub),
                  double(expect));
      return 1;
    }
#if defined(KP_PROBE)
    for (int rep = 0; rep < 3; ++rep) {
      static unsigned long long zero[2 * 16384];
      cudaMemcpyToSymbol(kp_probe_times, zero, sizeof zero);
      S().fence();
      kp_call();
      S().fence();
      static unsigned long long t[2 * 16384];
      cudaMemcpyFromSymbol(t, kp_probe_times, sizeof t);
      std::vector<double> starts, ends;
      for (int i = 0; i < 16384 && t[2 * i] != 0; ++i) {
        starts.push_back(double(t[2 * i]));
        ends.push_back(double(t[2 * i + 1]));
      }
      const double t0 = *std::min_element(starts.begin(), starts.end());
      for (auto& v : starts) v = (v - t0) / 1000.0;
      for (auto& v : ends) v = (v - t0) / 1000.0;
      std::sort(starts.begin(), starts.end());
      std::sort(ends.begin(), ends.end());
      const auto q = [](const std::vector<double>& v, double f) {
        return v[std::min(v.size() - 1, std::size_t(f * double(v.size())))];
      };
      std::printf(
          "2^%d probe teams %zu: start p50 %.1f p100 %.1f us; end p0 %.1f p10 %.1f p50 %.1f p90 "
          "%.1f p99 %.1f p100 %.1f us\n",
          k, starts.size(), q(starts, 0.5), starts.back(), ends[0], q(ends, 0.1), q(ends, 0.5),
          q(ends, 0.9), q(ends, 0.99), ends.back());
    }
#endif
    const int reps = k >= 30 ? 20 : 60, rounds = 5;
    for (int i = 0; i < 5; ++i) {
      kp_call();
      cub_call();
    }
    S().fence();
    const auto t = turns::take_turns(S(), rounds, reps, {kp_call, cub_call});
    const std::vector<double>&tk = t[0], &tc = t[1];
    std::printf("2^%d: kp median %8.1f min %8.1f  cub median %8.1f min %8.1f  kp/cub %.3f\n", k,
                tk[tk.size() / 2], tk[0], tc[tc.size() / 2], tc[0],
                tk[tk.size() / 2] / tc[tc.size() / 2]);
  }
  return 0;
}
