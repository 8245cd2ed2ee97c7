#pragma once
// CUDA form of the radix sort's scatter (agent/radix_sort.hpp): a tile of
// 8 warps x 16 rounds x 32 keys, all read before any is ranked. A key's
// place among its tile's keys of its digit comes from its warp's lanes of
// that digit (a lane mask a digit, set by shared atomic or) and counters a
// warp in shared memory; the tile's keys are then staged in
// shared memory in their sorted order and stored from there, consecutive
// threads to consecutive places of each digit's run, so that the stores
// coalesce (stored one by one from registers, a warp's 32 keys land in up
// to 32 sectors). Values of up to 8 bytes are staged the same way; larger
// ones are stored from their key's place directly.
#include <Kokkos_Core.hpp>
#include <algorithm>
#include <cstdint>

#include <kp/impl/agent/radix_sort.hpp>
#include <kp/impl/tuning/sort.hpp>

namespace kp::impl::sort {

template <class K, class V>
struct CudaScatter {
  using Policy = tuning::Tuned<SortTuning, Kokkos::Cuda>;
  static constexpr int kTeam = Policy::team, kItems = Policy::items;
  static constexpr int kWarp = 32, kWarps = kTeam / kWarp;
  static constexpr int kTile = kTeam * kItems;
  static_assert(kTeam >= kDigits, "a thread a digit when the tile's digit counts are scanned");
  static constexpr bool kStageValues = sizeof(V) <= 8;
  // Team scratch, in order: each digit's shift from a place within the tile
  // to its place in the output (int64, kDigits); the staging area, which
  // first holds each warp's counter and lane mask of each digit (int32),
  // then the tile's keys, then its values, in sorted order; each staged
  // key's digit (uint8).
  static constexpr std::size_t kShift = sizeof(std::int64_t) * kDigits;
  static constexpr std::size_t kRanking = 2 * sizeof(std::int32_t) * kWarps * kDigits;
  static constexpr std::size_t kStage =
      std::max({kRanking, sizeof(K) * kTile, kStageValues ? sizeof(V) * kTile : std::size_t{0}});
  static constexpr std::size_t kScratch = kShift + (kStage + 7) / 8 * 8 + kTile;

  View<const K*, Kokkos::Cuda> in;
  View<K*, Kokkos::Cuda> out;
  Payload<V, Kokkos::Cuda> values;
  Tiles t;
  Digit digit;
  View<const std::int64_t*, Kokkos::Cuda> offsets;

#if defined(__CUDA_ARCH__)
  // Each key's place among its warp's earlier keys of its digit, the warp's
  // count of each digit in `counter`: a round's lanes of one digit find
  // each other through a shared lane mask of that digit (CUB's atomic-or
  // match), and the lowest of them moves the digit's counter on.
  __device__ static void rank_in_warp(const K (&key)[kItems], std::int32_t (&place)[kItems],
                                      std::int64_t first, std::int64_t end, const Digit& digit,
                                      std::int32_t* counter, std::uint32_t* mask, int lane) {
    const unsigned below = (1u << lane) - 1u;
    for (int r = 0; r < kItems; ++r) {
      const bool valid = first + r * kWarp + lane < end;
      const std::uint32_t d = valid ? digit(key[r]) : 0u;
      if (valid) atomicOr(mask + d, 1u << lane);
      __syncwarp();
      const unsigned peers = valid ? mask[d] : 0u;
      const std::int32_t before = valid ? counter[d] : 0;
      __syncwarp();
      if (valid && lane == __ffs(peers) - 1) {
        counter[d] = before + __popc(peers);
        mask[d] = 0u;
      }
      __syncwarp();
      place[r] = before + __popc(peers & below);
    }
  }
#endif

