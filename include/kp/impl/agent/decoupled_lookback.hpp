#pragma once
// decoupled-lookback: a single-pass chained scan (Merrill & Garland 2016).
// Each team takes the next tile id from an atomic counter, sums its tile,
// publishes (AGGREGATE, tile sum), then walks back over its predecessors'
// published values, adding aggregates until it meets an INCLUSIVE prefix,
// publishes (INCLUSIVE, prefix + tile sum) and scans its tile from that
// prefix. The tile stays on chip meanwhile (CUDA: in registers, as 16-byte
// packs, see register_tile.hpp; other teams of several threads: in team
// scratch; host teams of one thread: in L2): the input is read once and the
// output written once (2N elements of traffic instead of 3N).
//
// On CUDA a whole warp looks back, 32 predecessors at a time, instead of one
// thread walking them one by one (warp_look_back).
//
// Forward progress: tile ids come from the counter, not from league_rank, so
// every tile a team waits for was claimed earlier by a team that is already
// running: a resident CUDA block, an OpenMP thread, or (Serial) a finished
// tile. No assumption is made about the order in which a backend schedules
// teams.
#include <Kokkos_Core.hpp>
#include <cstdint>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <thread>
#include <type_traits>

#include <kp/impl/agent/host_scan.hpp>
#include <kp/impl/agent/register_tile.hpp>
#include <kp/impl/agent/tile_plan.hpp>
#include <kp/impl/block/block_scan.hpp>
#include <kp/impl/core/common.hpp>
#include <kp/impl/thread/scan_op.hpp>
#include <kp/impl/tuning/scan.hpp>

namespace kp::impl {

enum TileFlag : std::uint32_t { kNotReady = 0, kAggregate = 1, kInclusive = 2 };

// Flags are stored tagged with the run's epoch (epoch << 2 | flag), so a flag
// left by an earlier run reads as NOT_READY: no clearing launch per run.
// Epochs start at 1 (freshly zeroed status) and restart after kEpochs runs.
inline constexpr std::uint32_t kEpochs = 1u << 30;
KOKKOS_INLINE_FUNCTION constexpr std::uint32_t tag_flag(std::uint32_t epoch, TileFlag flag) {
  return epoch << 2 | flag;
}
KOKKOS_INLINE_FUNCTION constexpr TileFlag untag_flag(std::uint32_t epoch, std::uint32_t tagged) {
  return tagged >> 2 == epoch ? static_cast<TileFlag>(tagged & 3u) : kNotReady;
}

// 32-bit values: flag and value packed in one 64-bit word, written with one
// atomic exchange and read with one (volatile, uncached) 64-bit load, so a
// reader never sees a flag without its value.
template <class Space, class T>
struct PackedTileStatus {
  static_assert(sizeof(T) == 4);
  View<std::uint64_t*, Space> words;
  std::uint32_t epoch = 1;

  explicit PackedTileStatus(std::int64_t tiles) : words("scan tile status", tiles) {}
  void reset(const Space& space) const { Kokkos::deep_copy(space, words, std::uint64_t{0}); }

  KOKKOS_INLINE_FUNCTION void publish(std::int64_t tile, TileFlag flag, const T& value) const {
    std::uint32_t bits;
    memcpy(&bits, &value, sizeof bits);
    Kokkos::atomic_exchange(&words(tile), std::uint64_t{tag_flag(epoch, flag)} << 32 | bits);
  }
  KOKKOS_INLINE_FUNCTION TileFlag read(std::int64_t tile, T& value) const {
    const volatile std::uint64_t* word = &words(tile);
    const std::uint64_t snapshot = *word;
    const auto bits = static_cast<std::uint32_t>(snapshot);
    memcpy(&value, &bits, sizeof bits);
    return untag_flag(epoch, static_cast<std::uint32_t>(snapshot >> 32));
  }
};

// Other sizes, and host spaces' 8- and 16-byte values: a flag word, and one
// slot per flag for the value. The writer stores the value, fences, then
// sets the flag; the reader loads the flag, fences, then the slot the flag
// names. Each slot is written once per run, so a flag always finds its
// value. Arithmetic values move in one volatile access, others word by word
// (bytes where the size is not a multiple of 4).
template <class Space, class T>
struct FlaggedTileStatus {
  View<std::uint32_t*, Space> flags;
  View<T*, Space> aggregates, inclusives;
  std::uint32_t epoch = 1;

