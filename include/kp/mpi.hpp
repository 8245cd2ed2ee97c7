#pragma once
// kp::mpi: the kp:: calls over the ranks of an MPI communicator. Each rank
// holds its contiguous slice of one global array, in rank order (rank 0 the
// first elements); a slice may be empty. CMake target KokkosPrimitives::kp_mpi.
//
//   double s = kp::mpi::reduce(comm, space, x);                  // the global sum
//   kp::ValueIndex<float> m = kp::mpi::minloc(comm, space, x);   // its GLOBAL index
//   kp::mpi::inclusive_scan(comm, space, in, out);               // global prefix sums
//   kp::mpi::exclusive_scan(comm, space, in, out, init);         // rank 0 starts at init
//   kp::mpi::inclusive_scan(comm, space, in, out, op);           // by any associative op
//   kp::mpi::histogram(comm, space, values, counts);             // global counts, every rank
//   kp::mpi::sample(comm, space, weights, draws, seed, counts);  // counts of the rank's items
//   kp::mpi::sort(comm, space, keys);                            // keys resized: a sorted slice
//   kp::mpi::sort(comm, space, keys, values);                    // values follow their keys
//
// - Collectives: every rank of `comm` makes the same calls in the same
//   order, with the same bins, draws, seed, init and user operation.
// - sort is the exception to "answers the same on every rank": each rank
//   ends with its slice of the sorted global array, of another length than
//   it came with (see sort below).
// - Answers: those of the one-rank kp:: call on the global array, and the
//   same on every rank. Exactly so for integer reduce and scans, minloc /
//   maxloc of any type (ties to the first global index, the first NaN wins,
//   empty global input gives index -1), histogram, and sample (any weights:
//   its counts for one seed are kp::sample's, whatever the number of ranks).
// - Floating-point sums and scans: each rank's sum is combined with the
//   others in rank order on every rank (gathered, then folded on the host),
//   so every rank gets the same bits, which differ from the one-rank answer
//   by rounding only: both are within n * eps * sum|x| of the exact sum (n
//   the global size, eps the type's epsilon), so within twice that of each
//   other. A scan element also differs by the rounding of adding its rank's
//   offset.
// - Errors: when a kp:: call refuses its arguments on one rank, the call
//   throws on every rank (that rank's own exception there,
//   std::runtime_error naming it on the others), instead of leaving the
//   others waiting in a collective.
// - Data path: through host memory (Kokkos::deep_copy to and from the
//   space), not CUDA-aware MPI. Per call, one MPI_Allgather of a few bytes
//   per rank; histogram adds an MPI_Allreduce of the bins (fewer than 2^31).
//   sample splits kp::sample's tree of the global weights
//   (impl/mpi/sample.hpp): each rank receives the other ranks' sums of one
//   level of the tree (8 bytes per 1024 items, per 2^20 where every slice
//   starts on a multiple of 2^20 items) and at most 2048 weights of the
//   blocks that straddle its slice's ends (none where every slice starts on
//   a multiple of 1024); no counts and nothing per draw move. sort moves
//   its keys (and values): each that changes rank once, in one
//   MPI_Alltoallv, after about 256 samples a rank (24 bytes each) and the
//   counts (4 bytes a rank pair). On one rank nothing moves.
// - Fences: reduce, minloc / maxloc, histogram and sample fence `space` and
//   return with their results written. The scans fence `space` once on
//   every rank but the last (for the rank's total: the last rank's is not
//   needed, so it skips that pass) and then scan asynchronously, like
//   kp::inclusive_scan. sort fences `space` and returns with its Views
//   written.
#include <mpi.h>

#include <Kokkos_Core.hpp>
#include <climits>
#include <cstdint>
#include <exception>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include <kp/histogram.hpp>
#include <kp/impl/mpi/common.hpp>
#include <kp/impl/mpi/sample.hpp>
#include <kp/impl/mpi/sort.hpp>
#include <kp/minloc.hpp>
#include <kp/reduce.hpp>
#include <kp/sample.hpp>
#include <kp/scan.hpp>
#include <kp/sort.hpp>
#include <kp/value_index.hpp>

