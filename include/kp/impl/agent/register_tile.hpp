#pragma once
// The CUDA tile of the decoupled-lookback scan that lives in registers and
// warp shuffles (warp/scan.hpp) instead of team scratch:
//  - RegisterTile: a tile of kTeam threads x kPacks 16-byte packs, in one of
//    two arrangements (ScanTuning's blocked<T>, tuning/scan.hpp):
//    - striped: thread t holds packs t, t + kTeam, ... (each warp load
//      instruction reads 512 consecutive bytes), so the tile is kPacks
//      segments of kTeam packs. The team scans all segments at once: each
//      thread sums its packs, a warp scan per segment, the warp totals meet
//      in a 8 x kPacks scratch array (one barrier) and every thread folds
//      them in order.
//    - blocked: warp w holds the tile's w-th run of 32 x kPacks packs, lane
//      l its l-th kPacks consecutive ones. Loads and stores stay striped
//      (coalesced) and pass through a per-warp exchange in team scratch;
//      each thread folds its packs in order, one warp scan, and the 8 warp
//      totals meet in scratch (one barrier). Staged (ScanTuning's staged), the
//      loads copy into the exchange (cp.async) and the packs are read from
//      it as they are folded and scanned: no register holds them in flight.
#include <Kokkos_Core.hpp>
#include <cstdint>

#include <kp/impl/agent/vector_reduce.hpp>
#include <kp/impl/backend/cuda/async_copy.hpp>
#include <kp/impl/thread/scan_op.hpp>
#include <kp/impl/tuning/scan.hpp>
#include <kp/impl/warp/load.hpp>
#include <kp/impl/warp/scan.hpp>

namespace kp::impl {

// The GPU's ScanTuning (tuning/scan.hpp): `team` threads a tile, packs<T>
// packs a thread.
inline constexpr int kRegisterWarps = GpuScanTuning::team / kWarp;

template <class T>
inline constexpr int kRegisterItems = GpuScanTuning::packs<T>* Pack<T>::width;

// Scratch for the warp totals of every segment, and the tile prefix with
// its "empty" flag (a slot of its own).
template <class T>
KOKKOS_INLINE_FUNCTION constexpr std::size_t register_tile_totals_bytes() {
  return (sizeof(T) * (kRegisterWarps * GpuScanTuning::packs<T> + 2) + 7) / 8 * 8;
}

// Packs of a warp's exchange in the blocked arrangement: its 32 x kPacks
// packs, pack q at q + q / kPacks. The padding puts the 8 lanes that share
// a 16-byte access phase on 8 different bank groups when they read their
// own consecutive packs (kPacks + 1 is odd).
template <class T>
inline constexpr int kExchangePacks = kWarp*(GpuScanTuning::packs<T> + 1);

// All of the tile's scratch: the totals, then (blocked) the warps' exchanges,
// with room to align them to a pack.
template <class T>
KOKKOS_INLINE_FUNCTION constexpr std::size_t register_tile_scratch_bytes() {
  return register_tile_totals_bytes<T>() +
         (GpuScanTuning::blocked<T> ? kPackBytes + kRegisterWarps * kExchangePacks<T> * kPackBytes
                                    : 0);
}

#if defined(KOKKOS_ENABLE_CUDA) && defined(__CUDA_ARCH__)
template <class T, class Op = ScanSum<T>, class Load = Identity>
struct RegisterTile {
  using Pack = Pack<T>;
  static constexpr int W = Pack::width;
  static constexpr int kTeam = GpuScanTuning::team;
  static constexpr int kPacks = GpuScanTuning::packs<T>;
  static constexpr bool kBlocked = GpuScanTuning::blocked<T>;
  // Blocked tiles copied into the exchange and scanned there.
  static constexpr bool kStaged = kBlocked && GpuScanTuning::staged;
  static constexpr int kTileValues = kTeam * kRegisterItems<T>;

  Pack packs[kPacks];
  // Striped: the tile before each of this thread's packs; blocked: only
  // prefix[0], the tile before the thread's first pack. Thread 0's first:
  // none.
  T prefix[kPacks];
  T total;  // the whole tile's
  Op op;
  Load loader;
  Pack* exchange;  // blocked: this warp's kExchangePacks<T> packs of scratch

