#pragma once
// The MPI ranks an application runs on: one rank in a build without MPI
// (KP_HAVE_MPI unset), where every function below is the trivial one.
//
// Under mpirun every rank holds the whole host input (made the same way on
// each) and runs the variants on its slice of it; rank 0 reports. A run's
// time is that of the slowest rank (timed between barriers), its bytes and
// items the sum over the ranks.
#include <Kokkos_Core.hpp>
#include <cstdint>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

#ifdef KP_HAVE_MPI
#include <mpi.h>
#endif

namespace bench {

// This rank's contiguous share [first, first + count) of n elements: the
// ranks in order, the first n % ranks of them one element more.
struct Slice {
  std::int64_t first = 0;
  std::int64_t count = 0;
};
Slice slice_of(std::int64_t n, int rank, int ranks);

int rank();
int ranks();
// The ranks on this rank's node, and this rank's place among them (binds
// rank r of a node to GPU r modulo the GPUs it sees).
int node_rank();
int node_ranks();
inline Slice my_slice(std::int64_t n) {
  return slice_of(n, rank(), ranks());
}

// "rank R: " for messages when more than one rank runs, else "".
std::string rank_prefix();

// This rank's part of a rank-1 View of the global input: all of it on one rank.
template <class V>
auto my_part(const V& global) {
  const Slice s = my_slice(static_cast<std::int64_t>(global.extent(0)));
  return Kokkos::subview(global, std::make_pair(s.first, s.first + s.count));
}

void barrier();
double max_over_ranks(double x);
double sum_over_ranks(double x);
// values[i] = its sum over the ranks, on every rank.
void sum_over_ranks(std::uint32_t* values, std::size_t n);
// The global array from every rank's part (its my_slice(n) of n), on every rank.
std::vector<std::uint64_t> gather_parts(const std::uint64_t* part, std::int64_t n);
// True on every rank when `pass` is true on every rank.
bool all_ranks(bool pass);
// Every rank's `bytes` (the same size on each), in rank order.
std::vector<unsigned char> all_gather_bytes(const void* bytes, std::size_t size);
// Every rank's `bytes` (any size on each, fewer than 2^31 in all),
// concatenated in rank order, on every rank.
std::vector<unsigned char> all_gather_varying(const void* bytes, std::size_t size);

template <class T>
std::vector<T> all_gather(const T& value) {
  const auto bytes = all_gather_bytes(&value, sizeof(T));
  std::vector<T> values(static_cast<std::size_t>(ranks()));
  for (std::size_t r = 0; r < values.size(); ++r) {
    std::memcpy(&values[r], bytes.data() + r * sizeof(T), sizeof(T));
  }
  return values;
}

#ifdef KP_HAVE_MPI
MPI_Comm world();
#endif

// RAII: MPI_Init / MPI_Finalize in a build with MPI; nothing without.
class MpiSession {
 public:
  MpiSession(int& argc, char**& argv);
  ~MpiSession();
  MpiSession(const MpiSession&) = delete;
  MpiSession& operator=(const MpiSession&) = delete;
};

// Ends every rank after a runtime error on one of them (MPI_Abort), so that
// the others do not wait in a collective; returns `code` without MPI.
int abort_ranks(int code);

}  // namespace bench
