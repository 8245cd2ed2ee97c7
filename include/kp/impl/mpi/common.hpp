#pragma once
// What kp::mpi's calls share: MPI error checks, an all-gather that agrees on
// errors, an all-gather of a rank's elements of any trivially copyable type,
// the ranks' slices, and host staging of a View's elements (kp::mpi moves
// data through host memory, not CUDA-aware MPI).
#include <mpi.h>

#include <Kokkos_Core.hpp>
#include <climits>
#include <cstdint>
#include <exception>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include <kp/impl/core/common.hpp>
#include <kp/impl/core/views.hpp>

namespace kp::mpi::detail {

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

// MPI's datatype of one T as sizeof(T) bytes (any trivially copyable T), so
// that counts and displacements number elements, not bytes.
template <class T>
class BytesType {
 public:
  BytesType() {
    static_assert(std::is_trivially_copyable_v<T>, "kp::mpi: elements are sent as bytes");
    check(MPI_Type_contiguous(static_cast<int>(sizeof(T)), MPI_BYTE, &type_),
          "MPI_Type_contiguous");
    check(MPI_Type_commit(&type_), "MPI_Type_commit");
  }
  ~BytesType() { MPI_Type_free(&type_); }
  BytesType(const BytesType&) = delete;
  BytesType& operator=(const BytesType&) = delete;
  MPI_Datatype get() const { return type_; }

 private:
  MPI_Datatype type_ = MPI_DATATYPE_NULL;
};

// Where each of the parts of counts[r] elements starts in their
// concatenation (MPI displacements), and the concatenation's length.
inline std::pair<std::vector<int>, std::int64_t> displacements(const char* call,
                                                               const std::vector<int>& counts) {
  std::vector<int> at(counts.size());
  std::int64_t total = 0;
  for (std::size_t r = 0; r < counts.size(); ++r) {
    at[r] = mpi_count(call, total);
    total += counts[r];
  }
  return {at, total};
}

// Every rank's elements, in rank order, on every rank, from each rank's
// `mine` (an MPI_Allgather of the counts, then an MPI_Allgatherv).
template <class T>
std::vector<T> all_gather_v(MPI_Comm comm, const char* call, const std::vector<T>& mine) {
  const int count = mpi_count(call, static_cast<std::int64_t>(mine.size()));
  std::vector<int> counts(comm_size(comm));
  check(MPI_Allgather(&count, 1, MPI_INT, counts.data(), 1, MPI_INT, comm), "MPI_Allgather");
  const auto [at, total] = displacements(call, counts);
  std::vector<T> all(static_cast<std::size_t>(total));
  const BytesType<T> type;
  check(MPI_Allgatherv(mine.data(), count, type.get(), all.data(), counts.data(), at.data(),
                       type.get(), comm),
        "MPI_Allgatherv");
  return all;
}

// The ranks' slices of the global items: rank r's starts at starts[r],
// starts[ranks] is the total; this rank's n items are [lo, hi).
struct Slices {
  std::vector<std::int64_t> starts;
  std::int64_t n, lo, hi, n_global;
  // Whether every rank's slice starts on a multiple of `items` (the same
  // answer on every rank).
  bool all_start_on(std::int64_t items) const {
    for (std::size_t r = 1; r + 1 < starts.size(); ++r) {
      if (starts[r] % items != 0) return false;
    }
    return true;
  }
  // The nodes of `items` items each that hold this slice: [first_of, end_of).
  std::int64_t first_of(std::int64_t items) const { return n > 0 ? lo / items : 0; }
  std::int64_t end_of(std::int64_t items) const { return n > 0 ? (hi + items - 1) / items : 0; }
};

// Every rank's slice from every rank's size (in rank order); `me` is this rank.
inline Slices slices_of(const std::vector<std::int64_t>& sizes, int me) {
  std::vector<std::int64_t> starts(sizes.size() + 1, 0);
  for (std::size_t r = 0; r < sizes.size(); ++r) starts[r + 1] = starts[r] + sizes[r];
  return {starts, sizes[me], starts[me], starts[me + 1], starts.back()};
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

}  // namespace kp::mpi::detail
