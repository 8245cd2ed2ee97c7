#pragma once
// The look-back scan's CUDA team (ChainedScanTiles, agent/decoupled_lookback.hpp):
// LookbackTeam<Kokkos::Cuda>, where
//  - the tile lives in registers as 16-byte packs (register_tile.hpp) when
//    the run's plan and arrays allow it (scan_in_registers);
//  - a whole warp looks back, 32 predecessors at a time (warp_look_back,
//    also the look-back of copy_if's and the segmented scan's CUDA tiles);
//  - 8- and 16-byte values travel beside their flag in 16-byte words
//    (WordTileStatus), so that neither side fences.
// WordTileStatus compiles everywhere (its host accesses are plain, for the
// tests); the rest only with CUDA.
#include <Kokkos_Core.hpp>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include <kp/impl/agent/decoupled_lookback.hpp>
#include <kp/impl/agent/register_tile.hpp>
#include <kp/impl/core/common.hpp>
#include <kp/impl/tuning/scan.hpp>
#include <kp/impl/warp/scan.hpp>
#include <kp/impl/warp/shuffle.hpp>

namespace kp::impl {

// CUDA, 8- and 16-byte values: each 8 bytes of the value travel in a
// 16-byte word beside a copy of the tagged flag, written and read with one
// 16-byte access each, so neither side fences. This relies on an aligned
// 16-byte access being performed whole: the PTX memory model does not
// promise it for vector accesses, NVIDIA GPUs do it, and CUB's tile status
// of 8-byte values relies on the same. A reader takes the value only where
// every word carries the same flag: each flag's value is published once per
// run, so matching words are one publication's; words that differ (a
// writer between its stores) read as NOT_READY and are polled again.
template <class Space, class T>
struct WordTileStatus {
  static_assert(sizeof(T) == 8 || sizeof(T) == 16);
  static constexpr int kWords = sizeof(T) / 8;
  View<std::uint64_t*, Space> words;  // tile t's word k: word(t, k), 2 entries
  std::uint32_t epoch = 1;

  explicit WordTileStatus(std::int64_t tiles) : words("scan tile status", 2 * kWords * tiles) {}
  void reset(const Space& space) const { Kokkos::deep_copy(space, words, std::uint64_t{0}); }

  KOKKOS_INLINE_FUNCTION void publish(std::int64_t tile, TileFlag flag, const T& value) const {
    std::uint64_t parts[kWords];
    memcpy(parts, static_cast<const void*>(&value), sizeof(T));
    const std::uint64_t tag = tag_flag(epoch, flag);
    for (int k = 0; k < kWords; ++k) store(word(tile, k), tag, parts[k]);
  }
  KOKKOS_INLINE_FUNCTION TileFlag read(std::int64_t tile, T& value) const {
    std::uint64_t tags[kWords], parts[kWords];
    for (int k = 0; k < kWords; ++k) load(word(tile, k), tags[k], parts[k]);
    for (int k = 1; k < kWords; ++k) {
      if (tags[k] != tags[0]) return kNotReady;
    }
    const TileFlag flag = untag_flag(epoch, static_cast<std::uint32_t>(tags[0]));
    if (flag != kNotReady) memcpy(static_cast<void*>(&value), parts, sizeof(T));
    return flag;
  }

 private:
  KOKKOS_INLINE_FUNCTION std::uint64_t* word(std::int64_t tile, int k) const {
    return &words(2 * (tile * kWords + k));
  }
  // One 16-byte relaxed access at GPU scope (the host pass only compiles it).
  KOKKOS_INLINE_FUNCTION static void store(std::uint64_t* word, std::uint64_t tag,
                                           std::uint64_t part) {
#if defined(__CUDA_ARCH__)
    asm volatile("st.relaxed.gpu.global.v2.u64 [%0], {%1, %2};" ::"l"(word), "l"(tag), "l"(part)
                 : "memory");
#else
    word[0] = tag, word[1] = part;
#endif
  }
  KOKKOS_INLINE_FUNCTION static void load(const std::uint64_t* word, std::uint64_t& tag,
                                          std::uint64_t& part) {
#if defined(__CUDA_ARCH__)
    asm volatile("ld.relaxed.gpu.global.v2.u64 {%0, %1}, [%2];"
                 : "=l"(tag), "=l"(part)
                 : "l"(word)
                 : "memory");
#else
    tag = word[0], part = word[1];
#endif
  }
};

#if defined(KOKKOS_ENABLE_CUDA)

template <>
struct LookbackTeam<Kokkos::Cuda> {
  using Space = Kokkos::Cuda;
  // The warp's look-back shuffles values as 32-bit words.
  template <class T>
  static constexpr bool kShuffleValue = sizeof(T) % 4 == 0;

  // 32-bit values packed with their flag, 8- and 16-byte values in 16-byte
  // words beside it, others beside a flag word.
  template <class T>
  using Status =
      std::conditional_t<sizeof(T) == 4, PackedTileStatus<Space, T>,
                         std::conditional_t<sizeof(T) == 8 || sizeof(T) == 16,
                                            WordTileStatus<Space, T>, FlaggedTileStatus<Space, T>>>;

  // The register path: values of the same type in and out that fill 16-byte
  // packs, its tile shape, and 16-byte aligned arrays.
  template <class In, class T>
  static bool in_registers(const TilePlan& plan, const In* in, const T* out) {
    const auto aligned = [](const void* p) {
      return reinterpret_cast<std::uintptr_t>(p) % kPackBytes == 0;
    };
    if constexpr (std::is_same_v<In, T> && kRegisterValue<T>) {
      return plan.team == GpuScanTuning::team && plan.items == kRegisterItems<T> && aligned(in) &&
             aligned(out);
    } else {
      (void)aligned, (void)plan, (void)in, (void)out;
      return false;
    }
  }

