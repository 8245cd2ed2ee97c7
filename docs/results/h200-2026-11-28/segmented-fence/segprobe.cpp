// Where kp::segmented_reduce's time goes at equal segments, beside CUB's
// DeviceSegmentedReduce::Sum on the CUDA space: 2^26 floats in equal
// segments of each length given (default 2^14, 2^12), all calls taking
// turns, each timed with its fence (turns.hpp). Calls:
//   kp          kp::segmented_reduce (its own fence and report read inside)
//   cub         DeviceSegmentedReduce::Sum
//   bare        the segment teams' fold and combine alone as a bare kernel
//   bare+fence  the same, then a fence inside the call (kp's second fence)
//   teams       the library's segment_teams_cuda launched directly (offsets
//               check and queue branch, no workspace lookup, fence or report)
//   teams+fence the same, then a fence inside the call
#include <cub/cub.cuh>

#include <Kokkos_Core.hpp>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <kp/segmented.hpp>
#include <vector>

#include "../segments.hpp"
#include "../turns.hpp"

int main(int argc, char** argv) {
  Kokkos::ScopeGuard guard(argc, argv);
  using S = Kokkos::Cuda;
  const Kokkos::View<float*, S> x = segments::input();
  const std::int64_t n = x.extent(0);
  const int rounds = 5, reps = 40;
  for (const std::int64_t len : segments::lengths(argc, argv, {1 << 14, 1 << 12})) {
    const segments::EqualSegments e(x, len);
    namespace ki = kp::impl;
    using Op = ki::UserOp<float, ki::WrappingSum<float>>;
    using Teams = ki::SegmentTeamsReduce<S, float, Kokkos::View<std::int64_t*, S>, Op>;
    // The library's segment kernel alone: equal segments shorter than
    // long_from are never queued, so the list and chunk owners are unused.
    const ki::SegmentPlan plan = ki::segment_plan<float>(len);
    if (len >= plan.long_from) {
      std::printf("len %lld: segments this long are queued; not probed\n",
                  static_cast<long long>(len));
      continue;
    }
    Kokkos::View<ki::SegmentCounter*, S> counters("counters", 3);
    Kokkos::View<ki::SegmentReport, S> report("report");
    const Teams teams{{x.data(), e.kp_out.data(), e.offsets, Op{0.0f, {}}, plan},
                      n,
                      nullptr,
                      nullptr,
                      counters.data(),
                      report.data()};
    const auto teams_call = [&] {
      ki::launch_segment_teams_bare(S(), teams, e.segments, plan.team);
    };
    const std::vector<std::function<void()>> calls = {
        [&] { kp::segmented_reduce(S(), x, e.offsets, e.kp_out); },
        [&] { e.cub(); },
        [&] { e.bare(); },
        [&] {
          e.bare();
          S().fence();
        },
        teams_call,
        [&] {
          teams_call();
          S().fence();
        }};
    const char* const names[] = {"kp", "cub", "bare", "bare+fence", "teams", "teams+fence"};
    for (int i = 0; i < 10; ++i) {
      for (const auto& c : calls) c();
    }
    S().fence();
    // Exact sums: each segment's values are small integers; each call's
    // output checked against CUB's.
    for (int c = 0; c < 6; ++c) {
      if (c == 1) continue;
      Kokkos::deep_copy(e.kp_out, -1.0f);
      calls[c]();
      S().fence();
      const std::int64_t bad = e.first_difference();
      if (bad >= 0) {
        std::printf("len %lld %s: segment %lld differs from CUB's\n", static_cast<long long>(len),
                    names[c], static_cast<long long>(bad));
        return 1;
      }
    }
    const auto t = turns::take_turns(S(), rounds, reps, calls);
    for (int c = 0; c < 6; ++c) {
      std::printf("segments 2^%-2d of %7lld: %-11s median %8.2f min %8.2f  /cub %.3f\n",
                  63 - __builtin_clzll(static_cast<unsigned long long>(e.segments)),
                  static_cast<long long>(len), names[c], turns::median(t[c]), t[c][0],
                  turns::median(t[c]) / turns::median(t[1]));
    }
  }
  return 0;
}
