// kp::segmented_reduce and the segmented scans on every enabled space:
// empty segments, segments of one, one long segment among many short ones,
// means that give GPU reductions teams of 512 and of 256 threads and
// groups of 1, 4 and 16 (and every team size forced, by OpenMP teams of two
// and on CUDA),
// offsets that skip values, sums (exact in int64), max with an identity, and
// a non-commutative operation for the scans (affine maps), the GPUs' single
// pass over (value, segment start) parts on every space, each against the
// sequential answer; every kp::SegmentedAlgorithm choice giving the same
// bits for exact operations; bad offsets and lengths refused.
#include <kp/ops.hpp>
#include <kp/segmented.hpp>

#include <algorithm>
#include <catch2/catch_template_test_macros.hpp>
#include <catch2/catch_test_macros.hpp>
#include <cstdint>
#include <functional>
#include <limits>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "kp/affine.hpp"
#include "kp/helpers.hpp"

using namespace kp::test;

namespace {

struct Layout {
  std::string name;
  std::vector<std::int64_t> offsets;  // S + 1 entries
  std::int64_t n;                     // the input's length
};

// Lengths given; offsets from `start`, the input `tail` values longer.
Layout from_lengths(std::string name, const std::vector<std::int64_t>& lengths,
                    std::int64_t start = 0, std::int64_t tail = 0) {
  Layout l{std::move(name), {start}, 0};
  for (const std::int64_t len : lengths) l.offsets.push_back(l.offsets.back() + len);
  l.n = l.offsets.back() + tail;
  return l;
}

std::vector<Layout> layouts() {
  std::vector<Layout> all;
  all.push_back(from_lengths("one empty segment", {0}));
  all.push_back(from_lengths("ones", std::vector<std::int64_t>(1000, 1)));
  all.push_back(from_lengths("empty and short", {0, 3, 0, 0, 1, 2, 0, 31, 32, 33, 0}));
  std::vector<std::int64_t> mixed(3000);
  std::uint64_t state = 7;
  for (auto& len : mixed) {
    state = kp::impl::splitmix64(state);
    len = static_cast<std::int64_t>(state % 40);
  }
  mixed[1234] = 300000;  // one long segment (several rounds of a GPU team)
  all.push_back(from_lengths("one long among short", mixed));
  all.push_back(from_lengths("one segment", {70001}));
  // Means that give GPU reductions teams of 512 and of 256 threads, no
  // segment long enough to queue (the offsets odd, so packs have heads).
  all.push_back(from_lengths("teams of 512", std::vector<std::int64_t>(4, 20001), 3));
  all.push_back(from_lengths("teams of 256", {3000, 2999, 3001, 3000, 3000}, 1, 5));
  all.push_back(from_lengths("skipping values", {5, 0, 4097}, 11, 13));
  return all;
}

template <class T, class Op>
std::vector<T> sequential_scan(const std::vector<T>& x, const Layout& l, bool inclusive,
                               const T* init, Op op, const std::vector<T>& untouched) {
  std::vector<T> out = untouched;
  for (std::size_t s = 0; s + 1 < l.offsets.size(); ++s) {
    bool any = init != nullptr;
    T run = any ? *init : T{};
    for (std::int64_t i = l.offsets[s]; i < l.offsets[s + 1]; ++i) {
      if (!inclusive) out[i] = run;
      run = any ? op(run, x[i]) : x[i];
      any = true;
      if (inclusive) out[i] = run;
    }
  }
  return out;
}

// Each segment's fold of x by op from `identity`, in index order.
template <class T, class Op>
std::vector<T> sequential_folds(const std::vector<T>& x, const Layout& l, T identity, Op op) {
  std::vector<T> out(l.offsets.size() - 1, identity);
  for (std::size_t s = 0; s < out.size(); ++s) {
    for (std::int64_t i = l.offsets[s]; i < l.offsets[s + 1]; ++i) out[s] = op(out[s], x[i]);
  }
  return out;
}

// A 12-byte value (no 16-byte pack holds whole ones) and its sum.
struct Triple {
  std::int32_t a = 0, b = 0, c = 0;
  bool operator==(const Triple& o) const { return a == o.a && b == o.b && c == o.c; }
};
struct TripleSum {
  KOKKOS_INLINE_FUNCTION Triple operator()(const Triple& x, const Triple& y) const {
    return {x.a + y.a, x.b + y.b, x.c + y.c};
  }
};

}  // namespace