  KOKKOS_INLINE_FUNCTION void operator()(const Member<Kokkos::Cuda>& team) const {
    (void)team;
#if defined(__CUDA_ARCH__)
    const std::size_t bytes = kScratch;  // get_shmem takes a reference: a copy for device code
    char* shared = static_cast<char*>(team.team_scratch(0).get_shmem(bytes));
    std::int64_t* shift = reinterpret_cast<std::int64_t*>(shared);
    char* stage = shared + kShift;
    std::uint8_t* staged_digit = reinterpret_cast<std::uint8_t*>(stage + (kStage + 7) / 8 * 8);
    std::int32_t* counters = reinterpret_cast<std::int32_t*>(stage);
    std::uint32_t* masks = reinterpret_cast<std::uint32_t*>(counters + kWarps * kDigits);

    const int rank = team.team_rank(), lane = rank % kWarp, warp = rank / kWarp;
    const std::int64_t tile = team.league_rank();
    const std::int64_t begin = t.begin(tile), end = t.end(tile);
    const std::int64_t first = begin + warp * (kWarp * kItems);
    K key[kItems];  // read first, all in flight together
    for (int r = 0; r < kItems; ++r) {
      const std::int64_t i = first + r * kWarp + lane;
      if (i < end) key[r] = in(i);
    }
    for (int i = rank; i < 2 * kWarps * kDigits; i += kTeam) counters[i] = 0;  // and the masks
    team.team_barrier();
    std::int32_t place[kItems];
    rank_in_warp(key, place, first, end, digit, counters + warp * kDigits, masks + warp * kDigits,
                 lane);
    team.team_barrier();

    to_tile_places(team, counters, shift, tile);
    const std::int32_t* counter = counters + warp * kDigits;
    for (int r = 0; r < kItems; ++r) {
      if (first + r * kWarp + lane < end) place[r] += counter[digit(key[r])];
    }
    team.team_barrier();  // the counters read before the keys overwrite them

    const int count = static_cast<int>(end - begin);
    K* staged_key = reinterpret_cast<K*>(stage);
    for (int r = 0; r < kItems; ++r) {
      if (first + r * kWarp + lane >= end) continue;
      staged_key[place[r]] = key[r];
      staged_digit[place[r]] = static_cast<std::uint8_t>(digit(key[r]));
    }
    team.team_barrier();
    for (int s = rank; s < count; s += kTeam) out(shift[staged_digit[s]] + s) = staged_key[s];
    if (values.moves) move_values(team, stage, staged_digit, shift, key, place, first, end, count);
#endif
  }

#if defined(__CUDA_ARCH__)
  // The warps' digit counts into digit-major places within the tile: digit
  // d's keys start after the lower digits' keys, warp w's after the lower
  // warps' of that digit; shift[d] takes those places to the output's.
  __device__ void to_tile_places(const Member<Kokkos::Cuda>& team, std::int32_t* counters,
                                 std::int64_t* shift, std::int64_t tile) const {
    const int rank = team.team_rank();
    std::int32_t all = 0;
    if (rank < kDigits) {
      for (int w = 0; w < kWarps; ++w) {
        const std::int32_t here = counters[w * kDigits + rank];
        counters[w * kDigits + rank] = all;
        all += here;
      }
    }
    const std::int32_t start = team.team_scan(all);  // the lower digits' keys
    if (rank < kDigits) {
      for (int w = 0; w < kWarps; ++w) counters[w * kDigits + rank] += start;
      shift[rank] = offsets(rank * t.count + tile) - start;
    }
    team.team_barrier();
  }

  // The values to their keys' places: staged and stored as the keys were
  // where they fit the staging area, else from their keys' places.
  __device__ void move_values(const Member<Kokkos::Cuda>& team, char* stage,
                              const std::uint8_t* staged_digit, const std::int64_t* shift,
                              const K (&key)[kItems], const std::int32_t (&place)[kItems],
                              std::int64_t first, std::int64_t end, int count) const {
    const int rank = team.team_rank(), lane = rank % kWarp;
    if constexpr (kStageValues) {
      team.team_barrier();  // the keys stored before the values overwrite them
      V* staged_value = reinterpret_cast<V*>(stage);
      for (int r = 0; r < kItems; ++r) {
        const std::int64_t i = first + r * kWarp + lane;
        if (i < end) staged_value[place[r]] = values.in(i);
      }
      team.team_barrier();
      for (int s = rank; s < count; s += kTeam) {
        values.out(shift[staged_digit[s]] + s) = staged_value[s];
      }
    } else {
      for (int r = 0; r < kItems; ++r) {
        const std::int64_t i = first + r * kWarp + lane;
        if (i < end) values.out(shift[digit(key[r])] + place[r]) = values.in(i);
      }
    }
  }
#endif
};

template <>
struct PassScatter<Kokkos::Cuda> {
  template <class K, class V>
  static void run(const Kokkos::Cuda& space, const View<const K*, Kokkos::Cuda>& in,
                  const View<K*, Kokkos::Cuda>& out, const Payload<V, Kokkos::Cuda>& values,
                  const Tiles& tiles, const Digit digit,
                  const View<const std::int64_t*, Kokkos::Cuda>& offsets) {
    using Scatter = CudaScatter<K, V>;
    Kokkos::parallel_for("kp::sort scatter",
                         Kokkos::TeamPolicy<Kokkos::Cuda, Kokkos::LaunchBounds<Scatter::kTeam, 1>>(
                             space, static_cast<int>(tiles.count), Scatter::kTeam)
                             .set_scratch_size(0, Kokkos::PerTeam(Scatter::kScratch)),
                         Scatter{in, out, values, tiles, digit, offsets});
  }
};

}  // namespace kp::impl::sort
