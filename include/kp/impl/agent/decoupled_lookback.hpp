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
// What differs by backend is LookbackTeam<Space>'s (below: every space's
// defaults; backend/cuda/lookback.hpp: Kokkos::Cuda's, where the tile lives
// in registers, a whole warp looks back, 32 predecessors at a time, instead
// of one thread walking them one by one, and 8- and 16-byte values travel
// beside their flag in 16-byte words).
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
#include <type_traits>

#include <kp/impl/agent/host_scan.hpp>
#include <kp/impl/agent/register_tile.hpp>
#include <kp/impl/agent/tile_plan.hpp>
#include <kp/impl/backend/host/back_off.hpp>
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

// The backend's part of a look-back team (ChainedScanTiles); backends
// specialize it (backend/cuda/lookback.hpp). These defaults, for every other
// space: the tile status above, no tile path of the backend's own, and the
// team's rank 0 looks back.
template <class Space>
struct LookbackTeam {
  // 32-bit values packed with their flag, others beside a flag word.
  template <class T>
  using Status =
      std::conditional_t<sizeof(T) == 4, PackedTileStatus<Space, T>, FlaggedTileStatus<Space, T>>;

  // Whether a run's tiles are scanned in registers (scan_tile).
  template <class In, class T>
  static bool in_registers(const TilePlan&, const In*, const T*) {
    return false;
  }
  // Scans the team's tile in registers and returns true, or returns false.
  template <class Tiles, class Member>
  KOKKOS_INLINE_FUNCTION static bool scan_tile(const Tiles&, const Member&, std::int32_t) {
    return false;
  }
  // What precedes `tile` (Tiles::look_back), into tile_prefix in the
  // threads that looked back.
  template <class Tiles, class Member, class T>
  KOKKOS_INLINE_FUNCTION static void look_back(const Tiles& tiles, const Member& team,
                                               std::int32_t tile, const T& tile_sum,
                                               Running<T>& tile_prefix) {
    if (team.team_rank() == 0) tile_prefix = tiles.look_back(tile, tile_sum);
  }
};

template <class Space, class T>
using TileStatus = typename LookbackTeam<Space>::template Status<T>;

// GPUs: the tile in registers as 16-byte packs needs a size of 4, 8 or 16
// bytes.
template <class T>
inline constexpr bool kRegisterValue = sizeof(T) % 4 == 0 && 16 % sizeof(T) == 0;

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

  bool in_registers;  // the tile in registers (LookbackTeam::scan_tile), not in a TileScan
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
    if (LookbackTeam<Space>::scan_tile(*this, team, tile)) return;  // backend hook
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
  // combines to tile_sum, in every thread: the backend's looking back
  // (LookbackTeam), broadcast by `scan`, the team's TileScan (its scratch).
  template <class Scan>
  KOKKOS_INLINE_FUNCTION Running<T> team_look_back(const Member& team, const Scan& scan,
                                                   std::int32_t tile, const T& tile_sum) const {
    Running<T> tile_prefix{};
    LookbackTeam<Space>::look_back(*this, team, tile, tile_sum, tile_prefix);  // backend hook
    return scan.broadcast(tile_prefix);
  }

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
      // On the host a predecessor may belong to a descheduled thread.
      for (int polls = 1; (flag = status.read(p, value)) == kNotReady; ++polls) {
        host_back_off(polls, HostScanTuning::yield_polls);
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

  // The register path (LookbackTeam<Space>::in_registers).
  template <class In>
  static bool in_registers(const TilePlan& plan, const In* in, const T* out) {
    return LookbackTeam<Space>::in_registers(plan, in, out);
  }

  TileStatus<Space, T> status_;
  View<std::int32_t, Space> next_tile_;
  std::shared_ptr<std::uint32_t> epoch_;  // of the latest run
  std::int64_t capacity_ = 0;
  TilePlan plan_;
  bool inclusive_ = true;
};

}  // namespace kp::impl

// The backends' LookbackTeam (each guards itself: this one compiles to its
// WordTileStatus alone without CUDA).
#include <kp/impl/backend/cuda/lookback.hpp>