TEMPLATE_LIST_TEST_CASE("kp segmented_reduce: each segment's sum and max", "[kp][segmented]",
                        Spaces) {
  using Space = TestType;
  for (const Layout& l : layouts()) {
    INFO(l.name);
    const std::int64_t segments = static_cast<std::int64_t>(l.offsets.size()) - 1;
    std::vector<std::int64_t> x(l.n);
    for (std::int64_t i = 0; i < l.n; ++i) x[i] = (i * 7919) % 2001 - 1000;
    if (l.n > 0) x[l.n / 2] = std::numeric_limits<std::int64_t>::max();  // sums wrap
    std::vector<std::int64_t> sums(segments, 0), maxima(segments, INT64_MIN);
    for (std::int64_t s = 0; s < segments; ++s) {
      for (std::int64_t i = l.offsets[s]; i < l.offsets[s + 1]; ++i) {
        sums[s] = static_cast<std::int64_t>(static_cast<std::uint64_t>(sums[s]) + x[i]);
        maxima[s] = std::max(maxima[s], x[i]);
      }
    }
    for (const Shape shape : kShapes) {
      INFO(shape_name(shape));
      const auto in = to_space<Space>(x, shape);
      const auto offsets = to_space<Space>(l.offsets, Shape::contiguous);
      auto out = to_space<Space>(std::vector<std::int64_t>(segments, -1), shape);
      kp::segmented_reduce(Space(), in, offsets, out);
      CHECK(to_host<Space>(out) == sums);
      kp::segmented_reduce(Space(), in, offsets, out, std::int64_t{INT64_MIN},
                           kp::maximum<std::int64_t>{});
      CHECK(to_host<Space>(out) == maxima);
      // Unchecked: asynchronous, the same results (long segments' chunks
      // included: the chunk wave follows at once).
      Kokkos::deep_copy(out, -1);
      kp::segmented_reduce(Space(), in, offsets, out, kp::unchecked_offsets);
      CHECK(to_host<Space>(out) == sums);
      kp::segmented_reduce(Space(), in, offsets, out, std::int64_t{INT64_MIN},
                           kp::maximum<std::int64_t>{}, kp::unchecked_offsets);
      CHECK(to_host<Space>(out) == maxima);
    }
  }
}

TEMPLATE_LIST_TEST_CASE("kp segmented_reduce unchecked: bad offsets give the identity",
                        "[kp][segmented]", Spaces) {
  // Segments whose offsets decrease or leave [0, 10] fold as empty, nothing
  // is thrown, and a checked call after them finds no stale report. By the
  // public call and by teams (the GPUs' path, long segments queued in
  // chunks of 3, on any space).
  using Space = TestType;
  const kp::impl::View<std::int64_t*, Space> values("values", 10), sums("sums", 3);
  Kokkos::deep_copy(values, 1);
  using Sum = kp::impl::UserOp<std::int64_t, kp::impl::WrappingSum<std::int64_t>>;
  const int team = kp::impl::is_gpu_space<Space>() ? 32 : 1;
  const std::vector<std::pair<std::vector<std::int32_t>, std::vector<std::int64_t>>> cases = {
      {{0, 5, 4, 10}, {5, 0, 6}}, {{-1, 2, 3, 10}, {0, 1, 7}}, {{0, 5, 11, 10}, {5, 0, 0}}};
  for (const auto& [bad, expected] : cases) {
    const auto offsets = to_space<Space>(bad, Shape::contiguous);
    INFO("offsets " << bad[0] << ", " << bad[1] << ", " << bad[2] << ", " << bad[3]);
    Kokkos::deep_copy(sums, -1);
    kp::segmented_reduce(Space(), values, offsets, sums, kp::unchecked_offsets);
    CHECK(to_host<Space>(sums) == expected);
    for (const std::int64_t chunk : {0, 3}) {
      Kokkos::deep_copy(sums, -1);
      kp::impl::segmented_reduce("test", Space(), values, offsets, sums, Sum{0, {}},
                                 kp::impl::SegmentTeamShape{team, chunk},
                                 /*checked=*/false);
      CHECK(to_host<Space>(sums) == expected);
    }
  }
  const auto good = to_space<Space>(std::vector<std::int32_t>{0, 4, 4, 10}, Shape::contiguous);
  for (const std::int64_t chunk : {0, 3}) {
    kp::impl::segmented_reduce("test", Space(), values, good, sums, Sum{0, {}},
                               kp::impl::SegmentTeamShape{team, chunk});
    CHECK(to_host<Space>(sums) == std::vector<std::int64_t>{4, 0, 6});
  }
  kp::segmented_reduce(Space(), values, good, sums);
  CHECK(to_host<Space>(sums) == std::vector<std::int64_t>{4, 0, 6});
}

