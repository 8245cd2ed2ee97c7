// kp::mpi on every enabled space, run by ctest under mpirun with 1, 2 and 3
// ranks (sample and sort also with 4 and 5). Every rank builds the same global array, keeps its
// slice, and compares the distributed call with the one-rank kp:: call on the global array:
// bit-identical for integers, minloc / maxloc, histogram and sample; float sums within the rounding
// bound. Global sizes below the rank count and splits that leave ranks empty are among the cases.
//
// Every rank runs the same test cases in the same order and makes every
// collective call unconditionally: only CHECK (never REQUIRE) follows them,
// so a failure on one rank cannot leave the others waiting.
#include <mpi.h>
#include <kp/mpi.hpp>

#include <algorithm>
#include <catch2/catch_session.hpp>
#include <catch2/catch_template_test_macros.hpp>
#include <catch2/catch_test_macros.hpp>
#include <catch2/generators/catch_generators.hpp>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <stdexcept>
#include <type_traits>
#include <utility>
#include <vector>

#include "kp/affine.hpp"
#include "kp/helpers.hpp"

using namespace kp::test;

namespace {

const MPI_Comm kComm = MPI_COMM_WORLD;

int rank() {
  int r = 0;
  MPI_Comm_rank(kComm, &r);
  return r;
}
int ranks() {
  int p = 1;
  MPI_Comm_size(kComm, &p);
  return p;
}

// How the global array of n elements is split: evenly; all on the last rank
// (the others empty); or unevenly with rank 1 empty (rank r's share r + 1).
enum class Split { even, last_rank, uneven };
const std::vector<Split> kSplits = {Split::even, Split::last_rank, Split::uneven};
const char* split_name(Split s) {
  return s == Split::even ? "even" : s == Split::last_rank ? "last rank" : "uneven";
}
const std::vector<std::int64_t> kSizes = {0, 1, 2, 5, 1000, 65537};

// The first global index rank r holds.
std::int64_t slice_begin(Split split, std::int64_t n, int r) {
  const int p = ranks();
  if (split == Split::even) return n * r / p;
  if (split == Split::last_rank) return r < p ? 0 : n;
  auto share = [](int k) { return k == 1 ? 0 : k + 1; };
  std::int64_t below = 0, total = 0;
  for (int k = 0; k < p; ++k) {
    total += share(k);
    if (k < r) below += share(k);
  }
  return n * below / total;
}

// This rank's part of the global array.
template <class T>
std::vector<T> local_part(const std::vector<T>& global, Split split) {
  const std::int64_t n = global.size();
  return std::vector<T>(global.begin() + slice_begin(split, n, rank()),
                        global.begin() + slice_begin(split, n, rank() + 1));
}

// Whether every rank holds the same bits in `value` (a collective).
template <class T>
bool same_on_every_rank(const T& value) {
  std::vector<T> all(ranks());
  MPI_Allgather(&value, sizeof(T), MPI_BYTE, all.data(), sizeof(T), MPI_BYTE, kComm);
  for (const T& v : all) {
    if (std::memcmp(&v, &value, sizeof(T)) != 0) return false;
  }
  return true;
}

// Whether f threw on any rank (a collective: every rank learns it, so that
// all stop together rather than leave one waiting in a collective).
template <class F>
bool threw_on_any_rank(const F& f) {
  int threw = 0, any = 0;
  try {
    f();
  } catch (const std::exception&) {
    threw = 1;
  }
  MPI_Allreduce(&threw, &any, 1, MPI_INT, MPI_MAX, kComm);
  return any != 0;
}

template <class T>
std::vector<T> sample_values(std::int64_t n, std::int64_t modulus, std::int64_t shift) {
  std::vector<T> x(n);
  for (std::int64_t i = 0; i < n; ++i) x[i] = T((i * 2654435761ll) % modulus - shift);
  return x;
}

struct Max {
  KOKKOS_INLINE_FUNCTION std::int64_t operator()(std::int64_t a, std::int64_t b) const {
    return a > b ? a : b;
  }
};

bool same_value(double a, double b) {
  return a == b || (a != a && b != b);
}

template <class Space, class T>
void check_extrema(const std::vector<T>& global, const char* what) {
  const auto one_min = kp::minloc(Space(), to_space<Space>(global, Shape::contiguous));
  const auto one_max = kp::maxloc(Space(), to_space<Space>(global, Shape::contiguous));
  for (const Split split : kSplits) {
    for (const Shape shape : kShapes) {
      const auto x = to_space<Space>(local_part(global, split), shape);
      const auto lo = kp::mpi::minloc(kComm, Space(), x);
      const auto hi = kp::mpi::maxloc(kComm, Space(), x);
      INFO(what << ", n " << global.size() << ", " << split_name(split) << ", "
                << shape_name(shape));
      CHECK(lo.index == one_min.index);
      CHECK(hi.index == one_max.index);
      CHECK(same_value(double(lo.value), double(one_min.value)));
      CHECK(same_value(double(hi.value), double(one_max.value)));
    }
  }
}

}  // namespace

