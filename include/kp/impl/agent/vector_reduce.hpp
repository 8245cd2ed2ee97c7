#pragma once
// The device-level (whole-array) reduction, one launch, written once for
// every execution space and any combine operation (combine_ops.hpp), e.g. a
// sum or a first-index minloc.
//
// Why it is fast on a GPU:
//  - Each thread loads 16-byte packs (4 floats, 2 doubles): one 128-bit load
//    instruction (LDG.E.128) moves 4x the bytes of a scalar load, so far fewer
//    instructions and memory transactions per byte.
//  - `unroll` packs are loaded before any is combined, so every thread keeps
//    `unroll` independent loads in flight (the bytes in flight, not the thread
//    count, is what saturates HBM).
//  - The grid is exactly one wave of resident teams (LaunchBounds guarantees
//    teams_per_processor<V> teams of `team` threads per SM), grid-striding over the
//    packs: no tail wave, no per-element index arithmetic beyond a stride.
//  - Arrays of tail_from_packs packs or more keep their last packs out of the
//    fixed shares: teams that finish their share first take them, a unit at
//    a time from an atomic counter, so that teams on slower SMs do not set
//    the time. Each unit's partial has its own slot, so the order of the
//    sum, and its bits, do not depend on which team took which unit.
//  - Teams combine by warp shuffles and scratch (team_combine.hpp); across
//    teams, each team publishes its partial and the LAST team to finish
//    (atomic counter) combines them (then the tail units', in unit order)
//    and resets the counters: no second launch.
//    Arrays of at most one_team_packs packs take one team, which writes the
//    result itself (OneTeamReduceKernel: raw pointers, no workspace; on
//    CUDA the same work as a bare kernel, backend/cuda/one_block.hpp, whose
//    launch costs less than a Kokkos team's).
//
// The array's head (elements before the first 16-byte boundary) and tail
// (after the last whole pack) are read as scalars, so any start address and
// any n work. Host spaces run the same code with teams of one thread, each
// over a contiguous chunk of packs (cache- and prefetch-friendly there).
// The parameters are the space's ReduceTuning (tuning/reduce.hpp).
#include <Kokkos_Core.hpp>
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <limits>
#include <stdexcept>
#include <type_traits>

#include <kp/impl/backend/cuda/device.hpp>
#include <kp/impl/backend/cuda/one_block.hpp>
#include <kp/impl/block/team_combine.hpp>
#include <kp/impl/core/common.hpp>
#include <kp/impl/thread/combine_ops.hpp>
#include <kp/impl/tuning/reduce.hpp>