TEMPLATE_LIST_TEST_CASE("kp segmented scans: each segment's scan in sequence order",
                        "[kp][segmented]", Spaces) {
  using Space = TestType;
  using A = Affine16;
  const ComposeOf<A> op;
  const A init{3, 7};
  for (const Layout& l : layouts()) {
    INFO(l.name);
    const auto x = affine_maps<A>(l.n);
    const std::vector<A> untouched(l.n, A{0, 0});
    const auto inclusive =
        sequential_scan(x, l, true, static_cast<const A*>(nullptr), op, untouched);
    const auto exclusive = sequential_scan(x, l, false, &init, op, untouched);
    for (const Shape shape : kShapes) {
      INFO(shape_name(shape));
      const auto in = to_space<Space>(x, shape);
      const auto offsets = to_space<Space>(l.offsets, Shape::contiguous);
      auto out = to_space<Space>(untouched, shape);
      kp::segmented_inclusive_scan(Space(), in, offsets, out, op);
      CHECK(to_host<Space>(out) == inclusive);
      out = to_space<Space>(untouched, shape);
      kp::segmented_exclusive_scan(Space(), in, offsets, out, init, op);
      CHECK(to_host<Space>(out) == exclusive);
      // Unchecked: the same results, no check and no fence.
      out = to_space<Space>(untouched, shape);
      kp::segmented_inclusive_scan(Space(), in, offsets, out, op, kp::unchecked_offsets);
      CHECK(to_host<Space>(out) == inclusive);
      out = to_space<Space>(untouched, shape);
      kp::segmented_exclusive_scan(Space(), in, offsets, out, init, op, kp::unchecked_offsets);
      CHECK(to_host<Space>(out) == exclusive);
      // In place: values outside every segment stay as they were.
      auto both = to_space<Space>(x, shape);
      kp::segmented_exclusive_scan(Space(), both, offsets, both, init, op);
      auto expect = sequential_scan(x, l, false, &init, op, x);
      CHECK(to_host<Space>(both) == expect);
    }
    // Sums, exact in int64.
    std::vector<std::int64_t> v(l.n);
    for (std::int64_t i = 0; i < l.n; ++i) v[i] = i % 97 - 48;
    const std::vector<std::int64_t> zeros(l.n, 0);
    const auto in = to_space<Space>(v, Shape::contiguous);
    const auto offsets = to_space<Space>(l.offsets, Shape::contiguous);
    auto out = to_space<Space>(zeros, Shape::contiguous);
    kp::segmented_inclusive_scan(Space(), in, offsets, out);
    CHECK(to_host<Space>(out) == sequential_scan(v, l, true,
                                                 static_cast<const std::int64_t*>(nullptr),
                                                 kp::plus<std::int64_t>{}, zeros));
    const std::int64_t five = 5;
    kp::segmented_exclusive_scan(Space(), in, offsets, out, five);
    CHECK(to_host<Space>(out) ==
          sequential_scan(v, l, false, &five, kp::plus<std::int64_t>{}, zeros));
    Kokkos::deep_copy(out, 0);
    kp::segmented_inclusive_scan(Space(), in, offsets, out, kp::unchecked_offsets);
    CHECK(to_host<Space>(out) == sequential_scan(v, l, true,
                                                 static_cast<const std::int64_t*>(nullptr),
                                                 kp::plus<std::int64_t>{}, zeros));
    Kokkos::deep_copy(out, 0);
    kp::segmented_exclusive_scan(Space(), in, offsets, out, five, kp::unchecked_offsets);
    CHECK(to_host<Space>(out) ==
          sequential_scan(v, l, false, &five, kp::plus<std::int64_t>{}, zeros));
  }
}