TEMPLATE_LIST_TEST_CASE("kp::mpi::reduce: integer sums and folds equal one rank's",
                        "[kp][mpi][reduce]", Spaces) {
  using Space = TestType;
  for (const std::int64_t n : kSizes) {
    const auto global = sample_values<std::int64_t>(n, 1000003, 500000);
    const auto g = to_space<Space>(global, Shape::contiguous);
    const std::int64_t one_sum = kp::reduce(Space(), g);
    const std::int64_t one_max = kp::reduce(Space(), g, INT64_MIN, Max{});
    for (const Split split : kSplits) {
      for (const Shape shape : kShapes) {
        const auto x = to_space<Space>(local_part(global, split), shape);
        const std::int64_t sum = kp::mpi::reduce(kComm, Space(), x);
        const std::int64_t max = kp::mpi::reduce(kComm, Space(), x, INT64_MIN, Max{});
        INFO("n " << n << ", " << split_name(split) << ", " << shape_name(shape));
        CHECK(sum == one_sum);
        CHECK(max == one_max);
      }
    }
  }
}

TEMPLATE_LIST_TEST_CASE(
    "kp::mpi: float sums and scans within rounding, sums the same on every rank",
    "[kp][mpi][reduce]", Spaces) {
  using Space = TestType;
  for (const std::int64_t n : kSizes) {
    std::vector<float> global(n);
    double magnitude = 0;
    for (std::int64_t i = 0; i < n; ++i) {
      global[i] = std::sin(0.001f * i) * 100.0f + 0.1f;
      magnitude += std::fabs(global[i]);
    }
    const float one = kp::reduce(Space(), to_space<Space>(global, Shape::contiguous));
    const double bound = 2.0 * n * std::numeric_limits<float>::epsilon() * magnitude;
    for (const Split split : kSplits) {
      const float sum = kp::mpi::reduce(
          kComm, Space(), to_space<Space>(local_part(global, split), Shape::contiguous));
      const bool same = same_on_every_rank(sum);
      INFO("n " << n << ", " << split_name(split) << ", one rank " << one << ", mpi " << sum);
      CHECK(std::fabs(double(sum) - double(one)) <= bound);
      CHECK(same);
    }
    auto g_out = to_space<Space>(std::vector<float>(n), Shape::contiguous);
    kp::inclusive_scan(Space(), to_space<Space>(global, Shape::contiguous), g_out);
    const auto one_scan = to_host<Space>(g_out);
    for (const Split split : kSplits) {
      const auto part = local_part(global, split);
      auto out = to_space<Space>(std::vector<float>(part.size()), Shape::contiguous);
      kp::mpi::inclusive_scan(kComm, Space(), to_space<Space>(part, Shape::contiguous), out);
      const auto scan = to_host<Space>(out);
      const auto expect = local_part(one_scan, split);
      double worst = 0;
      for (std::size_t i = 0; i < scan.size(); ++i) {
        worst = std::max(worst, std::fabs(double(scan[i]) - double(expect[i])));
      }
      INFO("scan, n " << n << ", " << split_name(split) << ", worst difference " << worst);
      CHECK(worst <= bound);
    }
  }
}