namespace kp::impl {

template <class Space>
using ReduceTuned = tuning::Tuned<tuning::ReduceTuning, Space>;

inline constexpr int kPackBytes = 16;

// kPackBytes of consecutive elements, aligned so that one instruction loads it.
template <class T>
struct alignas(kPackBytes) Pack {
  static_assert(kPackBytes % sizeof(T) == 0, "an element must divide the pack");
  static constexpr int width = kPackBytes / static_cast<int>(sizeof(T));
  T lane[width];
};

template <class T>
KOKKOS_INLINE_FUNCTION Pack<T> load_pack(const T* aligned_start, std::int64_t p) {
#if defined(__CUDA_ARCH__)
  return reinterpret_cast<const Pack<T>*>(aligned_start)[p];  // one 128-bit load
#else
  Pack<T> pack;  // memcpy: no aliasing question; compilers emit one vector load
  memcpy(&pack, aligned_start + p * Pack<T>::width, sizeof pack);
  return pack;
#endif
}

// How the array splits: [0, head) scalars, then `packs` whole packs, then
// the rest as scalars.
struct PackSplit {
  std::int64_t head = 0, packs = 0, n = 0;
  KOKKOS_INLINE_FUNCTION std::int64_t bulk_end(int width) const { return head + packs * width; }
  KOKKOS_INLINE_FUNCTION std::int64_t scalars(int width) const { return n - packs * width; }
};

template <class T>
KOKKOS_INLINE_FUNCTION PackSplit split_into_packs(const T* data, std::int64_t n) {
  constexpr int width = Pack<T>::width;
  const auto address = reinterpret_cast<std::uintptr_t>(data);
  PackSplit split;
  split.n = n;
  if (address % sizeof(T) != 0) {  // no element ever lands on a pack boundary
    split.head = n;
    return split;
  }
  const std::int64_t misaligned = static_cast<std::int64_t>(address % kPackBytes);
  const std::int64_t head =
      misaligned == 0 ? 0 : (kPackBytes - misaligned) / static_cast<std::int64_t>(sizeof(T));
  split.head = head < n ? head : n;
  split.packs = (n - split.head) / width;
  return split;
}

// Folds a pack into acc. The first extremum joins a thread's packs, which
// come in index order, a pack at a time (FirstLoc::join_pack_later).
template <class Op, class T>
KOKKOS_INLINE_FUNCTION void accumulate_pack(const Op& op, typename Op::value_type& acc,
                                            const Pack<T>& pack, std::int64_t first) {
  if constexpr (is_first_loc<Op>::value) {
    Op::join_pack_later(acc, pack.lane, first);
  } else {
    for (int j = 0; j < Pack<T>::width; ++j) fold_in(op, acc, pack.lane[j], first + j);
  }
}

// One round of a thread's fold: kLoads packs p, p + step, ... loaded, then
// folded in that order; kGuard: only those below `end` (the last round).
template <bool kGuard, int kLoads, class Op, class T>
KOKKOS_INLINE_FUNCTION void fold_round(const Op& op, typename Op::value_type& acc, const T* bulk,
                                       std::int64_t p, std::int64_t step, std::int64_t end,
                                       std::int64_t first) {
  constexpr int W = Pack<T>::width;
  Pack<T> pack[kLoads] = {};
  for (int k = 0; k < kLoads; ++k) {
    if (!kGuard || p + k * step < end) pack[k] = load_pack(bulk, p + k * step);
  }
  for (int k = 0; k < kLoads; ++k) {
    if (!kGuard || p + k * step < end)
      accumulate_pack(op, acc, pack[k], first + (p + k * step) * W);
  }
}

// Thread `thread` of `threads`' fold of x[0, split.n) (split as
// split_into_packs(x, n)), element i lifted with index base + i.
// kStrided (GPUs): neighbouring threads read neighbouring packs (coalesced);
// else each thread a contiguous chunk. kLoads independent loads come before the first use: whole
// rounds with no guards, then at most one guarded round, so short ranges keep their loads in flight
// together too. The head and tail scalars are spread over all threads.
template <bool kStrided, int kLoads, class Op, class T>
KOKKOS_INLINE_FUNCTION typename Op::value_type fold_packs(const Op& op, const T* x,
                                                          const PackSplit& split, std::int64_t base,
                                                          std::int64_t thread,
                                                          std::int64_t threads) {
  constexpr int W = Pack<T>::width;
  const T* const bulk = x + split.head;
  const std::int64_t chunk = kStrided ? 0 : (split.packs + threads - 1) / threads;
  const std::int64_t step = kStrided ? threads : 1;
  const std::int64_t begin = thread * chunk < split.packs ? thread * chunk : split.packs;
  std::int64_t p = kStrided ? thread : begin;
  const std::int64_t end = kStrided || begin + chunk > split.packs ? split.packs : begin + chunk;
  typename Op::value_type acc = op.identity();
  const std::int64_t first = base + split.head;
  for (; p < end - (kLoads - 1) * step; p += kLoads * step) {
    fold_round<false, kLoads>(op, acc, bulk, p, step, end, first);
  }
  if (p < end) fold_round<true, kLoads>(op, acc, bulk, p, step, end, first);
  const std::int64_t bulk_end = split.bulk_end(W);
  for (std::int64_t s = thread; s < split.scalars(W); s += threads) {
    const std::int64_t i = s < split.head ? s : bulk_end + (s - split.head);
    fold_in(op, acc, x[i], base + i);
  }
  return acc;
}

// The packs a reduction hands out at run time rather than in the teams'
// fixed shares: [from, packs) in `units` units of `unit` packs (the last
// one shorter); units == 0: none, from == packs.
struct ReduceTail {
  std::int64_t from = 0;
  std::int64_t unit = 1;
  int units = 0;
};

// The tail of `split`'s packs for `league` teams of `team` threads where
// there are at least `tail_from` packs and more than one team: the last
// packs >> Tuning::tail_shift, grown so that the shares before it are whole
// rounds of every thread's loads (tuning/reduce.hpp).
template <class Tuning>
ReduceTail reduce_tail(const PackSplit& split, int league, int team, std::int64_t tail_from) {
  ReduceTail tail;
  tail.from = split.packs;
  if (league < 2 || split.packs < tail_from) return tail;
  const std::int64_t round = std::int64_t{team} * Tuning::unroll;
  const std::int64_t grid_round = round * league;
  tail.from = (split.packs - (split.packs >> Tuning::tail_shift)) / grid_round * grid_round;
  tail.unit = round * Tuning::tail_unit_rounds;
  tail.units = static_cast<int>((split.packs - tail.from + tail.unit - 1) / tail.unit);
  return tail;
}

// The packs from which a reduction on Space has a tail: none on hosts,
// whose teams are threads with equal bandwidth.
template <class Space>
inline constexpr std::int64_t kTailFromPacksOn = ReduceTuned<Space>::tail_from_packs;

// GPU launch shape for values of type V: teams_per_processor<V> teams of
// `team` threads an SM (the bounds matter on CUDA alone).
template <class Space, class V>
using VectorReducePolicy = Kokkos::TeamPolicy<
    Space,
    Kokkos::LaunchBounds<GpuReduceTuning::team, GpuReduceTuning::template teams_per_processor<V>>>;

// One team's work, then the cross-team combine. Result is a rank-0 view (or
// a subview of one element) of Op::value_type.
template <class Space, class Op, class T, class Result>
struct VectorReduceKernel {
  using V = typename Op::value_type;
  using Member = typename VectorReducePolicy<Space, V>::member_type;
  static constexpr int W = Pack<T>::width;
  static constexpr bool kStrided = is_gpu_space<Space>();
  static constexpr int kLoads = ReduceTuned<Space>::unroll;

