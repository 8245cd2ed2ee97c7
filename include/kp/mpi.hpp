#pragma once
// kp::mpi: the kp:: calls over the ranks of an MPI communicator. Each rank
// holds its contiguous slice of one global array, in rank order (rank 0 the
// first elements); a slice may be empty. CMake target KokkosPrimitives::kp_mpi.
//
//   double s = kp::mpi::reduce(comm, space, x);                  // the global sum
//   kp::ValueIndex<float> m = kp::mpi::minloc(comm, space, x);   // its GLOBAL index
//   kp::mpi::inclusive_scan(comm, space, in, out);               // global prefix sums
//   kp::mpi::exclusive_scan(comm, space, in, out, init);         // rank 0 starts at init
//   kp::mpi::histogram(comm, space, values, counts);             // global counts, every rank
//   kp::mpi::sample(comm, space, weights, draws, seed, counts);  // counts of the rank's items
//
// - Collectives: every rank of `comm` makes the same calls in the same
//   order, with the same bins, draws, seed, init and user operation.
// - Answers: those of the one-rank kp:: call on the global array, and the
//   same on every rank. Exactly so for integer reduce and scans, minloc /
//   maxloc of any type (ties to the first global index, the first NaN wins,
//   empty global input gives index -1), histogram, and sample: its counts
//   for one seed do not depend on the number of ranks.
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
//   per rank; histogram adds an MPI_Allreduce of the bins; sample an
//   MPI_Allgatherv of all the weights (every rank builds the global alias
//   table, O(n)) and an MPI_Reduce_scatter of the counts, while the draws
//   are split between the ranks. Counts of histogram and sample, and
//   sample's global weights, are below 2^31 (MPI's int counts).
// - Fences: reduce, minloc / maxloc, histogram and sample fence `space` and
//   return with their results written. The scans fence `space` once on
//   every rank but the last (for the rank's total: the last rank's is not
//   needed, so it skips that pass) and then scan asynchronously, like
//   kp::inclusive_scan.
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
#include <kp/minloc.hpp>
#include <kp/reduce.hpp>
#include <kp/sample.hpp>
#include <kp/scan.hpp>
#include <kp/value_index.hpp>

