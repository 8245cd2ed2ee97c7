#pragma once
// The reductions behind kp::reduce, kp::minloc and kp::maxloc: any combine
// operation (combine_ops.hpp) over a rank-1 View, by the algorithm the caller
// or the dispatch table names, into a value returned to the host.
#include <Kokkos_Core.hpp>
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>

#include <kp/impl/core/algorithm.hpp>
#include <kp/impl/thread/combine_ops.hpp>
#include <kp/impl/backend/host/host_tasks.hpp>
#include <kp/impl/block/team_combine.hpp>
#include <kp/impl/tuning/minloc.hpp>
#include <kp/impl/tuning/reduce.hpp>
#include <kp/impl/agent/vector_reduce.hpp>
#include <kp/impl/core/views.hpp>
#include <kp/impl/core/workspace.hpp>

namespace kp::impl {

// op.join(into, from) through volatile references, as Kokkos 3.4 joins on
// some backends: the values travel as 32-bit words.
template <class Op, class V>
KOKKOS_INLINE_FUNCTION void volatile_join(const Op& op, volatile V& into, const volatile V& from) {
  V a = volatile_read(const_cast<const V*>(&into));
  const V b = volatile_read(const_cast<const V*>(&from));
  op.join(a, b);
  constexpr int kWords = sizeof(V) / sizeof(std::uint32_t);
  std::uint32_t words[kWords];
  memcpy(words, static_cast<const void*>(&a), sizeof a);
  volatile std::uint32_t* out = reinterpret_cast<volatile std::uint32_t*>(&into);
  for (int k = 0; k < kWords; ++k) out[k] = words[k];
}

// Kokkos' parallel_reduce with the operation as its join (the generic path:
// any View, any space).
template <class V, class Op>
struct OpReduceFunctor {
  using value_type = typename Op::value_type;
  V x;
  Op op;
  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t i, value_type& acc) const {
    op.join(acc, op.lift(x(i), i));
  }
  KOKKOS_INLINE_FUNCTION void join(value_type& into, const value_type& from) const {
    op.join(into, from);
  }
  KOKKOS_INLINE_FUNCTION void join(volatile value_type& into,
                                   const volatile value_type& from) const {
    volatile_join(op, into, from);
  }
  KOKKOS_INLINE_FUNCTION void init(value_type& acc) const { acc = op.identity(); }
};

// Host reductions fold a chunk into kHostLanes independent accumulators,
// prefetching kHostAhead bytes on (tuning/reduce.hpp).
//
// FirstLoc on a host, a block of kFirstLocBlock elements at a time: first
// the block's extreme value alone (lanes of `a < v ? a : v`, one compare and
// select per element, which compile to SIMD min/max; floating-point lanes
// also sum the block, which a NaN turns into NaN), then, only where that
// value beats the best so far, a second look at the block (now in L2) for
// its first occurrence. A later block that only ties keeps the earlier
// index; the first NaN ends the search (the first NaN wins). A NaN sum
// without a NaN (inf - inf) only costs the look for one. Lanes that track
// an index need two selects and an index per element instead of one select.

// g++ keeps arrays of scalar lanes on the stack: every lane update in the
// block loop went through a store and a reload (a store-forwarding chain),
// which AMD's Zen 4 hides and Intel's cores do not. GCC vector types of 16 bytes
// (one SSE register, the x86-64 baseline) stay in registers. Host compilers
// with GNU extensions only; the device pass and other compilers use lanes.
#if defined(__GNUC__) && !defined(__CUDA_ARCH__)
#define KP_HOST_PACKS 1
template <class T>
struct HostPackOf {
  typedef T type __attribute__((vector_size(16)));
};
#endif