TEMPLATE_LIST_TEST_CASE("kp::mpi::minloc / maxloc: global index of the first extremum",
                        "[kp][mpi][minloc]", Spaces) {
  using Space = TestType;
  for (const std::int64_t n : kSizes) {
    // Few distinct values: ties everywhere, across the ranks' boundaries.
    std::vector<float> ties(n);
    for (std::int64_t i = 0; i < n; ++i) ties[i] = float((i * 7) % 5) - 2.0f;
    if (n > 3) ties[3] = -0.0f;
    check_extrema<Space>(ties, "float ties");
    std::vector<float> with_nan = ties;
    for (std::int64_t i = n / 2; i < n; i += 97) with_nan[i] = NAN;
    check_extrema<Space>(with_nan, "float NaN");
    check_extrema<Space>(sample_values<std::int32_t>(n, 101, 50), "int32");
  }
}

TEMPLATE_LIST_TEST_CASE("kp::mpi scans: integer scans equal one rank's", "[kp][mpi][scan]",
                        Spaces) {
  using Space = TestType;
  const std::int64_t init = 7;
  for (const std::int64_t n : kSizes) {
    const auto global = sample_values<std::int64_t>(n, 1000003, 500000);
    const auto g = to_space<Space>(global, Shape::contiguous);
    auto g_out = to_space<Space>(std::vector<std::int64_t>(n), Shape::contiguous);
    kp::inclusive_scan(Space(), g, g_out);
    const auto one_inclusive = to_host<Space>(g_out);
    kp::exclusive_scan(Space(), g, g_out, init);
    const auto one_exclusive = to_host<Space>(g_out);
    for (const Split split : kSplits) {
      for (const Shape shape : kShapes) {
        const auto part = local_part(global, split);
        const auto in = to_space<Space>(part, shape);
        auto out = to_space<Space>(std::vector<std::int64_t>(part.size(), -1), shape);
        kp::mpi::inclusive_scan(kComm, Space(), in, out);
        const auto inclusive = to_host<Space>(out);
        kp::mpi::exclusive_scan(kComm, Space(), in, out, init);
        const auto exclusive = to_host<Space>(out);
        kp::mpi::inclusive_scan(kComm, Space(), in, in);  // in place
        const auto in_place = to_host<Space>(in);
        INFO("n " << n << ", " << split_name(split) << ", " << shape_name(shape));
        CHECK(inclusive == local_part(one_inclusive, split));
        CHECK(exclusive == local_part(one_exclusive, split));
        CHECK(in_place == local_part(one_inclusive, split));
      }
    }
  }
}

// A non-commutative operation: a rank order or an order of combination
// other than the sequence's changes the answer.
TEMPLATE_LIST_TEST_CASE("kp::mpi operator scans equal one rank's, ranks in order",
                        "[kp][mpi][scan]", Spaces) {
  using Space = TestType;
  using Op = ComposeOf<Affine8>;
  const Affine8 init{3, 7};
  for (const std::int64_t n : kSizes) {
    const auto global = affine_maps<Affine8>(n);
    const auto g = to_space<Space>(global, Shape::contiguous);
    auto g_out = to_space<Space>(std::vector<Affine8>(n), Shape::contiguous);
    kp::inclusive_scan(Space(), g, g_out, Op{});
    const auto one_inclusive = to_host<Space>(g_out);
    kp::exclusive_scan(Space(), g, g_out, init, Op{});
    const auto one_exclusive = to_host<Space>(g_out);
    for (const Split split : kSplits) {
      for (const Shape shape : kShapes) {
        const auto part = local_part(global, split);
        const auto in = to_space<Space>(part, shape);
        auto out = to_space<Space>(std::vector<Affine8>(part.size()), shape);
        kp::mpi::inclusive_scan(kComm, Space(), in, out, Op{});
        const auto inclusive = to_host<Space>(out);
        kp::mpi::exclusive_scan(kComm, Space(), in, out, init, Op{});
        const auto exclusive = to_host<Space>(out);
        auto both = to_space<Space>(part, shape);
        kp::mpi::exclusive_scan(kComm, Space(), both, both, init, Op{});  // in place
        const auto in_place = to_host<Space>(both);
        INFO("n " << n << ", " << split_name(split) << ", " << shape_name(shape));
        CHECK(inclusive == local_part(one_inclusive, split));
        CHECK(exclusive == local_part(one_exclusive, split));
        CHECK(in_place == local_part(one_exclusive, split));
      }
    }
  }
}