namespace kp::mpi {

namespace detail {

inline void check(int rc, const char* what) {
  if (rc != MPI_SUCCESS) throw std::runtime_error(std::string("kp::mpi: ") + what + " failed");
}

inline int comm_size(MPI_Comm comm) {
  int size = 0;
  check(MPI_Comm_size(comm, &size), "MPI_Comm_size");
  return size;
}

inline int comm_rank(MPI_Comm comm) {
  int rank = 0;
  check(MPI_Comm_rank(comm, &rank), "MPI_Comm_rank");
  return rank;
}

template <class T>
MPI_Datatype datatype() {
  if constexpr (std::is_same_v<T, float>) {
    return MPI_FLOAT;
  } else if constexpr (std::is_same_v<T, double>) {
    return MPI_DOUBLE;
  } else if constexpr (std::is_same_v<T, std::uint32_t>) {
    return MPI_UINT32_T;
  } else {
    static_assert(std::is_same_v<T, std::uint64_t>, "kp::mpi: no MPI datatype for this type");
    return MPI_UINT64_T;
  }
}

// n as an MPI element count (the same n on every rank: all throw alike).
inline int mpi_count(const char* call, std::int64_t n) {
  if (n > INT_MAX) {
    throw std::invalid_argument(std::string(call) + ": " + std::to_string(n) +
                                " elements; MPI counts stop at 2^31 - 1");
  }
  return static_cast<int>(n);
}

// Runs `local` (this rank's own work, returning a trivially copyable value)
// and returns every rank's value, in rank order, on every rank. If `local`
// threw on any rank, every rank throws: its own exception where it was
// thrown, std::runtime_error naming the first failed rank elsewhere.
template <class Local>
auto all_gather(MPI_Comm comm, const char* call, const Local& local) {
  using T = decltype(local());
  static_assert(std::is_trivially_copyable_v<T>, "kp::mpi: gathered values are copied as bytes");
  struct Record {
    T value;
    int failed;
  };
  Record mine{};
  std::exception_ptr error;
  try {
    mine.value = local();
  } catch (...) {
    error = std::current_exception();
    mine.failed = 1;
  }
  std::vector<Record> all(comm_size(comm));
  check(MPI_Allgather(&mine, sizeof(Record), MPI_BYTE, all.data(), sizeof(Record), MPI_BYTE, comm),
        "MPI_Allgather");
  std::vector<T> values;
  values.reserve(all.size());
  for (std::size_t r = 0; r < all.size(); ++r) {
    if (all[r].failed) {
      if (error) std::rethrow_exception(error);
      throw std::runtime_error(std::string(call) + ": failed on rank " + std::to_string(r));
    }
    values.push_back(all[r].value);
  }
  return values;
}

template <class Dst, class Src>
struct CopyElements {
  Dst dst;
  Src src;
  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t i) const { dst(i) = src(i); }
};

template <class T>
using HostArray = Kokkos::View<T*, Kokkos::HostSpace, Kokkos::MemoryTraits<Kokkos::Unmanaged>>;

// The elements of the rank-1 View v (any layout) on the host; fences.
template <class Space, class V>
std::vector<impl::value_t<V>> to_host(const Space& space, const V& v) {
  using T = impl::value_t<V>;
  const std::int64_t n = v.extent(0);
  std::vector<T> host(n);
  impl::View<const T*, Space> contiguous = impl::contiguous_in<Space>(v);
  if (!impl::is_contiguous(v)) {
    impl::View<T*, Space> copy(Kokkos::view_alloc(Kokkos::WithoutInitializing, "kp::mpi staging"),
                               n);
    Kokkos::parallel_for("kp::mpi::gather-elements", impl::IndexRange<Space>(space, 0, n),
                         CopyElements<impl::View<T*, Space>, V>{copy, v});
    contiguous = copy;
  }
  Kokkos::deep_copy(space, HostArray<T>(host.data(), n), contiguous);
  space.fence();
  return host;
}

// dst(i) = host[i] for the rank-1 View dst (any layout); fences.
template <class Space, class Dst>
void from_host(const Space& space, const std::vector<impl::value_t<Dst>>& host, const Dst& dst) {
  using T = impl::value_t<Dst>;
  const std::int64_t n = dst.extent(0);
  const HostArray<const T> src(host.data(), n);
  if (impl::is_contiguous(dst)) {
    Kokkos::deep_copy(space, impl::contiguous_out<Space>(dst), src);
  } else {
    impl::View<T*, Space> copy(Kokkos::view_alloc(Kokkos::WithoutInitializing, "kp::mpi staging"),
                               n);
    Kokkos::deep_copy(space, copy, src);
    Kokkos::parallel_for("kp::mpi::scatter-elements", impl::IndexRange<Space>(space, 0, n),
                         CopyElements<Dst, impl::View<T*, Space>>{dst, copy});
  }
  space.fence();
}

// The first of the draws [0, draws) that rank r of `ranks` makes.
inline std::uint64_t first_draw(std::uint64_t draws, int ranks, int r) {
  const auto p = static_cast<std::uint64_t>(ranks), q = static_cast<std::uint64_t>(r);
  return draws / p * q + draws % p * q / p;
}

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

template <class ExecSpace, class InView, class OutView>
void scan(MPI_Comm comm, const char* call, const ExecSpace& space, const InView& in,
          const OutView& out, bool inclusive, impl::value_t<OutView> init) {
  using T = impl::value_t<OutView>;
  using In = impl::value_t<InView>;
  const int rank = comm_rank(comm);
  const bool last = rank + 1 == comm_size(comm);
  const auto totals = all_gather(comm, call, [&] {
    if (out.extent(0) != in.extent(0)) {
      throw std::invalid_argument(std::string(call) + ": in has " + std::to_string(in.extent(0)) +
                                  " elements, out " + std::to_string(out.extent(0)));
    }
    // The last rank's total is no rank's offset: one pass fewer there (and
    // on one rank, where this is kp::inclusive_scan plus an all-gather).
    return last ? In(0) : kp::reduce(space, in);
  });
  // This rank's slice starts from init plus the lower ranks' totals.
  T offset = init;
  for (int r = 0; r < rank; ++r) offset += totals[r];
  impl::scan(call, space, in, out, inclusive, offset, Algorithm::automatic);
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
  using W = impl::value_t<WeightsView>;
  using Count = impl::value_t<CountsView>;
  const std::vector<std::int64_t> sizes = detail::all_gather(comm, call, [&] {
    if (counts.extent(0) != weights.extent(0)) {
      throw std::invalid_argument(std::string(call) + ": " + std::to_string(weights.extent(0)) +
                                  " weights but " + std::to_string(counts.extent(0)) + " counts");
    }
    return static_cast<std::int64_t>(weights.extent(0));
  });
  std::vector<int> slice(sizes.size()), start(sizes.size());
  std::int64_t n = 0;
  for (std::size_t r = 0; r < sizes.size(); ++r) {
    start[r] = detail::mpi_count(call, n);
    slice[r] = static_cast<int>(sizes[r]);
    n += sizes[r];
  }
  detail::mpi_count(call, n);  // the global weights too
  const int rank = detail::comm_rank(comm);

  // Every rank builds the global table from the same weights: the same
  // table as one rank's (bad weights: every rank throws alike).
  const std::vector<W> mine = detail::to_host(space, weights);
  std::vector<W> all(n);
  detail::check(MPI_Allgatherv(mine.data(), slice[rank], detail::datatype<W>(), all.data(),
                               slice.data(), start.data(), detail::datatype<W>(), comm),
                "MPI_Allgatherv");
  const impl::View<W*, ExecSpace> global_weights(
      Kokkos::view_alloc(Kokkos::WithoutInitializing, "kp::mpi::sample weights"), n);
  detail::from_host(space, all, global_weights);
  const impl::View<impl::DrawColumn*, ExecSpace> columns(
      Kokkos::view_alloc(Kokkos::WithoutInitializing, "kp::mpi::sample table"), n);
  const AliasTable<ExecSpace> table(space, global_weights, columns);  // checked: fences

  // This rank's share of the draws, counted for every item, then summed
  // over the ranks, each keeping its own items' sums.
  const impl::View<Count*, ExecSpace> drawn(
      Kokkos::view_alloc(Kokkos::WithoutInitializing, "kp::mpi::sample counts"), n);
  const int ranks = static_cast<int>(sizes.size());
  impl::draw(space, columns, detail::first_draw(draws, ranks, rank),
             detail::first_draw(draws, ranks, rank + 1), seed, drawn, Algorithm::automatic);
  const std::vector<Count> host = detail::to_host(space, drawn);
  std::vector<Count> own(slice[rank]);
  detail::check(MPI_Reduce_scatter(host.data(), own.data(), slice.data(), detail::datatype<Count>(),
                                   MPI_SUM, comm),
                "MPI_Reduce_scatter");
  detail::from_host(space, own, counts);
}

}  // namespace kp::mpi