// The extreme value of p[0, kFirstLocBlock), and in `maybe_nan` whether the
// block's floating-point sum is NaN (a NaN in the block, or inf - inf).
template <class T, bool kMax>
KOKKOS_INLINE_FUNCTION T block_extreme(const T* p, bool& maybe_nan) {
  constexpr bool kFloat = std::is_floating_point_v<T>;
  const auto better = [](const auto& a, const auto& b) {  // a if it beats b, else b
    if constexpr (kMax) {
      return a > b ? a : b;
    } else {
      return a < b ? a : b;
    }
  };
#if defined(KP_HOST_PACKS)
  if constexpr (sizeof(T) <= 8 && 16 % sizeof(T) == 0 && !std::is_same_v<T, bool>) {
    using Pack = typename HostPackOf<T>::type;
    constexpr int kPer = 16 / sizeof(T);
    constexpr int kPacks = 4;  // 4 extremes + 4 sums: 8 of the 16 SSE registers
    constexpr std::int64_t kAhead = kHostAhead / sizeof(T);
    Pack lane[kPacks], sum[kPacks];
    for (int j = 0; j < kPacks; ++j) {
      memcpy(&lane[j], p + kPer * j, sizeof(Pack));
      sum[j] = lane[j];
    }
    for (std::int64_t k = kPer * kPacks; k < kFirstLocBlock; k += kPer * kPacks) {
      if (k + kAhead < kFirstLocBlock) prefetch_lines<kPer * kPacks>(p + k + kAhead);
      for (int j = 0; j < kPacks; ++j) {
        Pack a;
        memcpy(&a, p + k + kPer * j, sizeof(Pack));
        lane[j] = better(a, lane[j]);
        if constexpr (kFloat) sum[j] += a;
      }
    }
    T m = lane[0][0];
    bool nan = false;
    for (int j = 0; j < kPacks; ++j) {
      for (int q = 0; q < kPer; ++q) {
        m = better(T(lane[j][q]), m);
        if constexpr (kFloat) nan |= sum[j][q] != sum[j][q];
      }
    }
    maybe_nan = nan;
    return m;
  }
#endif
  constexpr int kLanes = 128 / sizeof(T);
  T lane[kLanes], sum[kLanes];
  for (int j = 0; j < kLanes; ++j) lane[j] = sum[j] = p[j];
  for (std::int64_t k = kLanes; k < kFirstLocBlock; k += kLanes) {
    for (int j = 0; j < kLanes; ++j) {
      const T a = p[k + j];
      lane[j] = better(a, lane[j]);
      if constexpr (kFloat) sum[j] += a;
    }
  }
  bool nan = false;
  if constexpr (kFloat) {
    for (int j = 0; j < kLanes; ++j) nan |= sum[j] != sum[j];
  }
  T m = lane[0];
  for (int j = 1; j < kLanes; ++j) m = better(lane[j], m);
  maybe_nan = nan;
  return m;
}

template <class T, bool kMax>
KOKKOS_INLINE_FUNCTION ValueIndex<T> host_first_loc(const T* x, std::int64_t begin,
                                                    std::int64_t end) {
  using Op = FirstLoc<T, kMax>;
  ValueIndex<T> best = Op::identity();
  std::int64_t i = begin;
  for (; i + kFirstLocBlock <= end; i += kFirstLocBlock) {
    const T* const p = x + i;
    bool any_nan = false;
    const T m = block_extreme<T, kMax>(p, any_nan);
    if (any_nan) {
      std::int64_t k = 0;
      while (k < kFirstLocBlock && !is_nan(p[k])) ++k;
      if (k < kFirstLocBlock) return Op::lift(p[k], i + k);
    }
    if ((kMax ? m > best.value : m < best.value) || best.index == Op::kNone) {
      std::int64_t k = 0;
      while (!(p[k] == m)) ++k;
      best = Op::lift(p[k], i + k);
    }
  }
  for (; i < end; ++i) Op::join_later(best, x[i], i);
  return best;
}

// Whether `op` finds the first extremum of T values (host_first_loc).
template <class T, class Op>
inline constexpr bool kFoldsFirstLoc =
    std::conjunction_v<is_first_loc<Op>, std::is_same<typename Op::value_type, ValueIndex<T>>>;

// The fold of x[begin, end) by `op` on one host thread: in kHostLanes
// independent accumulators, or, for first-index extremes, block by block
// (host_first_loc). Lines are prefetched up to x[n), past the chunk: the
// next chunk is most often this thread's next.
template <class T, class Op>
KOKKOS_INLINE_FUNCTION typename Op::value_type fold_chunk(const T* x, std::int64_t begin,
                                                          std::int64_t end, std::int64_t n,
                                                          const Op& op) {
  using R = typename Op::value_type;
  if constexpr (kFoldsFirstLoc<T, Op>) {
    return host_first_loc<T, Op::is_max>(x, begin, end);
  } else {
    R lanes[kHostLanes];
    for (int j = 0; j < kHostLanes; ++j) lanes[j] = op.identity();
    std::int64_t i = begin;
    constexpr std::int64_t kAhead = kHostAhead / sizeof(T);
    for (; i + kHostLanes <= end; i += kHostLanes) {
      if (i + kAhead + kHostLanes <= n) prefetch_lines<kHostLanes>(x + i + kAhead);
      for (int j = 0; j < kHostLanes; ++j) op.join(lanes[j], op.lift(x[i + j], i + j));
    }
    for (; i < end; ++i) op.join(lanes[0], op.lift(x[i], i));
    R acc = lanes[0];
    for (int j = 1; j < kHostLanes; ++j) op.join(acc, lanes[j]);
    return acc;
  }
}