  View<const T*, Space> x;
  PackSplit split;
  View<V*, Space> partials;        // one per team, then one per tail unit
  View<unsigned, Space> finished;  // teams done in this launch; 0 between launches
  View<unsigned, Space> taken;     // tail units handed out in this launch; 0 between
  Result result;
  Op op;
  ReduceTail tail;

  // The thread's share: its packs before the tail, the head's and the
  // last pack's scalars.
  KOKKOS_INLINE_FUNCTION V thread_partial(std::int64_t thread, std::int64_t threads) const {
    if (tail.units == 0)
      return fold_packs<kStrided, kLoads>(op, x.data(), split, 0, thread, threads);
    const PackSplit shares{split.head, tail.from, split.head + tail.from * W};
    V acc = fold_packs<kStrided, kLoads>(op, x.data(), shares, 0, thread, threads);
    for (std::int64_t i = split.bulk_end(W) + thread; i < split.n; i += threads) {
      fold_in(op, acc, x.data()[i], i);
    }
    return acc;
  }

  // Tail units, one at a time while any is left (rank 0 takes one and hands
  // it to the team in *slot), each unit's partial into its own slot.
  KOKKOS_INLINE_FUNCTION void take_tail(const Member& team, V* shared, int* slot) const {
    const int rank = team.team_rank(), size = team.team_size();
    V* const unit_partials = partials.data() + team.league_size();
    for (;;) {
      if (rank == 0) *slot = static_cast<int>(Kokkos::atomic_fetch_add(&taken(), 1u));
      team.team_barrier();
      const int u = *slot;
      if (u >= tail.units) break;
      const std::int64_t lo = tail.from + std::int64_t{u} * tail.unit;
      const std::int64_t hi = lo + tail.unit < split.packs ? lo + tail.unit : split.packs;
      const std::int64_t first = split.head + lo * W;
      const V acc = fold_packs<true, kLoads>(
          op, x.data() + first, PackSplit{0, hi - lo, (hi - lo) * W}, first, rank, size);
      // team_combine ends with a barrier: every thread has read *slot.
      const V unit = team_combine(team, shared, acc, op);
      if (rank == 0) unit_partials[u] = unit;
    }
    team.team_barrier();  // every thread has read the last *slot
  }