TEMPLATE_LIST_TEST_CASE("kp segmented scans: the single pass over (value, head) parts",
                        "[kp][segmented]", Spaces) {
  // The GPUs' path (all but checked calls with balanced segments), on any
  // space, by tiles of several
  // shapes (tiles of one value, of three, a team's): heads at tile edges,
  // segments over many tiles, values outside every segment untouched.
  // Parts of 24 bytes (affine maps, a non-commutative operation) and of 8
  // (int32 sums); in place too.
  using Space = TestType;
  using A = Affine16;
  const ComposeOf<A> op;
  const A init{3, 7};
  std::vector<std::pair<int, int>> plans;  // (team, items; 0: the type's default)
  if (kp::impl::is_gpu_space<Space>()) {
    plans = {{32, 1}, {256, 3}, {256, 0}};
  } else {
    plans = {{1, 1}, {1, 3}, {1, 0}};
    if (Space().concurrency() >= 2) plans.emplace_back(2, 0);
  }
  for (const Layout& l : layouts()) {
    INFO(l.name);
    if (l.n == 0) continue;
    const std::int64_t segments = static_cast<std::int64_t>(l.offsets.size()) - 1;
    const auto offsets = to_space<Space>(l.offsets, Shape::contiguous);
    const auto x = affine_maps<A>(l.n);
    const std::vector<A> untouched(l.n, A{0, 0});
    const kp::impl::View<A*, Space> in("in", l.n), out("out", l.n);
    Kokkos::deep_copy(in, to_space<Space>(x, Shape::contiguous));
    std::vector<std::int32_t> v(l.n);
    for (std::int64_t i = 0; i < l.n; ++i) v[i] = static_cast<std::int32_t>(i % 7) - 3;
    const std::vector<std::int32_t> minus(l.n, -1);
    const kp::impl::View<std::int32_t*, Space> vin("vin", l.n), vout("vout", l.n);
    for (const auto& [team, items] : plans) {
      const auto plan = kp::impl::make_tile_plan(
          l.n, team, items > 0 ? items : kp::impl::kSegmentLookbackItemsOf<Space, A>);
      const auto vplan = kp::impl::make_tile_plan(
          l.n, team, items > 0 ? items : kp::impl::kSegmentLookbackItemsOf<Space, std::int32_t>);
      for (const bool inclusive : {true, false}) {
        INFO("team " << team << ", items " << items << (inclusive ? ", inclusive" : ", exclusive"));
        const kp::impl::Running<A> start{init, !inclusive};
        Kokkos::deep_copy(out, to_space<Space>(untouched, Shape::contiguous));
        kp::impl::segmented_scan_lookback("test", Space(), in.data(), out.data(), l.n, offsets,
                                          segments, inclusive, start, op, plan, /*checked=*/true);
        CHECK(to_host<Space>(out) ==
              sequential_scan(x, l, inclusive, inclusive ? nullptr : &init, op, untouched));
        // In place: the values outside every segment stay.
        Kokkos::deep_copy(out, in);
        kp::impl::segmented_scan_lookback("test", Space(), out.data(), out.data(), l.n, offsets,
                                          segments, inclusive, start, op, plan, /*checked=*/false);
        CHECK(to_host<Space>(out) ==
              sequential_scan(x, l, inclusive, inclusive ? nullptr : &init, op, x));
        const std::int32_t five = 5;
        Kokkos::deep_copy(vin, to_space<Space>(v, Shape::contiguous));
        Kokkos::deep_copy(vout, -1);
        kp::impl::segmented_scan_lookback("test", Space(), vin.data(), vout.data(), l.n, offsets,
                                          segments, inclusive,
                                          kp::impl::Running<std::int32_t>{5, !inclusive},
                                          kp::plus<std::int32_t>{}, vplan, /*checked=*/true);
        CHECK(to_host<Space>(vout) == sequential_scan(v, l, inclusive, inclusive ? nullptr : &five,
                                                      kp::plus<std::int32_t>{}, minus));
      }
    }
  }
}