namespace kp::mpi {

// What one kp::mpi::sort did on this rank (impl/mpi/sort.hpp).
using SortStats = detail::SortStats;

namespace detail {

template <bool kMax, class ExecSpace, class XView>
ValueIndex<impl::value_t<XView>> extremum(MPI_Comm comm, const char* call, const ExecSpace& space,
                                          const XView& x) {
  using T = impl::value_t<XView>;
  using Op = impl::FirstLoc<T, kMax>;
  struct Slice {
    ValueIndex<T> best;  // index within the slice
    std::int64_t size;
  };
  const auto slices = all_gather(comm, call, [&] {
    return Slice{kMax ? kp::maxloc(space, x) : kp::minloc(space, x),
                 static_cast<std::int64_t>(x.extent(0))};
  });
  // Rank order gives the global indices; FirstLoc's order the first extremum.
  const ValueIndex<T> best = Op::join_slices(slices);
  return best.index == Op::kNone ? Op::empty() : best;
}

// A scan's in and out have the same length (thrown inside the all-gather,
// so that every rank throws).
template <class InView, class OutView>
void check_lengths(const char* call, const InView& in, const OutView& out) {
  if (out.extent(0) != in.extent(0)) {
    throw std::invalid_argument(std::string(call) + ": in has " + std::to_string(in.extent(0)) +
                                " elements, out " + std::to_string(out.extent(0)));
  }
}

template <class ExecSpace, class InView, class OutView>
void scan(MPI_Comm comm, const char* call, const ExecSpace& space, const InView& in,
          const OutView& out, bool inclusive, impl::value_t<OutView> init) {
  using T = impl::value_t<OutView>;
  using In = impl::value_t<InView>;
  const int rank = comm_rank(comm);
  const bool last = rank + 1 == comm_size(comm);
  const auto totals = all_gather(comm, call, [&] {
    check_lengths(call, in, out);
    // The last rank's total is no rank's offset: one pass fewer there (and
    // on one rank, where this is kp::inclusive_scan plus an all-gather).
    return last ? In(0) : kp::reduce(space, in);
  });
  // This rank's slice starts from init plus the lower ranks' totals.
  T offset = init;
  for (int r = 0; r < rank; ++r) offset += totals[r];
  impl::scan(call, space, in, out, inclusive, offset, impl::Algorithm::automatic);
}

// The scan by `op`, which need not commute: a rank's total is the last
// element of its own inclusive scan (a reduction would assume an order of
// combination), scanned into `out`, or into a temporary slice when the scan
// is in place. Totals are gathered and combined in rank order; each rank then
// scans its slice from the lower ranks' combination.
template <class ExecSpace, class InView, class OutView, class Op>
void op_scan(MPI_Comm comm, const char* call, const ExecSpace& space, const InView& in,
             const OutView& out, bool inclusive, const impl::Running<impl::value_t<OutView>>& init,
             const Op& op) {
  using T = impl::value_t<OutView>;
  static_assert(std::is_same_v<impl::value_t<InView>, T>,
                "kp::mpi: scan input and output value types differ");
  static_assert(std::is_trivially_copyable_v<T>, "kp::mpi: scanned values are sent as bytes");
  const int rank = comm_rank(comm);
  const bool last = rank + 1 == comm_size(comm);
  const auto totals = all_gather(comm, call, [&] {
    check_lengths(call, in, out);
    const std::size_t n = in.extent(0);
    impl::Running<T> total{T{}, false};
    if (last || n == 0) return total;
    // This slice's inclusive scan; its last element is the total.
    const auto scan_into = [&](const auto& target) {
      impl::scan(call, space, in, target, true, impl::Running<T>{T{}, false}, op, impl::Identity(),
                 impl::Algorithm::automatic);
      Kokkos::deep_copy(space, Kokkos::View<T, Kokkos::HostSpace>(&total.value),
                        Kokkos::subview(target, n - 1));
    };
    if (in.data() == out.data()) {  // in place: into a temporary, `in` is read again below
      scan_into(Kokkos::View<T*, typename OutView::memory_space>(
          Kokkos::view_alloc(Kokkos::WithoutInitializing, "kp::mpi total"), n));
    } else {
      scan_into(out);
    }
    space.fence();
    total.any = true;
    return total;
  });
  impl::Running<T> offset = init;
  for (int r = 0; r < rank; ++r) {
    if (totals[r].any)
      offset = {offset.any ? op(offset.value, totals[r].value) : totals[r].value, true};
  }
  impl::scan(call, space, in, out, inclusive, offset, op, impl::Identity(),
             impl::Algorithm::automatic);
}

}  // namespace detail

// The fold by `op` of the global array (op: associative, commutative,
// callable on the space and on the host; identity: op's identity), the same
// on every rank: each rank's fold, then those folded in rank order.
template <class ExecSpace, class XView, class T, class BinaryOp,
          class = std::enable_if_t<!Kokkos::is_view<T>::value>>
T reduce(MPI_Comm comm, const ExecSpace& space, const XView& x, T identity, BinaryOp op) {
  const auto partials = detail::all_gather(comm, "kp::mpi::reduce",
                                           [&] { return kp::reduce(space, x, identity, op); });
  T result = identity;
  for (const T& partial : partials) result = op(result, partial);
  return result;
}

// The sum of the global array (integers: exactly the one-rank sum).
template <class ExecSpace, class XView>
typename XView::non_const_value_type reduce(MPI_Comm comm, const ExecSpace& space, const XView& x) {
  using T = typename XView::non_const_value_type;
  static_assert(std::is_arithmetic_v<T>, "kp::mpi::reduce: a sum needs arithmetic values");
  return reduce(comm, space, x, T(0), impl::Plus<T>{});
}

// The minimum / maximum of the global array and the GLOBAL index of its
// first occurrence, under kp::minloc's rules.
template <class ExecSpace, class XView>
ValueIndex<typename XView::non_const_value_type> minloc(MPI_Comm comm, const ExecSpace& space,
                                                        const XView& x) {
  return detail::extremum<false>(comm, "kp::mpi::minloc", space, x);
}
template <class ExecSpace, class XView>
ValueIndex<typename XView::non_const_value_type> maxloc(MPI_Comm comm, const ExecSpace& space,
                                                        const XView& x) {
  return detail::extremum<true>(comm, "kp::mpi::maxloc", space, x);
}

// out = this rank's slice of the global inclusive scan of in.
template <class ExecSpace, class InView, class OutView>
void inclusive_scan(MPI_Comm comm, const ExecSpace& space, const InView& in, const OutView& out) {
  detail::scan(comm, "kp::mpi::inclusive_scan", space, in, out, true, impl::value_t<OutView>(0));
}

// out = this rank's slice of the global exclusive scan of in from init.
template <class ExecSpace, class InView, class OutView>
void exclusive_scan(MPI_Comm comm, const ExecSpace& space, const InView& in, const OutView& out,
                    typename OutView::non_const_value_type init) {
  detail::scan(comm, "kp::mpi::exclusive_scan", space, in, out, false, init);
}

// The scans by `op` (kp::inclusive_scan's rules: associative, need not
// commute; callable on the space and on the host): the answer of the
// one-rank scan, exactly where `op` is exact, the ranks combined in rank
// order. Each rank but the last scans its slice twice (the first time for
// its total, into `out`, or into a temporary slice of its size when in
// place); these fence `space` before the all-gather.
template <class ExecSpace, class InView, class OutView, class BinaryOp,
          class = std::enable_if_t<!std::is_enum_v<BinaryOp>>>
void inclusive_scan(MPI_Comm comm, const ExecSpace& space, const InView& in, const OutView& out,
                    BinaryOp op) {
  using T = impl::value_t<OutView>;
  detail::op_scan(comm, "kp::mpi::inclusive_scan", space, in, out, true,
                  impl::Running<T>{T{}, false}, op);
}

// out(i) = op(... op(init, x(0)) ..., x(i - 1)), x the global array.
template <class ExecSpace, class InView, class OutView, class BinaryOp,
          class = std::enable_if_t<!std::is_enum_v<BinaryOp>>>
void exclusive_scan(MPI_Comm comm, const ExecSpace& space, const InView& in, const OutView& out,
                    typename OutView::non_const_value_type init, BinaryOp op) {
  using T = impl::value_t<OutView>;
  detail::op_scan(comm, "kp::mpi::exclusive_scan", space, in, out, false,
                  impl::Running<T>{init, true}, op);
}

// counts = the histogram of the global array of values (kp::histogram's
// rules), on every rank; counts has the same number of bins on every rank.
template <class ExecSpace, class ValuesView, class CountsView>
void histogram(MPI_Comm comm, const ExecSpace& space, const ValuesView& values,
               const CountsView& counts) {
  constexpr const char* call = "kp::mpi::histogram";
  using Count = impl::value_t<CountsView>;
  const int bins = detail::mpi_count(call, counts.extent(0));
  const impl::View<Count*, ExecSpace> local(
      Kokkos::view_alloc(Kokkos::WithoutInitializing, "kp::mpi::histogram counts"), bins);
  detail::all_gather(comm, call, [&] {  // only to agree on errors
    kp::histogram(space, values, local);
    return 0;
  });
  std::vector<Count> host = detail::to_host(space, local);
  detail::check(
      MPI_Allreduce(MPI_IN_PLACE, host.data(), bins, detail::datatype<Count>(), MPI_SUM, comm),
      "MPI_Allreduce");
  detail::from_host(space, host, counts);
}

// counts(i) = how often this rank's item i (weight weights(i)) came up in
// `draws` weighted draws with replacement from the global array of weights,
// stream `seed`: the counts of the one-rank kp::sample of the global weights,
// whatever the number of ranks. counts has this rank's number of weights.
template <class ExecSpace, class WeightsView, class CountsView>
void sample(MPI_Comm comm, const ExecSpace& space, const WeightsView& weights, std::uint64_t draws,
            std::uint64_t seed, const CountsView& counts) {
  constexpr const char* call = "kp::mpi::sample";
  // Agree on the checks before any collective.
  detail::all_gather(comm, call, [&] {
    impl::check_sample_views<ExecSpace, WeightsView, CountsView>(call, weights, counts);
    return 0;
  });
  detail::sample(comm, call, space, weights, draws, seed, counts);
}

// Sorts the global array of keys (ascending, kp::sort's order and key
// types; stable): afterwards rank 0 holds its smallest keys, rank 1 the next
// ones and so on, each rank's keys sorted, so that the ranks' keys in rank
// order are the one-rank kp::sort of the global array. With values, each
// value moves with its key (kp::sort_by_key's): equal keys, and so their
// values, keep their global input order (rank, then index).
// - keys and values: owning LayoutRight or LayoutLeft rank-1 Views, passed
//   by reference and resized to the rank's new count: written in place
//   where that is their length, else replaced by a new allocation of their
//   label (other handles of the old allocation are left holding the rank's
//   locally sorted slice). values: any trivially copyable type, as many as
//   keys on every rank.
// - Counts: at most sort_count_bound(n, p) = ceil(n / p) + (p + 1) (g - 1)
//   keys a rank, n the global count, p the ranks and g = ceil(n / (256 p))
//   (about n / p + n / 256); exactly the even share floor((r + 1) n / p) -
//   floor(r n / p) where n <= 256 p. Slices may be empty, keys all equal.
// - Cost: a local radix sort, one all-gather of about 256 samples a rank
//   (24 bytes each), one MPI_Alltoall of the counts and one MPI_Alltoallv
//   of the keys (and values) through host memory, then a radix sort of the
//   runs received (skipped where they came from one rank). On one rank
//   nothing moves. Fences `space`.
// - Returns this rank's SortStats: its count afterwards, the keys and bytes
//   it sent to other ranks, and the seconds of each phase (local sort;
//   samples, splitters and counts; host copies and all-to-alls; the sort of
//   the runs received). Measuring them costs nothing: each phase ends
//   fenced anyway.
// - Errors: kp::sort_by_key's (values of another length) throw on every
//   rank before anything moves, as do more than 2^31 - 1 keys to send or
//   receive on a rank (MPI counts); by then each slice is locally sorted.
template <class ExecSpace, class KeyView>
SortStats sort(MPI_Comm comm, const ExecSpace& space, KeyView& keys) {
  impl::sort::NoValues none;
  return detail::sort(comm, "kp::mpi::sort", space, keys, none);
}
template <class ExecSpace, class KeyView, class ValueView>
SortStats sort(MPI_Comm comm, const ExecSpace& space, KeyView& keys, ValueView& values) {
  static_assert(Kokkos::is_view<ValueView>::value, "kp::mpi::sort: values are a Kokkos::View");
  return detail::sort(comm, "kp::mpi::sort", space, keys, values);
}

// The most keys kp::mpi::sort leaves on a rank, for n keys over p ranks.
inline std::int64_t sort_count_bound(std::int64_t n, int p) {
  return detail::sort_count_bound(n, p);
}

}  // namespace kp::mpi