TEMPLATE_LIST_TEST_CASE("kp::mpi::histogram: the global counts on every rank",
                        "[kp][mpi][histogram]", Spaces) {
  using Space = TestType;
  const std::int64_t bins = 17;
  for (const std::int64_t n : kSizes) {
    const auto global = sample_values<std::int32_t>(n, bins + 6, 3);  // some out of range
    const auto g = to_space<Space>(global, Shape::contiguous);
    auto g_counts = to_space<Space>(std::vector<std::uint64_t>(bins), Shape::contiguous);
    kp::histogram(Space(), g, g_counts);
    const auto one = to_host<Space>(g_counts);
    for (const Split split : kSplits) {
      for (const Shape shape : kShapes) {
        const auto values = to_space<Space>(local_part(global, split), shape);
        auto counts = to_space<Space>(std::vector<std::uint64_t>(bins, 9), shape);
        kp::mpi::histogram(kComm, Space(), values, counts);
        auto counts32 = to_space<Space>(std::vector<std::uint32_t>(bins, 9), shape);
        kp::mpi::histogram(kComm, Space(), values, counts32);
        const auto got = to_host<Space>(counts);
        const auto got32 = to_host<Space>(counts32);
        INFO("n " << n << ", " << split_name(split) << ", " << shape_name(shape));
        CHECK(got == one);
        CHECK(std::equal(got32.begin(), got32.end(), one.begin(), one.end()));
      }
    }
  }
}

TEMPLATE_LIST_TEST_CASE("kp::mpi::histogram: no bins for some values throws on every rank",
                        "[kp][mpi][histogram]", Spaces) {
  using Space = TestType;
  auto none = to_space<Space>(std::vector<std::uint64_t>{}, Shape::contiguous);
  // Only the last rank holds values: the others throw too.
  const auto values = to_space<Space>(std::vector<std::int32_t>(rank() == ranks() - 1 ? 3 : 0, 1),
                                      Shape::contiguous);
  CHECK_THROWS(kp::mpi::histogram(kComm, Space(), values, none));
  const auto empty = to_space<Space>(std::vector<std::int32_t>{}, Shape::contiguous);
  CHECK_NOTHROW(kp::mpi::histogram(kComm, Space(), empty, none));
}

