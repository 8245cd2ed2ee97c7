// Where kp::segmented_reduce's time goes at equal segments, beside CUB's
// DeviceSegmentedReduce::Sum on the CUDA space: 2^26 floats in equal
// segments of each length given (default 2^14, 2^12), all calls taking
// turns, each timed with its fence (turns.hpp). Calls:
//   kp          kp::segmented_reduce (its own fence and report read inside)
//   unchecked   kp::segmented_reduce(..., kp::unchecked_offsets): no fence
//   cub         DeviceSegmentedReduce::Sum
//   bare        the segment teams' fold and combine alone as a bare kernel
//   bare+fence  the same, then a fence inside the call (kp's second fence)
//   teams       the library's segment_teams_cuda launched directly (offsets
//               check and queue branch, no workspace lookup, fence or report)
//   teams+fence the same, then a fence inside the call
//   teams+wave  teams, then an empty chunk wave (396 blocks of 256 that read
//               the queue's count and return), launched as usual
//   teams+pdl   the same wave launched early (programmatic dependent
//               launch: it waits for the teams with griddepcontrol.wait)
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

namespace {

// An empty chunk wave: where launched early, waits for the grid before it;
// reads the queue's count and returns.
__global__ void __launch_bounds__(256) empty_wave(const unsigned long long* counters, int* sink) {
  asm volatile("griddepcontrol.wait;" ::: "memory");
  if (counters[0] != 0 && threadIdx.x == 0) sink[blockIdx.x] = 1;
}

void launch_empty_wave(const unsigned long long* counters, int* sink, bool early) {
  cudaLaunchAttribute attribute;
  attribute.id = cudaLaunchAttributeProgrammaticStreamSerialization;
  attribute.val.programmaticStreamSerializationAllowed = 1;
  cudaLaunchConfig_t config = {};
  config.gridDim = dim3(132 * 3);
  config.blockDim = dim3(256);
  config.stream = Kokkos::Cuda().cuda_stream();
  config.attrs = early ? &attribute : nullptr;
  config.numAttrs = early ? 1 : 0;
  if (cudaLaunchKernelEx(&config, empty_wave, counters, sink) != cudaSuccess) std::abort();
}

}  // namespace

int main(int argc, char** argv) {
  Kokkos::ScopeGuard guard(argc, argv);
  using S = Kokkos::Cuda;
  const Kokkos::View<float*, S> x = segments::input();
  const int rounds = 5, reps = 40;
  for (const std::int64_t len : segments::lengths(argc, argv, {1 << 14, 1 << 12})) {
    const segments::EqualSegments e(x, len);
    // The library's segment kernel alone (segments this long are queued:
    // not probed).
    const segments::LibraryTeams teams_call(e);
    if (teams_call.queues()) {
      std::printf("len %lld: segments this long are queued; not probed\n",
                  static_cast<long long>(len));
      continue;
    }
    const Kokkos::View<int*, S> sink("sink", 132 * 3);
    const std::vector<std::function<void()>> calls = {
        [&] { kp::segmented_reduce(S(), x, e.offsets, e.kp_out); },
        [&] { kp::segmented_reduce(S(), x, e.offsets, e.kp_out, kp::unchecked_offsets); },
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
        },
        [&] {
          teams_call();
          launch_empty_wave(teams_call.counters.data(), sink.data(), false);
        },
        [&] {
          teams_call();
          launch_empty_wave(teams_call.counters.data(), sink.data(), true);
        }};
    const char* const names[] = {"kp",    "unchecked",   "cub",        "bare",     "bare+fence",
                                 "teams", "teams+fence", "teams+wave", "teams+pdl"};
    const int count = static_cast<int>(calls.size()), cub = 2;
    for (int i = 0; i < 10; ++i) {
      for (const auto& c : calls) c();
    }
    S().fence();
    // Exact sums: each segment's values are small integers; each call's
    // output checked against CUB's.
    for (int c = 0; c < count; ++c) {
      if (c == cub) continue;
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
    for (int c = 0; c < count; ++c) {
      std::printf("segments 2^%-2d of %7lld: %-11s median %8.2f min %8.2f  /cub %.3f\n",
                  63 - __builtin_clzll(static_cast<unsigned long long>(e.segments)),
                  static_cast<long long>(len), names[c], turns::median(t[c]), t[c][0],
                  turns::median(t[c]) / turns::median(t[cub]));
    }
  }
  return 0;
}
