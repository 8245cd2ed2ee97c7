#pragma once
// What kp::mpi's calls share: MPI error checks, an all-gather that agrees on
// errors, and host staging of a View's elements (kp::mpi moves data through
// host memory, not CUDA-aware MPI).
#include <mpi.h>

#include <Kokkos_Core.hpp>
#include <climits>
#include <cstdint>
#include <exception>
#include <stdexcept>
#include <string>
#include <type_traits>
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