TEMPLATE_LIST_TEST_CASE("kp::mpi::sample: one rank's counts whatever the rank count",
                        "[kp][mpi][sample]", Spaces) {
  using Space = TestType;
  // Patterns: mixed with zeros; one heavy item at the end or the start;
  // powers of two; all equal; non-integer weights of every magnitude.
  const auto weight = [](int pattern, std::int64_t i, std::int64_t n) {
    switch (pattern) {
      case 0:
        return i % 5 == 0 ? 0.0 : double(1 + (i * 7919) % 97);
      case 1:
        return i + 1 == n ? double(n) : 1.0;
      case 2:
        return i == 0 ? double(3 * n) : double(i % 3);
      case 3:
        return double(std::int64_t{1} << (i * 13 % 31));
      case 5:
        return std::sqrt(double(i) + 0.5) * std::pow(10.0, double(i % 41) - 20);
      default:
        return 7.0;
    }
  };
  // Sizes: below, at and past a block (1024 items), blocks that straddle
  // the ranks' ends, and two levels of blocks.
  for (const std::int64_t n : {std::int64_t{1}, std::int64_t{2}, std::int64_t{5},
                               std::int64_t{1024}, std::int64_t{3001}, std::int64_t{4097}}) {
    for (int pattern = 0; pattern < 6; ++pattern) {
      std::vector<double> global(n);
      for (std::int64_t i = 0; i < n; ++i) global[i] = weight(pattern, i, n);
      if (n == 1) global[0] = 3.0;
      for (const std::uint64_t draws :
           {std::uint64_t{0}, std::uint64_t{1}, std::uint64_t{1000003}}) {
        auto g_counts = to_space<Space>(std::vector<std::uint64_t>(n), Shape::contiguous);
        kp::sample(Space(), to_space<Space>(global, Shape::contiguous), draws, 42, g_counts);
        const auto one = to_host<Space>(g_counts);
        for (const Split split : kSplits) {
          for (const Shape shape : {Shape::contiguous, Shape::strided}) {
            const auto part = local_part(one, split);
            const auto weights = to_space<Space>(local_part(global, split), shape);
            auto counts = to_space<Space>(std::vector<std::uint64_t>(part.size(), 9), shape);
            // Host spaces run the GPUs' schedule too (the top's split
            // followed by the blocks below it, a rank without blocks
            // splitting it whole).
            // Each schedule from fresh workspaces (a total left by an earlier
            // call must not stand in for this call's), a throw on any rank
            // seen by all.
            for (const bool fold : {false, true}) {
              kp::release_workspaces();
              kp::impl::multinomial::fold_top_on_hosts() = fold;
              auto counts32 = to_space<Space>(std::vector<std::uint32_t>(part.size(), 9), shape);
              const bool threw = threw_on_any_rank([&] {
                kp::mpi::sample(kComm, Space(), weights, draws, 42, counts);
                kp::mpi::sample(kComm, Space(), weights, draws, 42, counts32);
              });
              kp::impl::multinomial::fold_top_on_hosts() = false;
              REQUIRE(!threw);
              const auto got = to_host<Space>(counts);
              const auto got32 = to_host<Space>(counts32);
              INFO("n " << n << ", pattern " << pattern << ", draws " << draws << ", "
                        << split_name(split) << ", " << shape_name(shape) << ", fold " << fold);
              CHECK(got == part);
              CHECK(std::equal(got32.begin(), got32.end(), part.begin(), part.end()));
            }
          }
        }
      }
    }
  }
}

// Slices that start on leaves of the second level (kBlock^2 items): each
// rank sums and splits the nodes below that level alone, and only its sums
// move. Every rank holds kBlock^2 items but rank 1 (none, where there are
// more than two) and the last (5 more, a partial node at every level); with
// `shift`, rank 0 holds kBlock more, so that the slices start on blocks but
// not on the second level's nodes.
TEMPLATE_LIST_TEST_CASE("kp::mpi::sample: slices on the second level's nodes", "[kp][mpi][sample]",
                        Spaces) {
  using Space = TestType;
  using kp::impl::multinomial::kBlock;
  const std::int64_t node = kBlock * kBlock;
  const std::int64_t shift = GENERATE(std::int64_t{0}, kBlock);
  std::vector<std::int64_t> starts{0};
  for (int r = 0; r < ranks(); ++r) {
    const bool none = r == 1 && ranks() > 2, last = r == ranks() - 1;
    starts.push_back(starts.back() + (none ? 0 : node) + (last ? 5 : 0) + (r == 0 ? shift : 0));
  }
  const std::int64_t n = starts.back();
  std::vector<double> global(n);
  for (std::int64_t i = 0; i < n; ++i) global[i] = i % 5 == 0 ? 0.0 : double(1 + (i * 7919) % 97);
  const std::vector<double> mine(global.begin() + starts[rank()],
                                 global.begin() + starts[rank() + 1]);
  const auto weights = to_space<Space>(mine, Shape::contiguous);
  const auto decoy = to_space<Space>(std::vector<double>(n, 1.0), Shape::contiguous);
  for (const std::uint64_t draws : {std::uint64_t{1000003}, std::uint64_t{1} << 36}) {
    auto g_counts = to_space<Space>(std::vector<std::uint64_t>(n), Shape::contiguous);
    kp::sample(Space(), to_space<Space>(global, Shape::contiguous), draws, 7, g_counts);
    const auto one = to_host<Space>(g_counts);
    const std::vector<std::uint64_t> part(one.begin() + starts[rank()],
                                          one.begin() + starts[rank() + 1]);
    for (const bool fold : {false, true}) {
      kp::release_workspaces();
      kp::impl::multinomial::fold_top_on_hosts() = fold;
      // The tree's workspace left holding another call's sums and total: a
      // level this call does not fill would show.
      kp::sample(Space(), decoy, draws, 7, g_counts);
      auto counts = to_space<Space>(std::vector<std::uint64_t>(mine.size(), 9), Shape::contiguous);
      const bool threw =
          threw_on_any_rank([&] { kp::mpi::sample(kComm, Space(), weights, draws, 7, counts); });
      kp::impl::multinomial::fold_top_on_hosts() = false;
      REQUIRE(!threw);
      INFO("shift " << shift << ", draws " << draws << ", fold " << fold);
      CHECK(to_host<Space>(counts) == part);
    }
  }
  // A NaN weight in the last rank's last node throws on every rank, each
  // from its own total, with or without the top's fold (a rank that left
  // the total to another would read the earlier call's).
  std::vector<double> bad = mine;
  if (rank() == ranks() - 1) bad.back() = std::nan("");
  const auto bad_weights = to_space<Space>(bad, Shape::contiguous);
  auto counts = to_space<Space>(std::vector<std::uint64_t>(mine.size()), Shape::contiguous);
  auto g_counts = to_space<Space>(std::vector<std::uint64_t>(n), Shape::contiguous);
  for (const bool fold : {false, true}) {
    kp::release_workspaces();
    kp::impl::multinomial::fold_top_on_hosts() = fold;
    kp::sample(Space(), decoy, 1000, 7, g_counts);  // a good total left in the workspace
    CHECK_THROWS_AS(kp::mpi::sample(kComm, Space(), bad_weights, 1000, 7, counts),
                    std::invalid_argument);
    kp::impl::multinomial::fold_top_on_hosts() = false;
  }
}

