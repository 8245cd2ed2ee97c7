#pragma once
// The host reductions' tile level: a thread folds a chunk of the array into
// independent lanes (or, for first-index extremes, block by block), the
// chunks handed out to the threads as they come free, and the last thread
// joins the chunks' partials in order (run_host_tasks). Parameters: the
// host's ReduceTuning and MinlocTuning (tuning/reduce.hpp, tuning/minloc.hpp).
#include <Kokkos_Core.hpp>
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include <kp/impl/backend/host/host_tasks.hpp>
#include <kp/impl/core/common.hpp>
#include <kp/impl/core/workspace.hpp>
#include <kp/impl/thread/combine_ops.hpp>
#include <kp/impl/tuning/minloc.hpp>
#include <kp/impl/tuning/reduce.hpp>

namespace kp::impl {

// Host reductions fold a chunk into HostReduceTuning::lanes independent accumulators,
// prefetching HostReduceTuning::ahead bytes on (tuning/reduce.hpp).
//
// FirstLoc on a host, a block of HostMinlocTuning::block elements at a time: first
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

// The extreme value of p[0, HostMinlocTuning::block), and in `maybe_nan` whether the
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
    constexpr std::int64_t kAhead = HostReduceTuning::ahead / sizeof(T);
    Pack lane[kPacks], sum[kPacks];
    for (int j = 0; j < kPacks; ++j) {
      memcpy(&lane[j], p + kPer * j, sizeof(Pack));
      sum[j] = lane[j];
    }
    for (std::int64_t k = kPer * kPacks; k < HostMinlocTuning::block; k += kPer * kPacks) {
      if (k + kAhead < HostMinlocTuning::block) prefetch_lines<kPer * kPacks>(p + k + kAhead);
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
  for (std::int64_t k = kLanes; k < HostMinlocTuning::block; k += kLanes) {
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
  for (; i + HostMinlocTuning::block <= end; i += HostMinlocTuning::block) {
    const T* const p = x + i;
    bool any_nan = false;
    const T m = block_extreme<T, kMax>(p, any_nan);
    if (any_nan) {
      std::int64_t k = 0;
      while (k < HostMinlocTuning::block && !is_nan(p[k])) ++k;
      if (k < HostMinlocTuning::block) return Op::lift(p[k], i + k);
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

// The fold of x[begin, end) by `op` on one host thread: in HostReduceTuning::lanes
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
    R lanes[HostReduceTuning::lanes];
    for (int j = 0; j < HostReduceTuning::lanes; ++j) lanes[j] = op.identity();
    std::int64_t i = begin;
    constexpr std::int64_t kAhead = HostReduceTuning::ahead / sizeof(T);
    for (; i + HostReduceTuning::lanes <= end; i += HostReduceTuning::lanes) {
      if (i + kAhead + HostReduceTuning::lanes <= n)
        prefetch_lines<HostReduceTuning::lanes>(x + i + kAhead);
      for (int j = 0; j < HostReduceTuning::lanes; ++j) fold_in(op, lanes[j], x[i + j], i + j);
    }
    for (; i < end; ++i) fold_in(op, lanes[0], x[i], i);
    R acc = lanes[0];
    for (int j = 1; j < HostReduceTuning::lanes; ++j) op.join(acc, lanes[j]);
    return acc;
  }
}

// Host reductions go in chunks of HostReduceTuning::chunk elements, handed out to the
// threads as they come free (run_host_tasks: a slower or busier core takes
// fewer), each folded into its own partial; then the last thread to finish
// joins the partials in chunk order, in the same launch. The chunks depend
// on n alone, so a sum has the same bits on every host space and thread
// count; below HostReduceTuning::chunks chunks they halve, down to HostReduceTuning::min_chunk.
// First-index extremes take chunks of up to HostMinlocTuning::chunk values; their
// answer is exact in any chunking, so one thread takes the whole array as
// one chunk, and below 16 blocks a thread the chunks shrink (to one block at
// least) so that every thread gets some.
constexpr std::int64_t host_chunk(std::int64_t n) {
  std::int64_t chunk = HostReduceTuning::chunk;
  while (chunk > HostReduceTuning::min_chunk && n < HostReduceTuning::chunks * chunk) chunk /= 2;
  return chunk;
}
constexpr std::int64_t first_loc_chunk(std::int64_t n, std::int64_t threads) {
  constexpr std::int64_t most = HostMinlocTuning::chunk / HostMinlocTuning::block;
  const std::int64_t blocks = n / (HostMinlocTuning::block * threads);
  return HostMinlocTuning::block * (blocks < 1 ? 1 : blocks < most ? blocks : most);
}
static_assert(HostReduceTuning::min_chunk % HostReduceTuning::lanes == 0,
              "a chunk holds whole lane rows");

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

}  // namespace kp::impl