  explicit FlaggedTileStatus(std::int64_t tiles)
      : flags("scan tile flags", tiles),
        aggregates("scan tile aggregates", tiles),
        inclusives("scan tile prefixes", tiles) {}
  void reset(const Space& space) const { Kokkos::deep_copy(space, flags, std::uint32_t{0}); }

  KOKKOS_INLINE_FUNCTION void publish(std::int64_t tile, TileFlag flag, const T& value) const {
    store(flag == kAggregate ? &aggregates(tile) : &inclusives(tile), value);
    Kokkos::memory_fence();
    Kokkos::atomic_exchange(&flags(tile), tag_flag(epoch, flag));
  }
  KOKKOS_INLINE_FUNCTION TileFlag read(std::int64_t tile, T& value) const {
    const volatile std::uint32_t* flag_word = &flags(tile);
    const TileFlag flag = untag_flag(epoch, *flag_word);
    if (flag == kNotReady) return flag;
    Kokkos::memory_fence();
    load(flag == kAggregate ? &aggregates(tile) : &inclusives(tile), value);
    return flag;
  }

 private:
  // Slots are read and written through volatile accesses, word by word for
  // a struct; memcpy between a value and its words, so that no T is
  // accessed through another type.
  using Word = std::conditional_t<sizeof(T) % 4 == 0, std::uint32_t, unsigned char>;
  static constexpr int kWords = sizeof(T) / sizeof(Word);

  KOKKOS_INLINE_FUNCTION static void store(T* slot, const T& value) {
    if constexpr (std::is_arithmetic_v<T>) {
      *static_cast<volatile T*>(slot) = value;
    } else {
      Word words[kWords];
      memcpy(words, static_cast<const void*>(&value), sizeof(T));
      volatile Word* out = reinterpret_cast<volatile Word*>(slot);
      for (int k = 0; k < kWords; ++k) out[k] = words[k];
    }
  }
  KOKKOS_INLINE_FUNCTION static void load(const T* slot, T& value) {
    if constexpr (std::is_arithmetic_v<T>) {
      value = *static_cast<const volatile T*>(slot);
    } else {
      Word words[kWords];
      const volatile Word* in = reinterpret_cast<const volatile Word*>(slot);
      for (int k = 0; k < kWords; ++k) words[k] = in[k];
      memcpy(static_cast<void*>(&value), words, sizeof(T));
    }
  }
};

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

template <class Space, class T>
using TileStatus = std::conditional_t<
    sizeof(T) == 4, PackedTileStatus<Space, T>,
    std::conditional_t<is_cuda_space<Space>() && (sizeof(T) == 8 || sizeof(T) == 16),
                       WordTileStatus<Space, T>, FlaggedTileStatus<Space, T>>>;

// CUDA: the tile in registers as 16-byte packs and shuffled between lanes as
// 32-bit words needs a size of 4, 8 or 16 bytes; the warp's look-back only
// 32-bit words.
template <class T>
inline constexpr bool kRegisterValue = sizeof(T) % 4 == 0 && 16 % sizeof(T) == 0;
template <class T>
inline constexpr bool kShuffleValue = sizeof(T) % 4 == 0;

// The scan by `op` (scan_op.hpp) of load(in[i]) into out. An inclusive scan
// without initial value (has_init false) starts tile 0 at its first element.
template <class Space, class T, class Op = ScanSum<T>, class In = T, class Load = Identity>
struct ChainedScanTiles {
  using Member = typename Kokkos::TeamPolicy<Space>::member_type;
  View<const In*, Space> in;
  View<T*, Space> out;
  TileStatus<Space, T> status;
  View<std::int32_t, Space> next_tile;
  TilePlan plan;
  bool inclusive;
  T init;         // what precedes tile 0, if has_init
  bool has_init;  // always for exclusive scans and sums (0)