TEMPLATE_LIST_TEST_CASE("kp::mpi::sample: bad arguments on any rank throw on every rank",
                        "[kp][mpi][sample]", Spaces) {
  using Space = TestType;
  const bool last = rank() == ranks() - 1;
  // A negative weight on the last rank only.
  const auto bad = to_space<Space>(std::vector<double>{1, last ? -1.0 : 2.0}, Shape::contiguous);
  auto counts = to_space<Space>(std::vector<std::uint64_t>(2), Shape::contiguous);
  CHECK_THROWS_AS(kp::mpi::sample(kComm, Space(), bad, 10, 1, counts), std::invalid_argument);
  // No weights anywhere.
  const auto none = to_space<Space>(std::vector<double>{}, Shape::contiguous);
  auto no_counts = to_space<Space>(std::vector<std::uint64_t>{}, Shape::contiguous);
  CHECK_THROWS_AS(kp::mpi::sample(kComm, Space(), none, 10, 1, no_counts), std::invalid_argument);
  // Counts of the wrong length on the last rank only.
  const auto good = to_space<Space>(std::vector<double>{1, 2}, Shape::contiguous);
  auto wrong = to_space<Space>(std::vector<std::uint64_t>(last ? 3 : 2), Shape::contiguous);
  CHECK_THROWS(kp::mpi::sample(kComm, Space(), good, 10, 1, wrong));
  // The next call works.
  kp::mpi::sample(kComm, Space(), good, 30, 1, counts);
  const auto host = to_host<Space>(counts);
  std::uint64_t total = host[0] + host[1];
  std::uint64_t all = 0;
  MPI_Allreduce(&total, &all, 1, MPI_UINT64_T, MPI_SUM, kComm);
  CHECK(all == 30);
}

