#pragma once
// How many teams, of what size, a whole-array algorithm launches on a space:
// on a GPU one full wave of resident threads (more teams only add a second
// pass over the partial results), on the host one team per thread.
#include <Kokkos_Core.hpp>
#include <algorithm>
#include <cstdint>

#include <kp/impl/core/common.hpp>

namespace kp::impl {

struct Launch {
  int league;  // teams
  int team;    // threads per team (a power of two)
};

template <class Space>
Launch whole_array_launch(const Space& space, std::int64_t n, int gpu_team = 256) {
  const int team = is_gpu_space<Space>() ? gpu_team : 1;
  const std::int64_t resident = std::max(1, space.concurrency() / team);
  const std::int64_t needed = (n + team - 1) / team;
  return {static_cast<int>(std::max<std::int64_t>(1, std::min(resident, needed))), team};
}

template <class Space>
Launch whole_array_launch(std::int64_t n, int gpu_team = 256) {
  return whole_array_launch(Space(), n, gpu_team);
}

// Items in batches of kBatch, a thread a batch, arranged so that the stores
// coalesce: batch b's lane b % 32 takes the items l, l + 32, ...,
// l + 32 (kBatch - 1) of its group of 32 batches, so that 32 consecutive
// batches (a GPU warp) store 32 consecutive items at a time. A thread can
// issue every load of its batch before its first store.
template <std::int64_t kBatch>
struct WarpBatches {
  static constexpr std::int64_t kLanes = kWarp;
  // Batches covering n items: whole groups of 32.
  static std::int64_t count(std::int64_t n) {
    constexpr std::int64_t group = kLanes * kBatch;
    return (n + group - 1) / group * kLanes;
  }
  // The first item of batch b; its k-th is first(b) + kLanes * k.
  KOKKOS_INLINE_FUNCTION static std::int64_t first(std::int64_t batch) {
    return batch / kLanes * kLanes * kBatch + batch % kLanes;
  }
};

}  // namespace kp::impl