  // `scratch`: register_tile_scratch_bytes<T>() of team scratch.
  __device__ RegisterTile(const Op& op_, const Load& loader_, char* scratch, int rank)
      : op(op_), loader(loader_), exchange(nullptr) {
    if constexpr (kBlocked) {
      const auto at = reinterpret_cast<std::uintptr_t>(scratch + register_tile_totals_bytes<T>());
      exchange = reinterpret_cast<Pack*>((at + kPackBytes - 1) / kPackBytes * kPackBytes) +
                 rank / kWarp * kExchangePacks<T>;
    }
  }

  // The tile's pack index of this thread's pack k.
  __device__ static int pack_index(int k, int rank) {
    if constexpr (kBlocked) {
      return rank * kPacks + k;
    } else {
      return k * kTeam + rank;
    }
  }

  // Blocked: the exchange slot of the warp's pack q.
  __device__ static int slot(int q) { return q + q / kPacks; }

  // This thread's pack k: staged, its slot of the exchange; else its register.
  __device__ Pack& staged(int k, int lane) const { return exchange[slot(lane * kPacks + k)]; }
  __device__ Pack held(int k, int lane) const {
    if constexpr (kStaged) {
      return staged(k, lane);
    } else {
      (void)lane;
      return packs[k];
    }
  }

  // `count` values at `in` (16-byte aligned), each through `loader`; past
  // the end zeros for the sum, else the first value (their results are
  // never stored and come after every stored one).
  __device__ void load(const T* in, int count, int rank) {
    if (count == kTileValues) {
      const Pack* source = reinterpret_cast<const Pack*>(in);
      if constexpr (kStaged) {
        // Warp-striped copies (lane l the warp's packs l, l + 32, ...)
        // straight into the exchange, no register holding them in flight.
        const int lane = rank % kWarp;
        source += rank / kWarp * kWarp * kPacks;
        for (int k = 0; k < kPacks; ++k) {
          copy_async<kPackBytes>(&exchange[slot(k * kWarp + lane)], source + k * kWarp + lane);
        }
        wait_async_copies();
        __syncwarp();
        if constexpr (!std::is_same_v<Load, Identity>) {
          for (int k = 0; k < kPacks; ++k) {
            Pack& pack = staged(k, lane);
            for (int j = 0; j < W; ++j) pack.lane[j] = static_cast<T>(loader(pack.lane[j]));
          }
        }
        return;
      } else if constexpr (kBlocked) {
        // Warp-striped loads (lane l reads the warp's packs l, l + 32, ...),
        // then each lane takes its consecutive packs from the exchange.
        const int lane = rank % kWarp;
        source += rank / kWarp * kWarp * kPacks;
        load_striped(source, lane, packs);
        for (int k = 0; k < kPacks; ++k) exchange[slot(k * kWarp + lane)] = packs[k];
        __syncwarp();
        for (int k = 0; k < kPacks; ++k) packs[k] = exchange[slot(lane * kPacks + k)];
      } else {
        for (int k = 0; k < kPacks; ++k) packs[k] = source[k * kTeam + rank];
      }
      if constexpr (!std::is_same_v<Load, Identity>) {
        for (int k = 0; k < kPacks; ++k) {
          for (int j = 0; j < W; ++j) packs[k].lane[j] = static_cast<T>(loader(packs[k].lane[j]));
        }
      }
      return;
    }
    const T fill = is_scan_sum<Op> ? T(0) : static_cast<T>(loader(in[0]));
    for (int k = 0; k < kPacks; ++k) {
      const int first = pack_index(k, rank) * W;
      for (int j = 0; j < W; ++j) {
        packs[k].lane[j] = first + j < count ? static_cast<T>(loader(in[first + j])) : fill;
      }
      if constexpr (kStaged) staged(k, rank % kWarp) = packs[k];  // read by this thread alone
    }
  }

  // Fills prefix[] relative to the tile start, and total. `shared` holds
  // register_tile_totals_bytes<T>(); ends without a barrier after reading it.
  template <class Member>
  __device__ void scan(const Member& team, T* shared, int rank) {
    if constexpr (kBlocked) {
      scan_blocked(team, shared, rank);
    } else {
      scan_striped(team, shared, rank);
    }
  }