// kp::mpi::sort: every rank's output, concatenated in rank order, is the
// one-rank kp::sort (kp::sort_by_key) of the global array, bit for bit, and
// no rank holds more than kp::mpi::sort_count_bound keys (exactly its even
// share where the bound's blocks are single keys, n <= 256 ranks).
namespace {

// An owning View of the space's memory (what kp::mpi::sort resizes) holding `host`.
template <class Space, class T, class Layout = Kokkos::LayoutRight>
Kokkos::View<T*, Layout, typename Space::memory_space> owned(const std::vector<T>& host) {
  Kokkos::View<T*, Layout, typename Space::memory_space> v("kp::mpi::sort test", host.size());
  const auto mirror = Kokkos::create_mirror_view(v);
  for (std::size_t i = 0; i < host.size(); ++i) mirror(i) = host[i];
  Kokkos::deep_copy(v, mirror);
  return v;
}

// Every rank's elements, in rank order, on every rank (a collective).
template <class T>
std::vector<T> concatenated(const std::vector<T>& mine) {
  const int bytes = static_cast<int>(mine.size() * sizeof(T));
  std::vector<int> counts(ranks()), at(ranks(), 0);
  MPI_Allgather(&bytes, 1, MPI_INT, counts.data(), 1, MPI_INT, kComm);
  for (int r = 1; r < ranks(); ++r) at[r] = at[r - 1] + counts[r - 1];
  std::vector<T> all((at.back() + counts.back()) / sizeof(T));
  MPI_Allgatherv(mine.data(), bytes, MPI_BYTE, all.data(), counts.data(), at.data(), MPI_BYTE,
                 kComm);
  return all;
}

template <class T>
bool same_bits(const std::vector<T>& a, const std::vector<T>& b) {
  return a.size() == b.size() &&
         (a.empty() || std::memcmp(a.data(), b.data(), a.size() * sizeof(T)) == 0);
}

// Key patterns: spread (few ties, except for narrow keys), few (5 distinct
// values), equal (one value), special (floats: NaNs of both signs and
// payloads, both zeros, infinities among ordinary values).
enum class Keys { spread, few, equal, special };

template <class K>
std::vector<K> sort_input(Keys pattern, std::int64_t n) {
  std::vector<K> keys(n);
  for (std::int64_t i = 0; i < n; ++i) {
    const std::int64_t h = (i * 2654435761ll) % 1000003 - 500000;
    if (pattern == Keys::few) {
      keys[i] = K((i * 7) % 5) - K(2);
    } else if (pattern == Keys::equal) {
      keys[i] = K(3);
    } else if constexpr (std::is_floating_point_v<K>) {
      keys[i] = K(h) * K(0.001);
      if (pattern == Keys::special) {
        const K specials[] = {std::numeric_limits<K>::quiet_NaN(),
                              -std::numeric_limits<K>::quiet_NaN(),
                              K(-0.0),
                              K(0.0),
                              std::numeric_limits<K>::infinity(),
                              -std::numeric_limits<K>::infinity()};
        if (h % 3 == 0) keys[i] = specials[(i / 3) % 6];
        if (i % 11 == 0) {  // a NaN of another payload
          using U = kp::impl::sort::Image<K>;
          U bits;
          std::memcpy(&bits, &keys[i], sizeof(K));
          bits = U(std::numeric_limits<U>::max() >> (i % 2)) ^ U(i % 7);
          std::memcpy(&keys[i], &bits, sizeof(K));
        }
      }
    } else {
      keys[i] = static_cast<K>(h * 40503);  // wraps for narrow keys: their ties
    }
  }
  return keys;
}

// The one-rank sort_by_key of the global keys, values their global positions.
template <class Space, class K>
std::pair<std::vector<K>, std::vector<std::int64_t>> one_rank_sort(const std::vector<K>& global) {
  std::vector<std::int64_t> positions(global.size());
  for (std::size_t i = 0; i < global.size(); ++i) positions[i] = static_cast<std::int64_t>(i);
  auto keys = owned<Space>(global);
  auto values = owned<Space>(positions);
  kp::sort_by_key(Space(), keys, values);
  return {to_host<Space>(keys), to_host<Space>(values)};
}

// Each rank's count: at most the bound, the even share where blocks are single keys.
void check_counts(std::int64_t count, std::int64_t n) {
  const int p = ranks(), r = rank();
  INFO("rank " << r << " holds " << count << " of " << n);
  CHECK(count <= kp::mpi::sort_count_bound(n, p));
  if (n <= 256 * p) CHECK(count == n * (r + 1) / p - n * r / p);
}

template <class Space, class K>
void check_mpi_sort(Keys pattern, const char* type) {
  for (const std::int64_t n : kSizes) {
    const auto global = sort_input<K>(pattern, n);
    const auto [one_keys, one_values] = one_rank_sort<Space>(global);
    for (const Split split : kSplits) {
      INFO(type << ", pattern " << int(pattern) << ", n " << n << ", " << split_name(split));
      const auto part = local_part(global, split);
      auto keys = owned<Space>(part);
      const kp::mpi::SortStats stats = kp::mpi::sort(kComm, Space(), keys);
      const auto got = to_host<Space>(keys);
      check_counts(static_cast<std::int64_t>(got.size()), n);
      CHECK(stats.count == static_cast<std::int64_t>(got.size()));
      CHECK(stats.keys_sent <= static_cast<std::int64_t>(part.size()));
      CHECK((ranks() > 1 || stats.bytes_sent == 0));
      CHECK(same_bits(concatenated(got), one_keys));
      // By key, with each key's global position as its value (LayoutLeft).
      std::vector<std::int64_t> positions(part.size());
      for (std::size_t i = 0; i < part.size(); ++i) {
        positions[i] = slice_begin(split, n, rank()) + static_cast<std::int64_t>(i);
      }
      auto by_key = owned<Space>(part);
      auto values = owned<Space, std::int64_t, Kokkos::LayoutLeft>(positions);
      kp::mpi::sort(kComm, Space(), by_key, values);
      const auto got_values = to_host<Space>(values);
      CHECK(same_bits(to_host<Space>(by_key), got));
      CHECK(same_bits(concatenated(got_values), one_values));
    }
  }
}

}  // namespace

