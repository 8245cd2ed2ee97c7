#include "harness/ranks.hpp"

#include <climits>
#include <cstring>
#include <stdexcept>

namespace bench {

std::string rank_prefix() {
  return ranks() > 1 ? "rank " + std::to_string(rank()) + ": " : std::string();
}

Slice slice_of(std::int64_t n, int rank, int ranks) {
  const std::int64_t p = ranks, r = rank, base = n / p, extra = n % p;
  return {base * r + (r < extra ? r : extra), base + (r < extra ? 1 : 0)};
}

#ifdef KP_HAVE_MPI

namespace {
void check(int rc, const char* what) {
  if (rc != MPI_SUCCESS) throw std::runtime_error(std::string(what) + " failed");
}
MPI_Comm node_comm() {
  static MPI_Comm node = [] {
    MPI_Comm comm;
    check(MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &comm),
          "MPI_Comm_split_type");
    return comm;
  }();
  return node;
}
}  // namespace

MPI_Comm world() {
  return MPI_COMM_WORLD;
}
int rank() {
  int r = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &r);
  return r;
}
int ranks() {
  int p = 1;
  MPI_Comm_size(MPI_COMM_WORLD, &p);
  return p;
}
int node_rank() {
  int r = 0;
  MPI_Comm_rank(node_comm(), &r);
  return r;
}
int node_ranks() {
  int p = 1;
  MPI_Comm_size(node_comm(), &p);
  return p;
}
void barrier() {
  check(MPI_Barrier(MPI_COMM_WORLD), "MPI_Barrier");
}
double max_over_ranks(double x) {
  check(MPI_Allreduce(MPI_IN_PLACE, &x, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD), "MPI_Allreduce");
  return x;
}
double sum_over_ranks(double x) {
  check(MPI_Allreduce(MPI_IN_PLACE, &x, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD), "MPI_Allreduce");
  return x;
}
void sum_over_ranks(std::uint32_t* values, std::size_t n) {
  check(MPI_Allreduce(MPI_IN_PLACE, values, static_cast<int>(n), MPI_UINT32_T, MPI_SUM,
                      MPI_COMM_WORLD),
        "MPI_Allreduce");
}
std::vector<std::uint64_t> gather_parts(const std::uint64_t* part, std::int64_t n) {
  const int p = ranks();
  std::vector<int> counts(p), starts(p);
  for (int r = 0; r < p; ++r) {
    const Slice s = slice_of(n, r, p);
    if (s.first + s.count > INT32_MAX) throw std::runtime_error("gather_parts: more than 2^31");
    counts[r] = static_cast<int>(s.count);
    starts[r] = static_cast<int>(s.first);
  }
  std::vector<std::uint64_t> all(static_cast<std::size_t>(n));
  check(MPI_Allgatherv(part, counts[rank()], MPI_UINT64_T, all.data(), counts.data(), starts.data(),
                       MPI_UINT64_T, MPI_COMM_WORLD),
        "MPI_Allgatherv");
  return all;
}
bool all_ranks(bool pass) {
  int all = pass ? 1 : 0;
  check(MPI_Allreduce(MPI_IN_PLACE, &all, 1, MPI_INT, MPI_LAND, MPI_COMM_WORLD), "MPI_Allreduce");
  return all != 0;
}
std::vector<unsigned char> all_gather_bytes(const void* bytes, std::size_t size) {
  std::vector<unsigned char> all(size * static_cast<std::size_t>(ranks()));
  check(MPI_Allgather(bytes, static_cast<int>(size), MPI_BYTE, all.data(), static_cast<int>(size),
                      MPI_BYTE, MPI_COMM_WORLD),
        "MPI_Allgather");
  return all;
}
std::vector<unsigned char> all_gather_varying(const void* bytes, std::size_t size) {
  const int p = ranks();
  const auto sizes = all_gather(static_cast<std::uint64_t>(size));
  std::vector<int> counts(p), starts(p);
  std::uint64_t total = 0;
  for (int r = 0; r < p; ++r) {
    starts[r] = static_cast<int>(total);
    total += sizes[r];
    if (total > INT32_MAX) throw std::runtime_error("all_gather_varying: 2^31 bytes or more");
    counts[r] = static_cast<int>(sizes[r]);
  }
  std::vector<unsigned char> all(total);
  check(MPI_Allgatherv(bytes, counts[rank()], MPI_BYTE, all.data(), counts.data(), starts.data(),
                       MPI_BYTE, MPI_COMM_WORLD),
        "MPI_Allgatherv");
  return all;
}
MpiSession::MpiSession(int& argc, char**& argv) {
  MPI_Init(&argc, &argv);
}
MpiSession::~MpiSession() {
  int finalized = 0;
  MPI_Finalized(&finalized);
  if (!finalized) MPI_Finalize();
}
int abort_ranks(int code) {
  if (ranks() > 1) MPI_Abort(MPI_COMM_WORLD, code);
  return code;
}

#else

int rank() {
  return 0;
}
int ranks() {
  return 1;
}
int node_rank() {
  return 0;
}
int node_ranks() {
  return 1;
}
void barrier() {}
double max_over_ranks(double x) {
  return x;
}
double sum_over_ranks(double x) {
  return x;
}
void sum_over_ranks(std::uint32_t*, std::size_t) {}
std::vector<std::uint64_t> gather_parts(const std::uint64_t* part, std::int64_t n) {
  return std::vector<std::uint64_t>(part, part + n);
}
bool all_ranks(bool pass) {
  return pass;
}
std::vector<unsigned char> all_gather_bytes(const void* bytes, std::size_t size) {
  std::vector<unsigned char> all(size);
  std::memcpy(all.data(), bytes, size);
  return all;
}
std::vector<unsigned char> all_gather_varying(const void* bytes, std::size_t size) {
  return all_gather_bytes(bytes, size);
}
MpiSession::MpiSession(int&, char**&) {}
MpiSession::~MpiSession() = default;
int abort_ranks(int code) {
  return code;
}

#endif

}  // namespace bench