  bool in_registers;  // CUDA: RegisterTile instead of the scratch-staged TileScan
  bool stream;        // host: non-temporal stores (host_scan_streams)
  Op op;
  Load load;

  // A class-scope constant: nvcc does not let device code call the
  // constexpr host function is_gpu_space itself.
  static constexpr bool kHost = !is_gpu_space<Space>();

  // This team's tile, from the counter, in every thread.
  KOKKOS_INLINE_FUNCTION std::int32_t take_ticket(const Member& team) const {
    std::int32_t tile = 0;
    if (team.team_rank() == 0) {
      tile = Kokkos::atomic_fetch_add(&next_tile(), 1);
      // The last ticket: every team has taken its own, so the counter can
      // be rewound for the next run (launches on a space are ordered).
      if (tile == plan.tiles - 1) next_tile() = 0;
    }
    team.team_broadcast(tile, 0);
    return tile;
  }

  KOKKOS_INLINE_FUNCTION void operator()(const Member& team) const {
    const std::int32_t tile = take_ticket(team);
#if defined(KOKKOS_ENABLE_CUDA) && defined(__CUDA_ARCH__)
    if constexpr (std::is_same_v<Space, Kokkos::Cuda> && std::is_same_v<In, T> &&
                  kRegisterValue<T>) {
      if (in_registers) {
        scan_in_registers(team, tile);
        return;
      }
    }
#endif
    if constexpr (kHost) {
      if (team.team_size() == 1) {
        scan_on_host(tile);
        return;
      }
    }
    const auto scan = tile_scan<T>(team, plan, tile, in.data(), in.extent(0), op, load);
    T tile_sum{};
    const T thread_prefix = scan.exclusive_prefix(scan.load(), tile_sum);
    const Running<T> tile_prefix = team_look_back(team, scan, tile, tile_sum);
    scan.scan_and_store(scan.start(tile_prefix, thread_prefix), inclusive,
                        out.data() + plan.begin(tile));
  }

  // What precedes `tile`, for a team of several threads whose tile
  // combines to tile_sum, in every thread: a warp looks back on CUDA, rank
  // 0 elsewhere. `scan`: the team's TileScan (its scratch broadcasts).
  template <class Scan>
  KOKKOS_INLINE_FUNCTION Running<T> team_look_back(const Member& team, const Scan& scan,
                                                   std::int32_t tile, const T& tile_sum) const {
    Running<T> tile_prefix{};
#if defined(KOKKOS_ENABLE_CUDA) && defined(__CUDA_ARCH__)
    if (kShuffleValue<T> && team.team_size() >= kWarp) {
      if constexpr (kShuffleValue<T>) {
        if (team.team_rank() < kWarp) tile_prefix = warp_look_back(tile, tile_sum);
      }
    } else
#endif
    {
      if (team.team_rank() == 0) tile_prefix = look_back(tile, tile_sum);
    }
    return scan.broadcast(tile_prefix);
  }

#if defined(KOKKOS_ENABLE_CUDA) && defined(__CUDA_ARCH__)
  // The tile in registers (register_tile.hpp): two barriers in all, one for
  // the warp totals and one for the tile prefix that warp 0 looks up.
  __device__ void scan_in_registers(const Member& team, std::int32_t tile) const {
    const int rank = team.team_rank();
    const std::int64_t begin = plan.begin(tile);
    const std::int64_t left = static_cast<std::int64_t>(in.extent(0)) - begin;
    const int count = static_cast<int>(left < plan.tile ? left : plan.tile);
    char* const scratch =
        static_cast<char*>(team.team_scratch(0).get_shmem(register_tile_scratch_bytes<T>()));
    T* const shared = reinterpret_cast<T*>(scratch);
    RegisterTile<T, Op, Load> registers(op, load, scratch, rank);
    registers.load(in.data() + begin, count, rank);
    registers.scan(team, shared, rank);
    T* const tile_prefix = shared + kRegisterWarps * GpuScanTuning::packs<T>;
    bool* const tile_prefix_any = reinterpret_cast<bool*>(tile_prefix + 1);
    if (rank < kWarp) {
      const Running<T> prefix = warp_look_back(tile, registers.total);
      if (rank == 0) {
        *tile_prefix = prefix.value;
        *tile_prefix_any = prefix.any;
      }
    }
    team.team_barrier();
    registers.store(Running<T>{*tile_prefix, *tile_prefix_any}, inclusive, out.data() + begin,
                    count, rank);
  }

