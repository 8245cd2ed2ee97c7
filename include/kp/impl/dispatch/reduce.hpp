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

#include <kp/impl/agent/host_chunks.hpp>
#include <kp/impl/agent/vector_reduce.hpp>
#include <kp/impl/block/team_combine.hpp>
#include <kp/impl/core/algorithm.hpp>
#include <kp/impl/core/views.hpp>
#include <kp/impl/core/workspace.hpp>
#include <kp/impl/thread/combine_ops.hpp>
#include <kp/impl/thread/exact_sum.hpp>

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
    fold_in(op, acc, x(i), i);
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

// kp::reproducible: the exact sum of x (op: an ExactSumOp or ExactTransformOp)
// by `algorithm`, rounded once on the host (fences `space`).
template <class Space, class XView, class Op>
auto reproducible_sum(const char* call, const Space& space, const XView& x, const Op& op,
                      Algorithm algorithm) {
  return round_exact(reduce(call, space, x, op, algorithm));
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