  KOKKOS_INLINE_FUNCTION void operator()(const Member& team) const {
    const int size = team.team_size(), rank = team.team_rank();
    const int league = team.league_size(), me = team.league_rank();
    V* const shared =
        static_cast<V*>(team.team_scratch(0).get_shmem(team_combine_scratch_on<V, Space>(size)));
    int* const last = static_cast<int*>(team.team_scratch(0).get_shmem(sizeof(int)));

    V acc = thread_partial(std::int64_t{me} * size + rank, std::int64_t{league} * size);
    acc = team_combine(team, shared, acc, op);
    if (rank == 0) partials(me) = acc;
    if (tail.units > 0) take_tail(team, shared, last);
    if (rank == 0) *last = last_ticket(finished.data(), static_cast<unsigned>(league));
    team.team_barrier();
    if (!*last) return;  // the same answer for the whole team
    // The teams' partials, then the units', each thread's in index order.
    V total = op.identity();
    for (int t = rank; t < league + tail.units; t += size) {
      op.join(total, volatile_read(&partials(t)));
    }
    total = team_combine(team, shared, total, op);
    if (rank == 0) {
      result() = total;
      // Ready for the next launch (launches on a space are ordered).
      finished() = 0;
      taken() = 0;
    }
  }
};

// Arrays of at most one_team_packs packs: one team, which writes the result
// itself. Raw pointers, no workspace, no partials or ticket: a small
// launch, as a one-tile reduction's cost is the launch and its latencies.
template <class Space, class Op, class T>
struct OneTeamReduceKernel {
  using V = typename Op::value_type;
  using Member = typename VectorReducePolicy<Space, V>::member_type;
  static constexpr bool kStrided = is_gpu_space<Space>();
  static constexpr int kLoads = ReduceTuned<Space>::unroll;
  const T* x;
  PackSplit split;
  V* result;
  Op op;
  KOKKOS_INLINE_FUNCTION void operator()(const Member& team) const {
    run(team, static_cast<V*>(team.team_scratch(0).get_shmem(
                  team_combine_scratch_on<V, Space>(team.team_size()))));
  }
  // The work, for a Kokkos team or a CUDA block (backend/cuda/one_block.hpp).
  template <class Team>
  KOKKOS_INLINE_FUNCTION void run(const Team& team, V* shared) const {
    const int size = team.team_size(), rank = team.team_rank();
    const V acc =
        team_combine(team, shared, fold_packs<kStrided, kLoads>(op, x, split, 0, rank, size), op);
    if (rank == 0) *result = acc;
  }
};

// Launches a one-team kernel (OneTeamReduceKernel) as a Kokkos team; on
// CUDA a bare kernel instead (backend/cuda/one_block.hpp).
template <class Space, class Kernel>
void launch_one_team(const Space& space, const Kernel& kernel) {
  using V = typename Kernel::V;
  const int team = ReduceTuned<Space>::team;
  Kokkos::parallel_for(
      "kp::vector_reduce one team",
      VectorReducePolicy<Space, V>(space, 1, team)
          .set_scratch_size(0, Kokkos::PerTeam(team_combine_scratch_on<V, Space>(team))),
      kernel);
}

// *result = the fold of x[0, n) by one team (n within one_team_packs packs;
// VectorReduce::league_for gives 1), asynchronous on `space`.
template <class Space, class Op, class T>
void one_team_reduce(const Space& space, const T* x, std::int64_t n, const Op& op,
                     typename Op::value_type* result) {
  launch_one_team(space, OneTeamReduceKernel<Space, Op, T>{x, split_into_packs(x, n), result, op});
}

// What a vector reduction needs besides its input: room for one partial per
// team and per tail unit, and the counters of finished teams and of tail
// units taken, which every launch leaves at 0. One workspace serves any
// number of reductions in a row on one space instance (they are ordered).
template <class Space>
struct VectorReduceScratch {
  View<char*, Space> bytes;
  View<unsigned, Space> finished;
  View<unsigned, Space> taken;
  explicit VectorReduceScratch(std::size_t size = 0)
      : bytes(Kokkos::view_alloc(Kokkos::WithoutInitializing, "kp::vector_reduce partials"), size),
        finished("kp::vector_reduce finished"),
        taken("kp::vector_reduce taken") {}
};

// The threads of a host space (a CUDA device's multiprocessors:
// backend/cuda/device.hpp).
template <class Space>
std::int64_t processors(const Space& space) {
  return std::max(1, space.concurrency());
}

// One wave for values of type V: teams_per_processor<V> teams per SM on a
// GPU, one team per thread on a host.
template <class V, class Space>
std::int64_t resident_teams(const Space& space) {
  return processors(space) * ReduceTuned<Space>::template teams_per_processor<V>;
}

// Each call is one launch reducing x into result on `space`. Copyable
// (views), so a variant can hold it.
template <class Space, class Op, class T, class Result>
class VectorReduce {
 public:
  using Kernel = VectorReduceKernel<Space, Op, T, Result>;
  using V = typename Op::value_type;