  // Look-back by the 32 lanes of a warp, each reading one predecessor: lane
  // i reads tile base - i. The window is re-read until none of it is
  // NOT_READY, then the nearest INCLUSIVE lane (lowest set bit of a ballot)
  // ends the walk: the aggregates of the nearer lanes and its prefix are
  // combined by a warp scan in sequence order (the lanes hold it backwards),
  // which only ever joins adjacent tiles. With no INCLUSIVE in the window,
  // the window's combination goes before what the walk has so far, and the
  // walk moves 32 tiles further back. Every lane returns the prefix; lane 0
  // publishes.
  __device__ Running<T> warp_look_back(std::int32_t tile, const T& tile_sum) const {
    const int lane = static_cast<int>(threadIdx.y * blockDim.x + threadIdx.x) % kWarp;
    if (tile == 0) return first_tile(lane == 0, tile_sum);
    if (lane == 0) status.publish(tile, kAggregate, tile_sum);
    Running<T> prefix{T{}, false};
    for (std::int32_t base = tile - 1;; base -= kWarp) {
      const std::int32_t p = base - lane;
      // Lanes past the nearest INCLUSIVE never count: any value will do.
      T value = tile_sum;
      TileFlag flag = kInclusive;  // lanes before tile 0 never count: tile 0 is INCLUSIVE
      do {
        if (p >= 0) flag = status.read(p, value);
      } while (__any_sync(0xffffffffu, flag == kNotReady));
      const unsigned inclusive_lanes = __ballot_sync(0xffffffffu, flag == kInclusive);
      const int last = inclusive_lanes ? __ffs(inclusive_lanes) - 1 : kWarp - 1;
      // Lane `last` holds the combination of lanes last..0, in sequence order.
      const T window = shuffle_from(warp_inclusive_scan<true>(value, lane, op), last);
      prefix = Running<T>{prefix.any ? op(window, prefix.value) : window, true};
      if (inclusive_lanes) break;
    }
    if (lane == 0) status.publish(tile, kInclusive, op(prefix.value, tile_sum));
    return prefix;
  }
#endif

  // One host thread, the tile in cache: independent add chains (host_scan.hpp).
  KOKKOS_INLINE_FUNCTION void scan_on_host(std::int32_t tile) const {
    const std::int64_t begin = plan.begin(tile);
    const std::int64_t left = static_cast<std::int64_t>(in.extent(0)) - begin;
    const int count = static_cast<int>(left < plan.tile ? left : plan.tile);
    const HostTileScan<T, Op, In, Load> scan(op, load);
    const In* const x = in.data() + begin;
    scan.scan(x, count, look_back(tile, scan.total(x, count)), inclusive, out.data() + begin,
              stream);
  }