// Host reductions go in chunks of kHostChunk elements, handed out to the
// threads as they come free (run_host_tasks: a slower or busier core takes
// fewer), each folded into its own partial; then the last thread to finish
// joins the partials in chunk order, in the same launch. The chunks depend
// on n alone, so a sum has the same bits on every host space and thread
// count; below kHostChunks chunks they halve, down to kHostMinChunk.
// First-index extremes take chunks of up to kFirstLocChunk values; their
// answer is exact in any chunking, so one thread takes the whole array as
// one chunk, and below 16 blocks a thread the chunks shrink (to one block at
// least) so that every thread gets some.
constexpr std::int64_t host_chunk(std::int64_t n) {
  std::int64_t chunk = kHostChunk;
  while (chunk > kHostMinChunk && n < kHostChunks * chunk) chunk /= 2;
  return chunk;
}
constexpr std::int64_t first_loc_chunk(std::int64_t n, std::int64_t threads) {
  constexpr std::int64_t most = kFirstLocChunk / kFirstLocBlock;
  const std::int64_t blocks = n / (kFirstLocBlock * threads);
  return kFirstLocBlock * (blocks < 1 ? 1 : blocks < most ? blocks : most);
}
static_assert(kHostMinChunk % kHostLanes == 0, "a chunk holds whole lane rows");

template <class T, class Op>
struct FoldChunks {
  using R = typename Op::value_type;
  const T* x;
  std::int64_t n, chunk;
  Op op;
  R* partial;
  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t c) const {
    const std::int64_t begin = c * chunk;
    partial[c] = fold_chunk(x, begin, begin + chunk < n ? begin + chunk : n, n, op);
  }
};

template <class Op, class Result>
struct JoinChunks {
  using R = typename Op::value_type;
  const R* partial;
  std::int64_t chunks;
  Op op;
  Result result;
  KOKKOS_INLINE_FUNCTION void operator()() const {
    R acc = partial[0];
    for (std::int64_t c = 1; c < chunks; ++c) op.join(acc, partial[c]);
    result() = acc;
  }
};

template <class Space>
struct ChunkPartials {
  View<char*, Space> bytes;
};

// result = the fold of the contiguous x[0, n), n > 0, on a host space;
// asynchronous on `space`.
template <class Space, class T, class Op, class Result>
void host_chunked_reduce(const char* call, const Space& space, const T* x, std::int64_t n,
                         const Op& op, const Result& result) {
  using R = typename Op::value_type;
  const std::int64_t chunk = !kFoldsFirstLoc<T, Op>     ? host_chunk(n)
                             : space.concurrency() == 1 ? n
                                                        : first_loc_chunk(n, space.concurrency());
  const std::int64_t chunks = (n + chunk - 1) / chunk;
  const std::size_t bytes = sizeof(R) * static_cast<std::size_t>(chunks);
  const auto ws = workspace<ChunkPartials<Space>>(
      space, [&](const ChunkPartials<Space>& w) { return w.bytes.extent(0) >= bytes; },
      [&] {
        return ChunkPartials<Space>{View<char*, Space>(
            Kokkos::view_alloc(Kokkos::WithoutInitializing, "kp::chunk partials"),
            std::max<std::size_t>(bytes, 4096))};
      });
  R* const partial = reinterpret_cast<R*>(ws->bytes.data());
  run_host_tasks(space, call, chunks, FoldChunks<T, Op>{x, n, chunk, op, partial},
                 JoinChunks<Op, Result>{partial, chunks, op, result});
}

// The dispatch table's choice for reductions (see docs/API.md).
template <class Space>
Algorithm reduce_algorithm() {
  return is_gpu_space<Space>() ? Algorithm::vector : Algorithm::host_lanes;
}

template <class Space, class Result, class R>
constexpr void check_result_view() {
  static_assert(Kokkos::is_view<Result>::value && Result::rank == 0,
                "kp: a reduction's result is a rank-0 View");
  static_assert(std::is_same_v<typename Result::value_type, R>,
                "kp: the result View's value type must be the reduction's, and writable");
  static_assert(Kokkos::SpaceAccessibility<Space, typename Result::memory_space>::accessible,
                "kp: the result View's memory space is not accessible from the execution space");
}

