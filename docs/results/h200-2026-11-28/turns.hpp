// The timing loop of this folder's small programs (raw_launch.cpp,
// segbench.cpp, redbench.cpp): calls that take turns, `rounds` rounds of
// `reps` calls each, each call timed on the host with its fence.
#pragma once
#include <Kokkos_Core.hpp>
#include <algorithm>
#include <chrono>
#include <functional>
#include <vector>

namespace turns {

inline double now_us() {
  return std::chrono::duration<double, std::micro>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

// Each call's times, us, sorted: [k] is call k's.
template <class Space>
std::vector<std::vector<double>> take_turns(const Space& space, int rounds, int reps,
                                            const std::vector<std::function<void()>>& calls) {
  std::vector<std::vector<double>> times(calls.size());
  for (int r = 0; r < rounds; ++r) {
    for (std::size_t k = 0; k < calls.size(); ++k) {
      for (int i = 0; i < reps; ++i) {
        const double t0 = now_us();
        calls[k]();
        space.fence();
        times[k].push_back(now_us() - t0);
      }
    }
  }
  for (auto& t : times) std::sort(t.begin(), t.end());
  return times;
}

inline double median(const std::vector<double>& sorted) {
  return sorted[sorted.size() / 2];
}

}  // namespace turns
