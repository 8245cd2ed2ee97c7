#pragma once
// The radix sort's tile shape per target. A tile is the run of keys one
// team counts and scatters in one pass; each tile keeps 256 counters
// between the count and the scatter, so larger tiles cost less of that
// traffic but fewer teams run at once on small inputs.
#include <cstdint>

#include <kp/impl/common.hpp>

namespace kp::impl::sort {

struct TilePolicy {
  int team;   // threads a team (a multiple of 32 on a GPU: whole warps)
  int items;  // keys a thread, in rounds of one key a thread (GPU)
  std::int64_t tile() const { return static_cast<std::int64_t>(team) * items; }
};

// GPUs (CUDA): 8 warps of 16 rounds, 4096 keys a tile: the counters are
// 1/8 byte a key (of 4-byte keys read 2 and written once a pass), the
// scatter's registers 16 keys and ranks a thread.
inline constexpr TilePolicy kGpuTiles{256, 16};

// Host spaces: one tile a thread, the thread's contiguous share of the keys
// (its scatter is then stable by running in index order); at least this
// many keys a tile, so that small inputs do not pay for idle threads'
// counters.
inline constexpr std::int64_t kHostMinTile = 1 << 16;

}  // namespace kp::impl::sort