// The reduction into `result` (a rank-0 View the space can write),
// asynchronous on `space`.
template <class Space, class XView, class Op, class Result>
void reduce_into(const char* call, const Space& space, const XView& x, const Op& op,
                 Algorithm algorithm, const Result& result) {
  using R = typename Op::value_type;
  using T = value_t<XView>;
  static_assert(std::is_trivially_copyable_v<R> && sizeof(R) % sizeof(std::uint32_t) == 0,
                "kp: reduction values are trivially copyable, a multiple of 4 bytes");
  const std::int64_t n = x.extent(0);
  if (algorithm == Algorithm::automatic) algorithm = reduce_algorithm<Space>();
  const bool contiguous = is_contiguous(x);
  if (algorithm == Algorithm::host_lanes && is_gpu_space<Space>()) {
    unsupported(call, algorithm, Space::name());
  }
  if (n == 0) {
    if (algorithm != Algorithm::vector && algorithm != Algorithm::host_lanes &&
        algorithm != Algorithm::kokkos) {
      unsupported(call, algorithm, Space::name());
    }
    Kokkos::deep_copy(space, result, empty_result(op));
    return;
  }
  if (algorithm == Algorithm::vector && contiguous) {
    using Reduce = VectorReduce<Space, Op, T, Result>;
    const auto in = contiguous_in<Space>(x);
    const int league = Reduce::league_for(space, in.data(), n);
    if (league == 1) {  // no workspace
      one_team_reduce(space, in.data(), n, op, result.data());
      return;
    }
    const std::size_t bytes = Reduce::scratch_bytes(league, Reduce::tail_for(in.data(), n, league));
    const auto ws = workspace<VectorReduceScratch<Space>>(
        space, [&](const VectorReduceScratch<Space>& w) { return w.bytes.extent(0) >= bytes; },
        [&] { return VectorReduceScratch<Space>(std::max<std::size_t>(bytes, 4096)); });
    Reduce(space, in, result, op, *ws, league)();
    return;
  }
  if constexpr (!is_gpu_space<Space>()) {
    if (algorithm == Algorithm::host_lanes && contiguous) {
      host_chunked_reduce(call, space, x.data(), n, op, result);
      return;
    }
  }
  if (algorithm == Algorithm::kokkos || algorithm == Algorithm::vector ||
      algorithm == Algorithm::host_lanes) {  // the last two: not contiguous
    Kokkos::parallel_reduce(call, IndexRange<Space>(space, 0, n), OpReduceFunctor<XView, Op>{x, op},
                            result);
    return;
  }
  unsupported(call, algorithm, Space::name());
}

// Result slots for the calls that return to the host: one value each, in
// the space's memory, read back after the reduction.
template <class Space>
struct ResultSlot {
  View<char*, Space> bytes;
};

// The reduction returned to the host (fences `space`). On host spaces the
// reduction writes the value returned directly; on GPUs it lands in a
// workspace slot and is copied.
template <class Space, class XView, class Op>
typename Op::value_type reduce(const char* call, const Space& space, const XView& x, const Op& op,
                               Algorithm algorithm) {
  using R = typename Op::value_type;
  if constexpr (!is_gpu_space<Space>()) {
    R host;
    reduce_into(call, space, x, op, algorithm,
                Kokkos::View<R, Kokkos::HostSpace, Kokkos::MemoryUnmanaged>(&host));
    space.fence();
    return host;
  } else {
    const auto slot = workspace<ResultSlot<Space>>(
        space, [](const ResultSlot<Space>& s) { return s.bytes.extent(0) >= sizeof(R); },
        [] {
          return ResultSlot<Space>{
              View<char*, Space>("kp::reduce result", std::max<std::size_t>(sizeof(R), 256))};
        });
    const View<R, Space> result(reinterpret_cast<R*>(slot->bytes.data()));
    reduce_into(call, space, x, op, algorithm, result);
    R host;
    Kokkos::deep_copy(space, Kokkos::View<R, Kokkos::HostSpace>(&host), result);
    space.fence();
    return host;
  }
}

template <class T>
struct Plus {
  KOKKOS_INLINE_FUNCTION T operator()(const T& a, const T& b) const { return a + b; }
};

// kp::minloc (kMax false) and kp::maxloc returned to the host.
template <bool kMax, class ExecSpace, class XView>
ValueIndex<value_t<XView>> extremum(const char* call, const ExecSpace& space, const XView& x,
                                    Algorithm algorithm) {
  check_view<ExecSpace, XView>();
  using T = value_t<XView>;
  static_assert(std::is_arithmetic_v<T>, "kp::minloc/maxloc: arithmetic values");
  return reduce(call, space, x, FirstLoc<T, kMax>{}, algorithm);
}

}  // namespace kp::impl