  // Teams for n elements at `data` (`league` > 0 overrides: tests run many
  // teams on a host).
  static int league_for(const Space& space, const T* data, std::int64_t n, int league = 0) {
    const PackSplit split = split_into_packs(data, n);
    const int team = ReduceTuned<Space>::team;
    const std::int64_t work = std::max(split.packs, split.scalars(Kernel::W));
    const std::int64_t needed = work <= ReduceTuned<Space>::one_team_packs
                                    ? 1
                                    : std::max<std::int64_t>(1, (work + team - 1) / team);
    return league > 0 ? league : static_cast<int>(std::min(resident_teams<V>(space), needed));
  }
  // The tail of n elements at `data` with `league` teams (league_for's),
  // from `tail_from` packs (tests force one on any space with 0).
  static ReduceTail tail_for(const T* data, std::int64_t n, int league,
                             std::int64_t tail_from = kTailFromPacksOn<Space>) {
    return reduce_tail<ReduceTuned<Space>>(split_into_packs(data, n), league,
                                           ReduceTuned<Space>::team, tail_from);
  }
  // Bytes of VectorReduceScratch::bytes a reduction with `league` teams and
  // `tail` needs.
  static std::size_t scratch_bytes(int league, const ReduceTail& tail) {
    return sizeof(V) * (static_cast<std::size_t>(league) + static_cast<std::size_t>(tail.units));
  }
  static std::size_t scratch_bytes(const T* data, std::int64_t n, int league,
                                   std::int64_t tail_from) {
    return scratch_bytes(league, tail_for(data, n, league, tail_from));
  }

  // Allocates its own workspace (the apps' variants and tests).
  VectorReduce(View<const T*, Space> x, Result result, int league = 0, Op op = Op(),
               std::int64_t tail_from = kTailFromPacksOn<Space>)
      : VectorReduce(Space(), x, result, op,
                     VectorReduceScratch<Space>(scratch_bytes(
                         x.data(), x.extent(0), league_for(Space(), x.data(), x.extent(0), league),
                         tail_from)),
                     league, tail_from) {}

  // Runs in `scratch`, which must hold scratch_bytes(league_for(...), tail_for(...)).
  VectorReduce(const Space& space, View<const T*, Space> x, Result result, Op op,
               const VectorReduceScratch<Space>& scratch, int league = 0,
               std::int64_t tail_from = kTailFromPacksOn<Space>)
      : space_(space), scratch_(scratch) {
    const std::int64_t n = x.extent(0);
    league_ = league_for(space, x.data(), n, league);
    team_ = ReduceTuned<Space>::team;
    const ReduceTail tail = tail_for(x.data(), n, league_, tail_from);
    if (scratch.bytes.extent(0) < scratch_bytes(league_, tail)) {
      throw std::logic_error("kp::impl::VectorReduce: workspace too small");
    }
    const View<V*, Space> partials(reinterpret_cast<V*>(scratch.bytes.data()),
                                   league_ + tail.units);
    kernel_ = Kernel{
        x,   split_into_packs(x.data(), n), partials, scratch.finished, scratch.taken, result, op,
        tail};
  }

  const ReduceTail& tail() const { return kernel_.tail; }

  void operator()() const {
    if (league_ == 1) {
      one_team_reduce(space_, kernel_.x.data(), kernel_.split.n, kernel_.op, kernel_.result.data());
      return;
    }
    const std::size_t scratch = team_combine_scratch_on<V, Space>(team_) + sizeof(V) + sizeof(int);
    Kokkos::parallel_for("kp::vector_reduce",
                         VectorReducePolicy<Space, V>(space_, league_, team_)
                             .set_scratch_size(0, Kokkos::PerTeam(scratch)),
                         kernel_);
  }

  int league() const { return league_; }

 private:
  Space space_;
  // Holds a reference to the workspace: kernel_.partials is an unmanaged
  // view into scratch_.bytes, which must live as long as this object.
  VectorReduceScratch<Space> scratch_;
  Kernel kernel_;
  int league_ = 1, team_ = 1;
};

// Deduces T and Result: make_vector_reduce<Space, Op>(x, result).
template <class Space, class Op, class T, class Result>
VectorReduce<Space, Op, T, Result> make_vector_reduce(
    View<const T*, Space> x, Result result, int league = 0,
    std::int64_t tail_from = kTailFromPacksOn<Space>) {
  return VectorReduce<Space, Op, T, Result>(x, result, league, Op(), tail_from);
}

}  // namespace kp::impl
