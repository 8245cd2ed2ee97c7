#pragma once
// CUDA form of the radix sort's scatter (agent/radix_sort.hpp): a tile of
// 8 warps x 16 rounds x 32 keys; a key's place among its tile's keys of its
// digit comes from the warp's match of equal digits (__match_any_sync) and
// counters a warp in shared memory, so a round's keys of one digit go to
// consecutive places.
#include <Kokkos_Core.hpp>
#include <cstdint>

#include <kp/impl/agent/radix_sort.hpp>
#include <kp/impl/tuning/sort.hpp>

namespace kp::impl::sort {

// CUDA: the warp-ranked scatter of a tile of 8 warps x 16 rounds x 32 keys.
template <class K, class V>
struct CudaScatter {
  using Policy = tuning::Tuned<SortTuning, Kokkos::Cuda>;
  static constexpr int kTeam = Policy::team, kItems = Policy::items;
  static constexpr int kWarp = 32, kWarps = kTeam / kWarp;
  // Each warp's counter of each digit, then where its keys of that digit go.
  static constexpr std::size_t kScratch = sizeof(std::int64_t) * kWarps * kDigits;
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
    std::int64_t* place = static_cast<std::int64_t*>(team.team_scratch(0).get_shmem(bytes));
    const int rank = team.team_rank(), lane = rank % kWarp, warp = rank / kWarp;
    const std::int64_t tile = team.league_rank();
    for (int i = rank; i < kWarps * kDigits; i += kTeam) place[i] = 0;
    team.team_barrier();
    std::int64_t* counter = place + warp * kDigits;
    const std::int64_t first = t.begin(tile) + warp * (kWarp * kItems);
    const std::int64_t end = t.end(tile);
    const unsigned below = (1u << lane) - 1u;
    K key[kItems];
    std::uint32_t d[kItems];
    std::int64_t within[kItems];  // place among the warp's keys of its digit
    for (int r = 0; r < kItems; ++r) {
      const std::int64_t i = first + r * kWarp + lane;
      const bool valid = i < end;
      if (valid) key[r] = in(i);
      d[r] = valid ? digit(key[r]) : std::uint32_t(kDigits);  // kDigits: no key
      const unsigned peers = __match_any_sync(0xffffffffu, d[r]);
      const std::int64_t before = valid ? counter[d[r]] : 0;
      __syncwarp();
      if (valid && lane == __ffs(peers) - 1) counter[d[r]] = before + __popc(peers);
      __syncwarp();
      within[r] = before + __popc(peers & below);
    }
    team.team_barrier();
    // Where each warp's keys of each digit start: the tile's place for the
    // digit, after the lower warps' keys of that digit.
    for (int value = rank; value < kDigits; value += kTeam) {
      std::int64_t at = offsets(value * t.count + tile);
      for (int w = 0; w < kWarps; ++w) {
        const std::int64_t here = place[w * kDigits + value];
        place[w * kDigits + value] = at;
        at += here;
      }
    }
    team.team_barrier();
    for (int r = 0; r < kItems; ++r) {
      if (d[r] == std::uint32_t(kDigits)) continue;
      const std::int64_t to = counter[d[r]] + within[r];
      out(to) = key[r];
      if (values.moves) values.out(to) = values.in(first + r * kWarp + lane);
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