  // On the device, the tile in registers where the run chose it.
  template <class T, class Op, class In, class Load, class Member>
  KOKKOS_INLINE_FUNCTION static bool scan_tile(
      const ChainedScanTiles<Space, T, Op, In, Load>& tiles, const Member& team,
      std::int32_t tile) {
#if defined(__CUDA_ARCH__)
    if constexpr (std::is_same_v<In, T> && kRegisterValue<T>) {
      if (tiles.in_registers) {
        scan_in_registers(tiles, team, tile);
        return true;
      }
    }
#else
    (void)tiles, (void)team, (void)tile;
#endif
    return false;
  }

  // A warp looks back where the team has one and the values shuffle; else
  // the team's rank 0.
  template <class Tiles, class Member, class T>
  KOKKOS_INLINE_FUNCTION static void look_back(const Tiles& tiles, const Member& team,
                                               std::int32_t tile, const T& tile_sum,
                                               Running<T>& tile_prefix) {
#if defined(__CUDA_ARCH__)
    if (kShuffleValue<T> && team.team_size() >= kWarp) {
      if constexpr (kShuffleValue<T>) {
        if (team.team_rank() < kWarp) tile_prefix = warp_look_back(tiles, tile, tile_sum);
      }
    } else
#endif
    {
      if (team.team_rank() == 0) tile_prefix = tiles.look_back(tile, tile_sum);
    }
  }

#if defined(__CUDA_ARCH__)
  // The tile in registers (register_tile.hpp): two barriers in all, one for
  // the warp totals and one for the tile prefix that warp 0 looks up.
  template <class T, class Op, class Load, class Member>
  __device__ static void scan_in_registers(const ChainedScanTiles<Space, T, Op, T, Load>& tiles,
                                           const Member& team, std::int32_t tile) {
    const int rank = team.team_rank();
    const std::int64_t begin = tiles.plan.begin(tile);
    const std::int64_t left = static_cast<std::int64_t>(tiles.in.extent(0)) - begin;
    const int count = static_cast<int>(left < tiles.plan.tile ? left : tiles.plan.tile);
    char* const scratch =
        static_cast<char*>(team.team_scratch(0).get_shmem(register_tile_scratch_bytes<T>()));
    T* const shared = reinterpret_cast<T*>(scratch);
    RegisterTile<T, Op, Load> registers(tiles.op, tiles.load, scratch, rank);
    registers.load(tiles.in.data() + begin, count, rank);
    registers.scan(team, shared, rank);
    T* const tile_prefix = shared + kRegisterWarps * GpuScanTuning::packs<T>;
    bool* const tile_prefix_any = reinterpret_cast<bool*>(tile_prefix + 1);
    if (rank < kWarp) {
      const Running<T> prefix = warp_look_back(tiles, tile, registers.total);
      if (rank == 0) {
        *tile_prefix = prefix.value;
        *tile_prefix_any = prefix.any;
      }
    }
    team.team_barrier();
    registers.store(Running<T>{*tile_prefix, *tile_prefix_any}, tiles.inclusive,
                    tiles.out.data() + begin, count, rank);
  }

  // Look-back by the 32 lanes of a warp, each reading one predecessor: lane
  // i reads tile base - i. The window is re-read until none of it is
  // NOT_READY, then the nearest INCLUSIVE lane (lowest set bit of a ballot)
  // ends the walk: the aggregates of the nearer lanes and its prefix are
  // combined by a warp scan in sequence order (the lanes hold it backwards),
  // which only ever joins adjacent tiles. With no INCLUSIVE in the window,
  // the window's combination goes before what the walk has so far, and the
  // walk moves 32 tiles further back. Every lane returns the prefix; lane 0
  // publishes. `tiles`: a ChainedScanTiles on Kokkos::Cuda.
  template <class Tiles, class T>
  __device__ static Running<T> warp_look_back(const Tiles& tiles, std::int32_t tile,
                                              const T& tile_sum) {
    const int lane = static_cast<int>(threadIdx.y * blockDim.x + threadIdx.x) % kWarp;
    if (tile == 0) return tiles.first_tile(lane == 0, tile_sum);
    if (lane == 0) tiles.status.publish(tile, kAggregate, tile_sum);
    Running<T> prefix{T{}, false};
    for (std::int32_t base = tile - 1;; base -= kWarp) {
      const std::int32_t p = base - lane;
      // Lanes past the nearest INCLUSIVE never count: any value will do.
      T value = tile_sum;
      TileFlag flag = kInclusive;  // lanes before tile 0 never count: tile 0 is INCLUSIVE
      do {
        if (p >= 0) flag = tiles.status.read(p, value);
      } while (__any_sync(0xffffffffu, flag == kNotReady));
      const unsigned inclusive_lanes = __ballot_sync(0xffffffffu, flag == kInclusive);
      const int last = inclusive_lanes ? __ffs(inclusive_lanes) - 1 : kWarp - 1;
      // Lane `last` holds the combination of lanes last..0, in sequence order.
      const T window = shuffle_from(warp_inclusive_scan<true>(value, lane, tiles.op), last);
      prefix = Running<T>{prefix.any ? tiles.op(window, prefix.value) : window, true};
      if (inclusive_lanes) break;
    }
    if (lane == 0) tiles.status.publish(tile, kInclusive, tiles.op(prefix.value, tile_sum));
    return prefix;
  }
#endif
};

#endif  // KOKKOS_ENABLE_CUDA

}  // namespace kp::impl