  // Tile 0: publishes its inclusive prefix; returns what precedes it.
  KOKKOS_INLINE_FUNCTION Running<T> first_tile(bool publish, const T& tile_sum) const {
    if (publish) status.publish(0, kInclusive, has_init ? op(init, tile_sum) : tile_sum);
    return Running<T>{init, has_init};
  }

  // On the host a predecessor may belong to a descheduled thread (more
  // threads than free cores): after a short spin, give the core away.
  KOKKOS_INLINE_FUNCTION static void back_off(int polls) {
#if !defined(__CUDA_ARCH__)
    if (polls % HostScanTuning::yield_polls == 0) std::this_thread::yield();
#else
    (void)polls;
#endif
  }

  // Returns the combination of all tiles before `tile` and publishes this
  // tile's inclusive prefix. Accumulated right to left over adjacent tiles,
  // earlier on the left, so exact wherever the sequential scan is.
  KOKKOS_INLINE_FUNCTION Running<T> look_back(std::int32_t tile, const T& tile_sum) const {
    if (tile == 0) return first_tile(true, tile_sum);
    status.publish(tile, kAggregate, tile_sum);
    T prefix{};
    for (std::int32_t p = tile - 1;; --p) {
      T value{};
      TileFlag flag;
      for (int polls = 1; (flag = status.read(p, value)) == kNotReady; ++polls) {
        back_off(polls);
      }
      prefix = p == tile - 1 ? value : op(value, prefix);
      if (flag == kInclusive) break;
    }
    status.publish(tile, kInclusive, op(prefix, tile_sum));
    return Running<T>{prefix, true};
  }
};

// The look-back's tiles (ScanTuning, tuning/scan.hpp): on a GPU `team`
// threads x packs<T> packs of 16 bytes, scanned in registers (values of
// other sizes: scratch_items a thread, in scratch); on the host one thread a
// tile of lookback_tile values, which stays in L2 between its sum and its
// scan.
template <class Space, class T>
TilePlan lookback_plan(std::int64_t n) {
  using Tuning = tuning::Tuned<tuning::ScanTuning, Space>;
  if constexpr (!is_gpu_space<Space>()) {
    return make_tile_plan(n, 1, Tuning::lookback_tile);
  } else if constexpr (kRegisterValue<T>) {
    return make_tile_plan(n, Tuning::team, kRegisterItems<T>);
  } else {
    return make_tile_plan(n, Tuning::team, Tuning::scratch_items);
  }
}

// CUDA: registers capped so that teams_per_processor<T> teams share an SM.
// Host: the teams (one thread each) handed out one at a time as threads come
// free. A static schedule gave each thread an equal share of the tiles, so a
// slower or busier core held back every tile after its own.
template <class Space, class T>
using LookbackPolicy = std::conditional_t<
    is_gpu_space<Space>(),
    Kokkos::TeamPolicy<
        Space, Kokkos::LaunchBounds<GpuScanTuning::team, GpuScanTuning::teams_per_processor<T>>>,
    Kokkos::TeamPolicy<Space, Kokkos::Schedule<Kokkos::Dynamic>>>;

// Holds the tile status and counter for up to `capacity` tiles, allocated
// once; the counter rewinds itself and the status is tagged with a new epoch
// per run (cleared only when the epochs wrap around), so a run is one launch.
// Runs on one space instance are ordered, so one object serves them all.
template <class Space, class T>
class DecoupledLookbackScan {
 public:
  explicit DecoupledLookbackScan(std::int64_t capacity)
      : status_(capacity),
        next_tile_("kp::scan next tile"),
        epoch_(std::make_shared<std::uint32_t>(0)),
        capacity_(capacity) {}

  // The suite's form: one plan and kind, fixed (`plan`: lookback_plan<Space,
  // T>(n), or any team size the space supports; CUDA: at most GpuScanTuning::team).
  DecoupledLookbackScan(const TilePlan& plan, bool inclusive) : DecoupledLookbackScan(plan.tiles) {
    plan_ = plan;
    inclusive_ = inclusive;
  }
  void run(const View<const T*, Space>& in, const View<T*, Space>& out) const {
    run(Space(), plan_, in, out, inclusive_, T(0));
  }