TEMPLATE_LIST_TEST_CASE(
    "kp segmented scans unchecked: bad offsets throw nothing; on hosts their segments stay",
    "[kp][segmented]", Spaces) {
  // Segments whose offsets decrease or leave [0, 10] are not scanned, and
  // nothing is thrown; the valid ones are. On GPUs the single pass's
  // results there are unspecified: the calls only run.
  using Space = TestType;
  constexpr bool kSpecified = !kp::impl::is_gpu_space<Space>();
  const kp::impl::View<std::int64_t*, Space> values("values", 10), out("out", 10);
  Kokkos::deep_copy(values, 1);
  const std::vector<std::pair<std::vector<std::int32_t>, std::vector<std::int64_t>>> cases = {
      {{0, 5, 11, 10}, {1, 2, 3, 4, 5, -1, -1, -1, -1, -1}},
      {{-1, 2, 3, 10}, {-1, -1, 1, 1, 2, 3, 4, 5, 6, 7}},
      {{0, 2, 1, 12}, {1, 2, -1, -1, -1, -1, -1, -1, -1, -1}}};
  for (const auto& [bad, expected] : cases) {
    const auto offsets = to_space<Space>(bad, Shape::contiguous);
    INFO("offsets " << bad[0] << ", " << bad[1] << ", " << bad[2] << ", " << bad[3]);
    std::vector<std::int64_t> exclusive = expected;
    for (auto& e : exclusive) e = e == -1 ? -1 : e - 1;
    Kokkos::deep_copy(out, -1);
    kp::segmented_inclusive_scan(Space(), values, offsets, out, kp::unchecked_offsets);
    CHECK((!kSpecified || to_host<Space>(out) == expected));
    Kokkos::deep_copy(out, -1);
    kp::segmented_exclusive_scan(Space(), values, offsets, out, std::int64_t{0},
                                 kp::unchecked_offsets);
    CHECK((!kSpecified || to_host<Space>(out) == exclusive));
    // The operator forms.
    Kokkos::deep_copy(out, -1);
    kp::segmented_inclusive_scan(Space(), values, offsets, out, kp::plus<std::int64_t>{},
                                 kp::unchecked_offsets);
    CHECK((!kSpecified || to_host<Space>(out) == expected));
    Kokkos::deep_copy(out, -1);
    kp::segmented_exclusive_scan(Space(), values, offsets, out, std::int64_t{0},
                                 kp::plus<std::int64_t>{}, kp::unchecked_offsets);
    CHECK((!kSpecified || to_host<Space>(out) == exclusive));
    CHECK_THROWS_AS(kp::segmented_inclusive_scan(Space(), values, offsets, out),
                    std::invalid_argument);
  }
}

TEMPLATE_LIST_TEST_CASE("kp segmented calls refuse bad offsets and lengths", "[kp][segmented]",
                        Spaces) {
  using Space = TestType;
  const auto in = to_space<Space>(std::vector<std::int64_t>(10, 1), Shape::contiguous);
  auto out = to_space<Space>(std::vector<std::int64_t>(2, 0), Shape::contiguous);
  auto scanned = to_space<Space>(std::vector<std::int64_t>(10, 0), Shape::contiguous);
  for (const std::vector<std::int32_t>& bad :
       {std::vector<std::int32_t>{0, 5, 4}, {-1, 2, 3}, {0, 5, 11}}) {
    const auto offsets = to_space<Space>(bad, Shape::contiguous);
    CHECK_THROWS_AS(kp::segmented_reduce(Space(), in, offsets, out), std::invalid_argument);
    CHECK_THROWS_AS(kp::segmented_inclusive_scan(Space(), in, offsets, scanned),
                    std::invalid_argument);
    // The single pass's own check (GPUs' checked path), on every space.
    const auto plan = kp::impl::make_tile_plan(10, kp::impl::is_gpu_space<Space>() ? 32 : 1, 1);
    CHECK_THROWS_AS(kp::impl::segmented_scan_lookback(
                        "test", Space(), in.data(), scanned.data(), 10, offsets, 2, true,
                        kp::impl::Running<std::int64_t>{0, false},
                        kp::impl::WrappingSum<std::int64_t>{}, plan, /*checked=*/true),
                    std::invalid_argument);
  }
  // After refused calls, a good one runs (the kernel's report is cleared).
  const auto two = to_space<Space>(std::vector<std::int32_t>{0, 4, 10}, Shape::contiguous);
  kp::segmented_inclusive_scan(Space(), in, two, scanned);
  CHECK(to_host<Space>(scanned) == std::vector<std::int64_t>{1, 2, 3, 4, 1, 2, 3, 4, 5, 6});
  const auto good = to_space<Space>(std::vector<std::int32_t>{0, 4, 10}, Shape::contiguous);
  auto three = to_space<Space>(std::vector<std::int64_t>(3, 0), Shape::contiguous);
  CHECK_THROWS_AS(kp::segmented_reduce(Space(), in, good, three), std::invalid_argument);
  auto short_out = to_space<Space>(std::vector<std::int64_t>(9, 0), Shape::contiguous);
  CHECK_THROWS_AS(kp::segmented_inclusive_scan(Space(), in, good, short_out),
                  std::invalid_argument);
  kp::segmented_reduce(Space(), in, good, out);
  CHECK(to_host<Space>(out) == std::vector<std::int64_t>{4, 6});
  // Teams (GPUs' path on any space), without and with the queue of long
  // segments (chunks of 3): the offsets checked in the kernel; a good call
  // after a refused one runs.
  const kp::impl::View<std::int64_t*, Space> values("values", 10), sums("sums", 2);
  Kokkos::deep_copy(values, 1);
  using Sum = kp::impl::UserOp<std::int64_t, kp::impl::WrappingSum<std::int64_t>>;
  const int team = kp::impl::is_gpu_space<Space>() ? 32 : 1;  // a warp at least on GPUs
  for (const std::int64_t chunk : {0, 3}) {
    for (const std::vector<std::int32_t>& bad :
         {std::vector<std::int32_t>{0, 5, 4}, {-1, 2, 3}, {0, 5, 11}}) {
      const auto offsets = to_space<Space>(bad, Shape::contiguous);
      CHECK_THROWS_AS(kp::impl::segmented_reduce("test", Space(), values, offsets, sums, Sum{0, {}},
                                                 kp::impl::SegmentTeamShape{team, chunk}),
                      std::invalid_argument);
    }
    kp::impl::segmented_reduce("test", Space(), values, good, sums, Sum{0, {}},
                               kp::impl::SegmentTeamShape{team, chunk});
    CHECK(to_host<Space>(sums) == std::vector<std::int64_t>{4, 6});
  }
}

