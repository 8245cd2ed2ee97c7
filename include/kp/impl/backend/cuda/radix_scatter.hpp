#pragma once
// CUDA form of the radix sort's scatter (agent/radix_sort.hpp): a tile of
// 8 warps x 16 rounds x 32 keys. A key's place among its tile's keys of its
// digit comes from the warp's match of equal digits (__match_any_sync) and
// counters a warp in shared memory; the tile's keys are then staged in
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
  static_assert(kTile <= 65536, "places within a tile are 16-bit");
  static constexpr bool kStageValues = sizeof(V) <= 8;
  // Team scratch, in order: each digit's shift from a place within the tile
  // to its place in the output (int64, kDigits); the staging area, which
  // first holds each warp's counter of each digit (int32), then the tile's
  // keys, then its values, in sorted order; each staged key's digit (uint8).
  static constexpr std::size_t kShift = sizeof(std::int64_t) * kDigits;
  static constexpr std::size_t kStage =
      std::max({sizeof(std::int32_t) * kWarps * kDigits, sizeof(K) * kTile,
                kStageValues ? sizeof(V) * kTile : std::size_t{0}});
  static constexpr std::size_t kScratch = kShift + (kStage + 7) / 8 * 8 + kTile;

  View<const K*, Kokkos::Cuda> in;
  View<K*, Kokkos::Cuda> out;
  Payload<V, Kokkos::Cuda> values;
  Tiles t;
  Digit digit;
  View<const std::int64_t*, Kokkos::Cuda> offsets;

  KOKKOS_INLINE_FUNCTION void operator()(const Member<Kokkos::Cuda>& team) const {
    (void)team;
#if defined(__CUDA_ARCH__)
    const std::size_t bytes = kScratch;  // get_shmem takes a reference: a copy for device code
    char* shared = static_cast<char*>(team.team_scratch(0).get_shmem(bytes));
    std::int64_t* shift = reinterpret_cast<std::int64_t*>(shared);
    char* stage = shared + kShift;
    std::uint8_t* staged_digit = reinterpret_cast<std::uint8_t*>(stage + (kStage + 7) / 8 * 8);
    std::int32_t* counters = reinterpret_cast<std::int32_t*>(stage);

    const int rank = team.team_rank(), lane = rank % kWarp, warp = rank / kWarp;
    const std::int64_t tile = team.league_rank();
    const std::int64_t begin = t.begin(tile), end = t.end(tile);
    for (int i = rank; i < kWarps * kDigits; i += kTeam) counters[i] = 0;
    team.team_barrier();

    // Each key's rank among its warp's earlier keys of its digit.
    std::int32_t* counter = counters + warp * kDigits;
    const std::int64_t first = begin + warp * (kWarp * kItems);
    const unsigned below = (1u << lane) - 1u;
    K key[kItems];
    std::uint32_t d[kItems];
    std::int32_t place[kItems];
    for (int r = 0; r < kItems; ++r) {
      const std::int64_t i = first + r * kWarp + lane;
      const bool valid = i < end;
      if (valid) key[r] = in(i);
      d[r] = valid ? digit(key[r]) : std::uint32_t(kDigits);  // kDigits: no key
      const unsigned peers = __match_any_sync(0xffffffffu, d[r]);
      const std::int32_t before = valid ? counter[d[r]] : 0;
      __syncwarp();
      if (valid && lane == __ffs(peers) - 1) counter[d[r]] = before + __popc(peers);
      __syncwarp();
      place[r] = before + __popc(peers & below);
    }
    team.team_barrier();

    // Digit-major places within the tile: digit d's keys start after the
    // lower digits' keys, warp w's after the lower warps' of that digit.
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
    for (int r = 0; r < kItems; ++r) {
      if (d[r] != std::uint32_t(kDigits)) place[r] += counter[d[r]];
    }
    team.team_barrier();  // the counters read before the keys overwrite them

    const int count = static_cast<int>(end - begin);
    K* staged_key = reinterpret_cast<K*>(stage);
    for (int r = 0; r < kItems; ++r) {
      if (d[r] == std::uint32_t(kDigits)) continue;
      staged_key[place[r]] = key[r];
      staged_digit[place[r]] = static_cast<std::uint8_t>(d[r]);
    }
    team.team_barrier();
    for (int s = rank; s < count; s += kTeam) out(shift[staged_digit[s]] + s) = staged_key[s];
    if (!values.moves) return;

    if constexpr (kStageValues) {
      team.team_barrier();  // the keys stored before the values overwrite them
      V* staged_value = reinterpret_cast<V*>(stage);
      for (int r = 0; r < kItems; ++r) {
        if (d[r] != std::uint32_t(kDigits))
          staged_value[place[r]] = values.in(first + r * kWarp + lane);
      }
      team.team_barrier();
      for (int s = rank; s < count; s += kTeam) {
        values.out(shift[staged_digit[s]] + s) = staged_value[s];
      }
    } else {
      for (int r = 0; r < kItems; ++r) {
        if (d[r] == std::uint32_t(kDigits)) continue;
        values.out(shift[d[r]] + place[r]) = values.in(first + r * kWarp + lane);
      }
    }
#endif
  }
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
