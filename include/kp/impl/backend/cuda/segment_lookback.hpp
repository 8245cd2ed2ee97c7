#pragma once
// The single-pass segmented scan's team on CUDA (agent/segment_lookback.hpp):
// the tile in registers. Warp w's run of 32 x items values is loaded
// warp-striped (coalesced) and passes through the exchange, so that each
// thread holds `items` consecutive values; the heads are bits. Each thread
// folds its values after its last head, block_exclusive_scan gives its
// prefix in the tile, warp 0 looks back, and each thread scans its values
// from its prefix and hands them back through the exchange to striped
// stores. Four barriers: two for the heads, one for the warps' totals, one
// for the tile prefix. Whole tiles of kItems a thread run without a bound a
// value.
#if defined(KOKKOS_ENABLE_CUDA) && defined(__CUDACC__)
#include <Kokkos_Core.hpp>
#include <cstddef>
#include <cstdint>

#include <kp/impl/agent/segment_lookback.hpp>
#include <kp/impl/backend/cuda/lookback.hpp>
#include <kp/impl/block/block_scan.hpp>

namespace kp::impl {

// The warp-striped tile load: the warp's value j of this lane is
// in[first + j x 32], `first` the lane's value in the warp's run
// (`striped(j)`: whether the thread holds that value).
template <int kItems, class T, class Striped>
__device__ __forceinline__ void segment_load_striped(T (&x)[kItems], const T* in,
                                                     std::int64_t first, const Striped& striped) {
#pragma unroll
  for (int j = 0; j < kItems; ++j) x[j] = striped(j) ? in[first + j * kWarp] : T{};
}

// The thread's place in a tile in registers.
template <bool kWhole, int kItems>
struct SegmentRegisterLanes {
  int items, rank, size, lane;
  int run;   // the warp's first value in the tile
  int mine;  // the thread's first consecutive value
  int count;
  __device__ bool held(int j) const { return kWhole || j < items; }
  __device__ bool striped(int j) const {
    return held(j) && (kWhole || run + j * kWarp + lane < count);
  }
};

template <class T, class Offsets, class Op>
struct SegmentLookbackScan<Kokkos::Cuda, T, Offsets, Op>
    : SegmentLookbackTiles<Kokkos::Cuda, T, Offsets, Op> {
  using Base = SegmentLookbackTiles<Kokkos::Cuda, T, Offsets, Op>;
  using typename Base::Member;
  using typename Base::Part;
  static constexpr int kItems = Base::kItems;
  static constexpr bool kInRegisters = true;
  static_assert(kItems <= kWarp, "a thread's head bits span at most two words");

  // The warps' totals and the tile prefix; the values' exchange (a slot of
  // padding every 32 values); a head bit a value, and a word more (a thread
  // reads two words from its first value's).
  static std::size_t scratch(const TilePlan& plan) {
    return partial_bytes(plan) + Base::rounded(sizeof(int)) + exchange_bytes(plan) +
           head_bits(plan);
  }
  KOKKOS_INLINE_FUNCTION static std::size_t partial_bytes(const TilePlan& plan) {
    return Base::rounded(sizeof(Part) * (plan.team / kWarp + 1));
  }
  KOKKOS_INLINE_FUNCTION static std::size_t exchange_bytes(const TilePlan& plan) {
    return Base::rounded(sizeof(T) * (padded_index(plan.tile) + 1));
  }
  KOKKOS_INLINE_FUNCTION static std::size_t head_bits(const TilePlan& plan) {
    return Base::rounded(sizeof(std::uint32_t) * (plan.tile / kWarp + 2));
  }

  // The tile's team scratch.
  struct Scratch {
    Part* partial;
    int* prefix_any;
    T* exchange;
    std::uint32_t* bits;
  };

  KOKKOS_INLINE_FUNCTION void operator()(const Member& team) const {
    const std::int32_t tile = this->tiles.take_ticket(team);
#if defined(__CUDA_ARCH__)
    int count;
    const std::int64_t begin = this->tile_values(tile, count);
    if (count == this->tiles.plan.tile && this->tiles.plan.items == kItems) {
      tile_in_registers<true>(team, tile, begin, count);
    } else {
      tile_in_registers<false>(team, tile, begin, count);
    }
#endif
  }

#if defined(__CUDA_ARCH__)
  template <bool kWhole>
  __device__ void tile_in_registers(const Member& team, std::int32_t tile, std::int64_t begin,
                                    int count) const {
    const TilePlan& plan = this->tiles.plan;
    const int items = kWhole ? kItems : plan.items;
    const int rank = team.team_rank(), size = team.team_size(), lane = rank % kWarp;
    const auto& scratch = team.team_scratch(0);
    Scratch s;
    s.partial = static_cast<Part*>(scratch.get_shmem(partial_bytes(plan)));
    s.prefix_any = static_cast<int*>(scratch.get_shmem(Base::rounded(sizeof(int))));
    s.exchange = static_cast<T*>(scratch.get_shmem(exchange_bytes(plan)));
    s.bits = static_cast<std::uint32_t*>(scratch.get_shmem(head_bits(plan)));
    // The warp's value j of this lane is the tile's run + j x 32 + lane;
    // the thread's consecutive values start at `mine`.
    const int run = rank / kWarp * kWarp * items, mine = rank * items;
    const SegmentRegisterLanes<kWhole, kItems> t{items, rank, size, lane, run, mine, count};
    T* const lane_slots = s.exchange + padded_index(run) + lane;  // value j at j x 33
    // The warp's values, and the tile's first offsets entry, loaded before
    // the head bits are cleared.
    T x[kItems];
    segment_load_striped(x, this->in, begin + run + lane, [&](int j) { return t.striped(j); });
    std::int64_t first, last;
    const std::int64_t at = this->tile_heads(tile, rank, first, last);
    std::int64_t lo, hi;
    this->in_segments(begin, lo, hi);
    for (int w = rank; w < plan.tile / kWarp + 2; w += size) s.bits[w] = 0;
    team.team_barrier();
    this->mark_heads(team, first, last, at, begin, count,
                     [&](int i) { atomicOr(&s.bits[i / kWarp], 1u << (i % kWarp)); });
    // Through the exchange: the thread's consecutive values.
#pragma unroll
    for (int j = 0; j < kItems; ++j) {
      if (t.held(j)) lane_slots[j * (kWarp + 1)] = x[j];
    }
    __syncwarp();
#pragma unroll
    for (int j = 0; j < kItems; ++j) {
      if (t.held(j)) x[j] = s.exchange[padded_index(mine + j)];
    }
    team.team_barrier();
    const auto heads = static_cast<std::uint32_t>(
        (static_cast<std::uint64_t>(s.bits[mine / kWarp + 1]) << kWarp | s.bits[mine / kWarp]) >>
        (mine % kWarp));
    const Running<Part> start = tile_start(team, t, s, tile, heads, x);
    scan_and_store([&](int j) { return t.held(j); }, [&](int j) { return t.striped(j); }, count,
                   mine, run, lane, s.exchange, lane_slots, heads, start, begin, x, lo, hi);
  }

  // The thread's prefix from the start of its segment: its part (its
  // values from its last head on, and whether it holds a head) scanned
  // across the team, after the tile's look-back.
  template <class Lanes>
  __device__ __forceinline__ Running<Part> tile_start(const Member& team, const Lanes& t,
                                                      const Scratch& s, std::int32_t tile,
                                                      std::uint32_t heads, T (&x)[kItems]) const {
    const auto head = [&](int j) { return (heads >> j & 1) != 0; };
    const Op& op = this->tiles.op.op;
    if (this->init.any) {  // a segment's first value enters after init
#pragma unroll
      for (int j = 0; j < kItems; ++j) {
        if (t.held(j) && head(j)) x[j] = op(this->init.value, x[j]);
      }
    }
    T fold = x[0];
#pragma unroll
    for (int j = 1; j < kItems; ++j) {
      if (t.held(j)) fold = head(j) ? x[j] : op(fold, x[j]);
    }
    const std::uint32_t own = t.items == kWarp ? ~0u : (1u << t.items) - 1;
    Part tile_sum{};
    const Part before =
        block_exclusive_scan(team, Part{fold, (heads & own) != 0}, s.partial,
                             (t.count + t.items - 1) / t.items, this->tiles.op, tile_sum);
    if (t.rank < kWarp) {
      const Running<Part> prefix =
          LookbackTeam<Kokkos::Cuda>::warp_look_back(this->tiles, tile, tile_sum);
      if (t.rank == 0) {
        s.partial[t.size / kWarp] = prefix.value;
        *s.prefix_any = prefix.any;
      }
    }
    team.team_barrier();
    Running<Part> start{s.partial[t.size / kWarp], *s.prefix_any != 0};
    if (t.rank > 0) push(this->tiles.op, start, before);
    return start;
  }

  // The thread's scan from `start`, into the exchange, and the warp's
  // striped stores of the values that lie in segments. held(j) and
  // striped(j) are SegmentRegisterLanes'; its places come as values, with
  // which the kernel compiles to the size of tile_in_registers unsplit.
  template <class Held, class Striped>
  __device__ __forceinline__ void scan_and_store(const Held& held, const Striped& striped,
                                                 int count, int mine, int run, int lane,
                                                 T* exchange, const T* lane_slots,
                                                 std::uint32_t heads, const Running<Part>& start,
                                                 std::int64_t begin, const T (&x)[kItems],
                                                 std::int64_t lo, std::int64_t hi) const {
    const auto head = [&](int j) { return (heads >> j & 1) != 0; };
    const Op& op = this->tiles.op.op;
    bool any = start.any;
    T value = start.value.value;
#pragma unroll
    for (int j = 0; j < kItems; ++j) {
      if (!held(j)) continue;
      const T exclusive = head(j) ? this->init.value : value;
      value = head(j) || !any ? x[j] : op(value, x[j]);
      any = true;
      exchange[padded_index(mine + j)] = this->tiles.inclusive ? value : exclusive;
    }
    __syncwarp();
    const bool inside = lo <= 0 && hi >= count;  // every value in a segment
#pragma unroll
    for (int j = 0; j < kItems; ++j) {
      const int i = run + lane + j * kWarp;
      if (striped(j) && (inside || (i >= lo && i < hi))) {
        this->out[begin + i] = lane_slots[j * (kWarp + 1)];
      }
    }
  }
#endif
};

}  // namespace kp::impl
#endif