namespace {

// Whether segmented_reduce takes algorithm choice A as its last argument.
using HostSpace = Kokkos::DefaultHostExecutionSpace;
using Int64s = Kokkos::View<std::int64_t*, Kokkos::HostSpace>;
template <class A, class = void>
struct SegmentedReduceTakes : std::false_type {};
template <class A>
struct SegmentedReduceTakes<
    A, std::void_t<decltype(kp::segmented_reduce(std::declval<HostSpace>(), std::declval<Int64s>(),
                                                 std::declval<Int64s>(), std::declval<Int64s>(),
                                                 std::declval<A>()))>> : std::true_type {};
static_assert(SegmentedReduceTakes<kp::SegmentedAlgorithm>::value);
static_assert(!SegmentedReduceTakes<kp::ReduceAlgorithm>::value &&
              !SegmentedReduceTakes<kp::ScanAlgorithm>::value);

}  // namespace

TEMPLATE_LIST_TEST_CASE("kp segmented calls: every SegmentedAlgorithm gives the same bits",
                        "[kp][segmented]", Spaces) {
  // Exact operations (wrapping int64 sums, max, affine maps) by each
  // choice, checked and unchecked, every layout and View shape: the same
  // results as automatic's and the sequential ones.
  using Space = TestType;
  using Alg = kp::SegmentedAlgorithm;
  using A = Affine16;
  const ComposeOf<A> op;
  for (const Layout& l : layouts()) {
    INFO(l.name);
    const std::int64_t segments = static_cast<std::int64_t>(l.offsets.size()) - 1;
    std::vector<std::int64_t> x(l.n);
    for (std::int64_t i = 0; i < l.n; ++i) x[i] = (i * 7919) % 2001 - 1000;
    if (l.n > 0) x[l.n / 2] = std::numeric_limits<std::int64_t>::max();  // sums wrap
    const auto sums = sequential_folds(x, l, std::int64_t{0}, [](std::int64_t a, std::int64_t b) {
      return static_cast<std::int64_t>(static_cast<std::uint64_t>(a) +
                                       static_cast<std::uint64_t>(b));
    });
    const auto maxima =
        sequential_folds(x, l, std::int64_t{INT64_MIN},
                         [](std::int64_t a, std::int64_t b) { return std::max(a, b); });
    const auto maps = affine_maps<A>(l.n);
    const std::vector<A> untouched(l.n, A{0, 0});
    const auto scanned =
        sequential_scan(maps, l, true, static_cast<const A*>(nullptr), op, untouched);
    const auto offsets = to_space<Space>(l.offsets, Shape::contiguous);
    for (const Shape shape : kShapes) {
      INFO(shape_name(shape));
      const auto in = to_space<Space>(x, shape);
      const auto min = to_space<Space>(maps, shape);
      for (const Alg alg : {Alg::automatic, Alg::thread_per_segment, Alg::team_per_segment}) {
        INFO(kp::name(alg));
        auto out = to_space<Space>(std::vector<std::int64_t>(segments, -1), shape);
        kp::segmented_reduce(Space(), in, offsets, out, alg);
        CHECK(to_host<Space>(out) == sums);
        Kokkos::deep_copy(out, -1);
        kp::segmented_reduce(Space(), in, offsets, out, kp::unchecked_offsets, alg);
        CHECK(to_host<Space>(out) == sums);
        kp::segmented_reduce(Space(), in, offsets, out, std::int64_t{INT64_MIN},
                             kp::maximum<std::int64_t>{}, alg);
        CHECK(to_host<Space>(out) == maxima);
      }
      for (const Alg alg : {Alg::automatic, Alg::thread_per_segment, Alg::decoupled_lookback}) {
        INFO(kp::name(alg));
        auto mout = to_space<Space>(untouched, shape);
        kp::segmented_inclusive_scan(Space(), min, offsets, mout, op, alg);
        CHECK(to_host<Space>(mout) == scanned);
        mout = to_space<Space>(untouched, shape);
        kp::segmented_inclusive_scan(Space(), min, offsets, mout, op, kp::unchecked_offsets, alg);
        CHECK(to_host<Space>(mout) == scanned);
      }
    }
  }
  // A choice the call does not have.
  const auto in = to_space<Space>(std::vector<std::int64_t>(4, 1), Shape::contiguous);
  const auto offsets = to_space<Space>(std::vector<std::int64_t>{0, 2, 4}, Shape::contiguous);
  auto out = to_space<Space>(std::vector<std::int64_t>(2, 0), Shape::contiguous);
  auto scanned = to_space<Space>(std::vector<std::int64_t>(4, 0), Shape::contiguous);
  CHECK_THROWS_AS(kp::segmented_reduce(Space(), in, offsets, out, Alg::decoupled_lookback),
                  std::invalid_argument);
  CHECK_THROWS_AS(
      kp::segmented_inclusive_scan(Space(), in, offsets, scanned, Alg::team_per_segment),
      std::invalid_argument);
  CHECK(std::string(kp::name(Alg::team_per_segment)) == "team-per-segment");
  CHECK(std::string(kp::name(Alg::thread_per_segment)) == "thread-per-segment");
}

