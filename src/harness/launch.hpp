#pragma once
// How many teams, of what size, the benchmark's own whole-array kernels
// launch on a space: on a GPU one full wave of resident threads (more teams
// only add a second pass over the partial results), on the host one team
// per thread.
#include <Kokkos_Core.hpp>
#include <algorithm>
#include <cstdint>

#include "harness/spaces.hpp"

namespace bench {

struct Launch {
  int league;  // teams
  int team;    // threads per team (a power of two)
};

template <class Space>
Launch whole_array_launch(std::int64_t n, int gpu_team = 256) {
  const int team = is_gpu_space<Space>() ? gpu_team : 1;
  const std::int64_t resident = std::max(1, Space().concurrency() / team);
  const std::int64_t needed = (n + team - 1) / team;
  return {static_cast<int>(std::max<std::int64_t>(1, std::min(resident, needed))), team};
}

}  // namespace bench