  std::int64_t capacity() const { return capacity_; }

  // out = the sum scan of in, starting from `init`; in and out may be the
  // same array. plan.tiles <= capacity(). Asynchronous on `space`.
  void run(const Space& space, const TilePlan& plan, const View<const T*, Space>& in,
           const View<T*, Space>& out, bool inclusive, const T& init) const {
    run(space, plan, in, out, inclusive, Running<T>{init, true}, ScanSum<T>(), Identity());
  }

  // out = the scan by `op` of load(in[i]), after `init` (empty: an inclusive
  // scan from the first element).
  template <class Op, class In, class Load>
  void run(const Space& space, const TilePlan& plan, const View<const In*, Space>& in,
           const View<T*, Space>& out, bool inclusive, const Running<T>& init, const Op& op,
           const Load& load) const {
    const bool registers = in_registers(plan, in.data(), out.data());
    const bool stream = !is_gpu_space<Space>() &&
                        host_scan_streams(static_cast<std::int64_t>(in.extent(0)), sizeof(T));
    const std::size_t scratch =
        registers ? register_tile_scratch_bytes<T>() : plan.scratch_bytes<T>();
    launch(space, plan, scratch, "kp::scan::decoupled-lookback",
           [&](const TileStatus<Space, T>& status, const View<std::int32_t, Space>& next_tile) {
             return ChainedScanTiles<Space, T, Op, In, Load>{
                 in,         out,      status,    next_tile, plan, inclusive,
                 init.value, init.any, registers, stream,    op,   load};
           });
  }

  // Launches make(status, counter), a functor over a TeamPolicy member,
  // on one team per tile of `plan` with `scratch` bytes of team scratch:
  // the scan's kernel, or another that looks back over tile counts
  // (agent/compact_tiles.hpp). The status is this run's (a new epoch).
  template <class Make>
  void launch(const Space& space, const TilePlan& plan, std::size_t scratch, const char* label,
              Make&& make) const {
    if (plan.tiles == 0) return;
    if (plan.tiles > capacity_)
      throw std::logic_error("kp::impl::DecoupledLookbackScan: too small");
    // Shared by every copy of this object: copies use the same status views.
    TileStatus<Space, T> status = status_;
    if (++*epoch_ == kEpochs) {
      status.reset(space);
      *epoch_ = 1;
    }
    status.epoch = *epoch_;
    Kokkos::parallel_for(label,
                         LookbackPolicy<Space, T>(space, static_cast<int>(plan.tiles), plan.team)
                             .set_chunk_size(1)
                             .set_scratch_size(0, Kokkos::PerTeam(scratch)),
                         make(status, next_tile_));
  }

  // The register path: CUDA, values of the same type in and out that fill
  // 16-byte packs, its tile shape, and 16-byte aligned arrays.
  template <class In>
  static bool in_registers(const TilePlan& plan, const In* in, const T* out) {
    const auto aligned = [](const void* p) {
      return reinterpret_cast<std::uintptr_t>(p) % kPackBytes == 0;
    };
    if constexpr (is_cuda_space<Space>() && std::is_same_v<In, T> && kRegisterValue<T>) {
      return plan.team == GpuScanTuning::team && plan.items == kRegisterItems<T> && aligned(in) &&
             aligned(out);
    } else {
      (void)aligned, (void)plan, (void)in, (void)out;
      return false;
    }
  }

  TileStatus<Space, T> status_;
  View<std::int32_t, Space> next_tile_;
  std::shared_ptr<std::uint32_t> epoch_;  // of the latest run
  std::int64_t capacity_ = 0;
  TilePlan plan_;
  bool inclusive_ = true;
};

}  // namespace kp::impl