namespace {

// segmented_reduce by teams of `team` threads a segment on Space (the GPUs'
// path: strided values a thread and team_combine), every layout.
template <class Space>
void reduce_by_teams(int team) {
  for (const Layout& l : layouts()) {
    INFO(l.name);
    const std::int64_t segments = static_cast<std::int64_t>(l.offsets.size()) - 1;
    const auto offsets = to_space<Space>(l.offsets, Shape::contiguous);
    std::vector<std::int64_t> v(l.n);
    for (std::int64_t i = 0; i < l.n; ++i) v[i] = i % 97 - 48;
    const auto sums = sequential_folds(v, l, std::int64_t{0}, std::plus<std::int64_t>());
    const kp::impl::View<std::int64_t*, Space> values("values", l.n), out("out", segments);
    Kokkos::deep_copy(values, to_space<Space>(v, Shape::contiguous));
    using Sum = kp::impl::UserOp<std::int64_t, kp::impl::WrappingSum<std::int64_t>>;
    // A team a segment, long segments queued in chunks of the default
    // length (the two longest layouts), of 5 values (every segment of 10
    // or more) and of 1000; twice each: the counters and tickets are reset.
    for (const std::int64_t chunk : {0, 0, 5, 5, 1000}) {
      INFO("chunk " << chunk);
      for (const bool checked : {true, false}) {
        Kokkos::deep_copy(out, -1);
        kp::impl::segmented_reduce("test", Space(), values, offsets, out, Sum{0, {}},
                                   kp::impl::SegmentTeamShape{team, chunk}, checked);
        CHECK(to_host<Space>(out) == sums);
      }
    }
    // float values fold as packs: a pack's head and tail scalars at each
    // segment's own alignment.
    std::vector<float> f(l.n);
    for (std::int64_t i = 0; i < l.n; ++i) f[i] = static_cast<float>(i % 13) - 6.0f;
    const auto fsums = sequential_folds(f, l, 0.0f, std::plus<float>());
    const kp::impl::View<float*, Space> fvalues("fvalues", l.n), fout("fout", segments);
    Kokkos::deep_copy(fvalues, to_space<Space>(f, Shape::contiguous));
    kp::impl::segmented_reduce("test", Space(), fvalues, offsets, fout,
                               kp::impl::UserOp<float, kp::impl::WrappingSum<float>>{0.0f, {}},
                               kp::impl::SegmentTeamShape{team, 7});
    CHECK(to_host<Space>(fout) == fsums);
    // 12-byte values fill no pack: the loads-in-lanes fold, queued or not.
    std::vector<Triple> t(l.n);
    for (std::int64_t i = 0; i < l.n; ++i) {
      t[i] = {static_cast<std::int32_t>(i % 7), 1, static_cast<std::int32_t>(i % 3) - 1};
    }
    const auto tsums = sequential_folds(t, l, Triple{}, TripleSum{});
    const kp::impl::View<Triple*, Space> tvalues("tvalues", l.n), tout("tout", segments);
    Kokkos::deep_copy(tvalues, to_space<Space>(t, Shape::contiguous));
    for (const std::int64_t chunk : {0, 5}) {
      kp::impl::segmented_reduce("test", Space(), tvalues, offsets, tout,
                                 kp::impl::UserOp<Triple, TripleSum>{Triple{}, {}},
                                 kp::impl::SegmentTeamShape{team, chunk});
      CHECK(to_host<Space>(tout) == tsums);
    }
  }
}

}  // namespace

