// kp::segmented_reduce against CUB's DeviceSegmentedReduce::Sum on the CUDA
// space: 2^26 floats in equal segments of each length given (default 2^18,
// 2^14, 2^12, 2^10, 2^6), each call with its fence; the two take turns,
// `rounds` rounds of `reps` calls, and each line is the median and minimum
// over all. Built against a copy of the headers, one binary per variant;
// with -DBARE the kp line times bare_segments (../segments.hpp) instead (the segment teams.
// fold and combine alone, no queue or offsets check, as a bare kernel).
#include <Kokkos_Core.hpp>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cub/cub.cuh>
#include <kp/segmented.hpp>
#include <vector>

#include "../segments.hpp"
#include "../turns.hpp"

int main(int argc, char** argv) {
  Kokkos::ScopeGuard guard(argc, argv);
  using S = Kokkos::Cuda;
  const Kokkos::View<float*, S> x = segments::input();
  const int rounds = 5, reps = 40;
  for (const std::int64_t len :
       segments::lengths(argc, argv, {1 << 18, 1 << 14, 1 << 12, 1 << 10, 1 << 6})) {
    const segments::EqualSegments e(x, len);
    const auto kp_call = [&] {
#ifdef BARE
      e.bare();
#else
      kp::segmented_reduce(S(), x, e.offsets, e.kp_out);
#endif
    };
    const auto cub_call = [&] { e.cub(); };
    for (int i = 0; i < 10; ++i) {
      kp_call();
      cub_call();
    }
    S().fence();
    // Exact sums: each segment's values are small integers.
    const std::int64_t bad = e.first_difference();
    if (bad >= 0) {
      std::printf("len %lld: segment %lld differs from CUB's\n", static_cast<long long>(len),
                  static_cast<long long>(bad));
      return 1;
    }
    const auto t = turns::take_turns(S(), rounds, reps, {kp_call, cub_call});
    const std::vector<double>&tk = t[0], &tc = t[1];
    std::printf(
        "segments 2^%-2d of %7lld: kp median %8.1f min %8.1f  cub median %8.1f min %8.1f"
        "  kp/cub %.3f\n",
        63 - __builtin_clzll(static_cast<unsigned long long>(e.segments)),
        static_cast<long long>(len), tk[tk.size() / 2], tk[0], tc[tc.size() / 2], tc[0],
        tk[tk.size() / 2] / tc[tc.size() / 2]);
  }
  return 0;
}