TEMPLATE_LIST_TEST_CASE("kp::mpi::sort: the ranks' keys in order are the one-rank sort",
                        "[kp][mpi][sort]", Spaces) {
  using Space = TestType;
  for (const Keys pattern : {Keys::spread, Keys::few, Keys::equal}) {
    check_mpi_sort<Space, std::uint8_t>(pattern, "uint8");
    check_mpi_sort<Space, std::int16_t>(pattern, "int16");
    check_mpi_sort<Space, std::int32_t>(pattern, "int32");
    check_mpi_sort<Space, std::uint64_t>(pattern, "uint64");
    check_mpi_sort<Space, std::int64_t>(pattern, "int64");
  }
  for (const Keys pattern : {Keys::spread, Keys::few, Keys::equal, Keys::special}) {
    check_mpi_sort<Space, float>(pattern, "float");
    check_mpi_sort<Space, double>(pattern, "double");
  }
}

TEMPLATE_LIST_TEST_CASE("kp::mpi::sort: bad arguments on any rank throw on every rank",
                        "[kp][mpi][sort]", Spaces) {
  using Space = TestType;
  const bool last = rank() == ranks() - 1;
  auto keys = owned<Space>(std::vector<float>{3, 1, 2});
  // Values of the wrong length on the last rank only.
  auto values = owned<Space>(std::vector<std::int32_t>(last ? 2 : 3, 7));
  CHECK_THROWS(kp::mpi::sort(kComm, Space(), keys, values));
  // The next call works.
  auto good = owned<Space>(std::vector<std::int32_t>{0, 1, 2});
  kp::mpi::sort(kComm, Space(), keys, good);
  CHECK(keys.extent(0) == good.extent(0));
  const auto all = concatenated(to_host<Space>(keys));
  CHECK(std::is_sorted(all.begin(), all.end()));
  CHECK(all.size() == 3 * static_cast<std::size_t>(ranks()));
}

// MPI around Kokkos around Catch2; the exit code is non-zero when any rank
// failed, so mpirun (and ctest) report a failure seen on one rank only.
int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int failed = 0;
  {
    Kokkos::ScopeGuard kokkos(argc, argv);
    failed = Catch::Session().run(argc, argv);
  }
  int any_failed = 0;
  MPI_Allreduce(&failed, &any_failed, 1, MPI_INT, MPI_MAX, kComm);
  MPI_Finalize();
  return any_failed != 0 ? 1 : 0;
}
