#pragma once
// The reductions behind kp::reduce, kp::minloc and kp::maxloc: any combine
// operation (combine_ops.hpp) over a rank-1 View, by the algorithm the caller
// or the dispatch table names, into a value returned to the host.
#include <Kokkos_Core.hpp>
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include <kp/algorithm.hpp>
#include <kp/impl/combine_ops.hpp>
#include <kp/impl/team_combine.hpp>
#include <kp/impl/vector_reduce.hpp>
#include <kp/impl/views.hpp>
#include <kp/impl/workspace.hpp>

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

// Host reduction with kLanes independent accumulators per thread: the
// compiler keeps them in SIMD registers (no reassociation needed, so no
// -ffast-math), and the loads of several lanes are in flight at once. Each
// host thread takes one contiguous chunk; the chunks' results are joined.
inline constexpr int kHostLanes = 32;

// FirstLoc on a host: FirstLoc's join per element does not vectorize (its
// index compare and NaN cases), so each lane keeps its best value and the
// offset it was first seen at, as wide as the value, and a lane takes an
// element only when it is strictly better (or the first NaN): a lane sees its
// elements in index order, so that keeps the first. Compares and selects of
// same-width lanes vectorize together. The lanes then join by FirstLoc.
template <class T, bool kMax>
KOKKOS_INLINE_FUNCTION ValueIndex<T> host_first_loc(const T* x, std::int64_t begin,
                                                    std::int64_t end) {
  using Op = FirstLoc<T, kMax>;
  using Offset = std::conditional_t<sizeof(T) <= 4, std::uint32_t, std::uint64_t>;
  constexpr std::int64_t kBlock = std::int64_t{1} << 30;  // offsets fit
  ValueIndex<T> best = Op::identity();
  for (std::int64_t b = begin; b < end; b += kBlock) {
    const T* const p = x + b;
    const std::int64_t m = end - b < kBlock ? end - b : kBlock;
    std::int64_t i = 0;
    if (m >= kHostLanes) {
      T value[kHostLanes];
      Offset at[kHostLanes];
      for (int j = 0; j < kHostLanes; ++j) {
        value[j] = p[j];
        at[j] = static_cast<Offset>(j);
      }
      for (i = kHostLanes; i + kHostLanes <= m; i += kHostLanes) {
        for (int j = 0; j < kHostLanes; ++j) {
          const T a = p[i + j], c = value[j];
          const bool take = (kMax ? a > c : a < c) | (is_nan(a) & !is_nan(c));
          value[j] = take ? a : c;
          at[j] = take ? static_cast<Offset>(i + j) : at[j];
        }
      }
      for (int j = 0; j < kHostLanes; ++j) Op::join(best, Op::lift(value[j], b + at[j]));
    }
    for (; i < m; ++i) Op::join(best, Op::lift(p[i], b + i));
  }
  return best;
}

template <class T, class Op>
struct LaneChunks {
  using value_type = typename Op::value_type;
  const T* x;
  std::int64_t n, chunk;
  Op op;

  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t c, value_type& acc) const {
    const std::int64_t begin = c * chunk;
    const std::int64_t end = begin + chunk < n ? begin + chunk : n;
    if constexpr (std::is_same_v<value_type, ValueIndex<T>> && is_first_loc<Op>::value) {
      op.join(acc, host_first_loc<T, Op::is_max>(x, begin, end));
    } else {
      value_type lanes[kHostLanes];
      for (int j = 0; j < kHostLanes; ++j) lanes[j] = op.identity();
      std::int64_t i = begin;
      for (; i + kHostLanes <= end; i += kHostLanes) {
        for (int j = 0; j < kHostLanes; ++j) op.join(lanes[j], op.lift(x[i + j], i + j));
      }
      for (; i < end; ++i) op.join(lanes[0], op.lift(x[i], i));
      for (int j = 0; j < kHostLanes; ++j) op.join(acc, lanes[j]);
    }
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
    const std::size_t bytes = Reduce::scratch_bytes(Reduce::league_for(space, in.data(), n));
    const auto ws = workspace<VectorReduceScratch<Space>>(
        space, [&](const VectorReduceScratch<Space>& w) { return w.bytes.extent(0) >= bytes; },
        [&] { return VectorReduceScratch<Space>(std::max<std::size_t>(bytes, 4096)); });
    Reduce(space, in, result, op, *ws)();
    return;
  }
  if (algorithm == Algorithm::host_lanes && contiguous) {
    const std::int64_t chunks = std::max(1, space.concurrency());
    const std::int64_t per = (n + chunks - 1) / chunks;
    const std::int64_t chunk = (per + kHostLanes - 1) / kHostLanes * kHostLanes;
    Kokkos::parallel_reduce(call, IndexRange<Space>(space, 0, (n + chunk - 1) / chunk),
                            LaneChunks<T, Op>{x.data(), n, chunk, op}, result);
    return;
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

// The reduction returned to the host (fences `space`).
template <class Space, class XView, class Op>
typename Op::value_type reduce(const char* call, const Space& space, const XView& x, const Op& op,
                               Algorithm algorithm) {
  using R = typename Op::value_type;
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

}  // namespace kp::impl