#if defined(KOKKOS_ENABLE_OPENMP)
// OpenMP teams of two.
TEST_CASE("kp segmented_reduce by teams of two threads", "[kp][segmented]") {
  if (Kokkos::OpenMP().concurrency() < 2) SKIP("needs 2 OpenMP threads");
  reduce_by_teams<Kokkos::OpenMP>(2);
}
#endif

#if defined(KOKKOS_ENABLE_CUDA)
// Every team a CUDA reduction takes: groups of 1 to 16 threads in blocks of
// several segments, and blocks of a warp, 256 and 512 a segment.
TEST_CASE("kp segmented_reduce on CUDA by groups and blocks", "[kp][segmented]") {
  for (const int team : {1, 2, 4, 8, 16, 32, 256, 512}) {
    INFO("team " << team);
    reduce_by_teams<Kokkos::Cuda>(team);
  }
}

// INT_MAX segments of one value each, the most a GPU reduction takes by
// teams (groups of one thread, 256 segments a block: the last group's
// number is INT_MAX). 24 GiB of GPU memory.
TEST_CASE("kp segmented_reduce on CUDA: INT_MAX segments", "[kp][segmented]") {
  using Space = Kokkos::Cuda;
  constexpr std::int32_t kSegments = std::numeric_limits<std::int32_t>::max();
  const kp::impl::View<std::int32_t*, Space> values(
      Kokkos::view_alloc(Kokkos::WithoutInitializing, "values"), kSegments),
      sums(Kokkos::view_alloc(Kokkos::WithoutInitializing, "sums"), kSegments);
  const kp::impl::View<std::int32_t*, Space> offsets(
      Kokkos::view_alloc(Kokkos::WithoutInitializing, "offsets"), std::int64_t{kSegments} + 1);
  Kokkos::parallel_for(
      Kokkos::RangePolicy<Space, Kokkos::IndexType<std::int64_t>>(0, std::int64_t{kSegments} + 1),
      KOKKOS_LAMBDA(std::int64_t i) {
        offsets(i) = static_cast<std::int32_t>(i);
        if (i < kSegments) values(i) = static_cast<std::int32_t>(i % 7 - 3);
      });
  for (const bool checked : {true, false}) {
    INFO("checked: " << checked);
    Kokkos::deep_copy(sums, 99);
    if (checked) {
      kp::segmented_reduce(Space(), values, offsets, sums);
    } else {
      kp::segmented_reduce(Space(), values, offsets, sums, kp::unchecked_offsets);
    }
    std::int64_t wrong = 0;
    Kokkos::parallel_reduce(
        Kokkos::RangePolicy<Space, Kokkos::IndexType<std::int64_t>>(0, kSegments),
        KOKKOS_LAMBDA(std::int64_t s, std::int64_t & count) { count += sums(s) != values(s); },
        wrong);
    CHECK(wrong == 0);
  }
}
#endif