  // One run of consecutive packs a thread, one warp scan.
  template <class Member>
  __device__ void scan_blocked(const Member& team, T* shared, int rank) {
    const int lane = rank % kWarp, warp = rank / kWarp;
    T sum{};
    for (int k = 0; k < kPacks; ++k) {
      const Pack pack = held(k, lane);
      for (int j = 0; j < W; ++j) sum = k == 0 && j == 0 ? pack.lane[0] : op(sum, pack.lane[j]);
    }
    const T inclusive = warp_inclusive_scan(sum, lane, op);
    const T exclusive = shuffle_up(inclusive, 1);
    prefix[0] = lane == 0 ? T{} : exclusive;
    if (lane == kWarp - 1) shared[warp] = inclusive;
    team.team_barrier();
    // The warps' runs in order, earlier on the left.
    T running = shared[0];
    for (int w = 1; w < kRegisterWarps; ++w) {
      if (w == warp) prefix[0] = lane == 0 ? running : op(running, prefix[0]);
      running = op(running, shared[w]);
    }
    total = running;
  }

  // kPacks segments, a warp scan each.
  template <class Member>
  __device__ void scan_striped(const Member& team, T* shared, int rank) {
    const int lane = rank % kWarp, warp = rank / kWarp;
    for (int k = 0; k < kPacks; ++k) {  // prefix[k]: within the warp, for now
      T sum = packs[k].lane[0];
      for (int j = 1; j < W; ++j) sum = op(sum, packs[k].lane[j]);
      const T inclusive = warp_inclusive_scan(sum, lane, op);
      const T exclusive = shuffle_up(inclusive, 1);
      prefix[k] = lane == 0 ? T{} : exclusive;
      if (lane == kWarp - 1) shared[k * kRegisterWarps + warp] = inclusive;
    }
    team.team_barrier();
    // Segments in order, warps in order within each (entry k * warps + w):
    // adjacent ranges only, earlier on the left. Nothing precedes segment 0
    // of warp 0.
    if constexpr (kPacks * kRegisterWarps == kWarp) {
      // One entry a lane: every warp scans them itself, in five steps
      // instead of a chain of 31 combines in every thread.
      const T upto = warp_inclusive_scan(shared[lane], lane, op);
      for (int k = 0; k < kPacks; ++k) {
        const int at = k * kRegisterWarps + warp;
        const T before = shuffle_from(upto, at > 0 ? at - 1 : 0);
        if (at > 0) prefix[k] = lane == 0 ? before : op(before, prefix[k]);
      }
      total = shuffle_from(upto, kWarp - 1);
    } else {
      T running = shared[0];
      for (int k = 0; k < kPacks; ++k) {
        for (int w = 0; w < kRegisterWarps; ++w) {
          if (k == 0 && w == 0) continue;
          if (w == warp) prefix[k] = lane == 0 ? running : op(running, prefix[k]);
          running = op(running, shared[k * kRegisterWarps + w]);
        }
      }
      total = running;
    }
  }

  // Writes the scan of this thread's packs, starting after `tile_prefix`
  // (empty only for an inclusive scan's first tile).
  __device__ void store(const Running<T>& tile_prefix, bool inclusive, T* out, int count,
                        int rank) const {
    const bool whole = count == kTileValues;
    const int lane = rank % kWarp;
    Running<T> running{};
    for (int k = 0; k < kPacks; ++k) {
      if (k == 0 || !kBlocked) {
        running =
            k == 0 && rank == 0 ? tile_prefix : Running<T>{tile_prefix.then(op, prefix[k]), true};
      }
      const Pack pack = held(k, lane);
      Pack result;
      for (int j = 0; j < W; ++j) {
        const T x = pack.lane[j];
        if (!inclusive) result.lane[j] = running.value;
        push(op, running, x);
        if (inclusive) result.lane[j] = running.value;
      }
      const int p = pack_index(k, rank);
      if (whole && kBlocked) {
        exchange[slot(lane * kPacks + k)] = result;
      } else if (whole) {
        reinterpret_cast<Pack*>(out)[p] = result;
      } else {
        for (int j = 0; j < W; ++j) {
          if (p * W + j < count) out[p * W + j] = result.lane[j];
        }
      }
    }
    if constexpr (kBlocked) {
      if (whole) {  // back to warp-striped, coalesced stores
        __syncwarp();
        Pack* const dest = reinterpret_cast<Pack*>(out) + rank / kWarp * kWarp * kPacks;
        for (int k = 0; k < kPacks; ++k) dest[k * kWarp + lane] = exchange[slot(k * kWarp + lane)];
      }
    }
  }
};
#endif

}  // namespace kp::impl
