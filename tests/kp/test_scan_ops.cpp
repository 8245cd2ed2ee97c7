// kp::inclusive_scan / kp::exclusive_scan with an operation on every enabled
// space: a non-commutative one (composition of affine maps modulo 2^w, in
// 4-, 8- and 16-byte values) across the tiles, threads and blocks of
// every algorithm, exact against the sequential scan; max / min scans
// through NaN, infinities and signed zeros, bit for bit.
#include <kp/ops.hpp>
#include <kp/scan.hpp>

#include <catch2/catch_template_test_macros.hpp>
#include <catch2/catch_test_macros.hpp>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>

#include "kp/affine.hpp"
#include "kp/helpers.hpp"

using namespace kp::test;

namespace {

template <class T, class Op>
std::vector<T> sequential(const std::vector<T>& x, bool inclusive, const T* init, Op op) {
  std::vector<T> out(x.size());
  bool any = init != nullptr;
  T run = any ? *init : T{};
  for (std::size_t i = 0; i < x.size(); ++i) {
    if (!inclusive) out[i] = run;
    run = any ? op(run, x[i]) : x[i];
    any = true;
    if (inclusive) out[i] = run;
  }
  return out;
}

// Every form (inclusive, exclusive, in place) of the scan of x by op.
template <class Space, class T, class Op, class Equal>
void check_op_scans(const std::vector<T>& x, const T& init, Op op, Equal equal,
                    const std::vector<Shape>& shapes = kShapes) {
  const std::int64_t n = static_cast<std::int64_t>(x.size());
  const auto inclusive = sequential(x, true, static_cast<const T*>(nullptr), op);
  const auto exclusive = sequential(x, false, &init, op);
  for (const Shape shape : shapes) {
    for (const kp::ScanAlgorithm a : scan_algorithms<Space>()) {
      INFO("n " << n << ", " << sizeof(T) << "-byte values, " << shape_name(shape) << ", "
                << kp::name(a));
      const auto in = to_space<Space>(x, shape);
      auto out = to_space<Space>(std::vector<T>(n), shape);
      kp::inclusive_scan(Space(), in, out, op, a);
      CHECK(equal(to_host<Space>(out), inclusive));
      kp::exclusive_scan(Space(), in, out, init, op, a);
      CHECK(equal(to_host<Space>(out), exclusive));
      auto both = to_space<Space>(x, shape);
      kp::inclusive_scan(Space(), both, both, op, a);
      CHECK(equal(to_host<Space>(both), inclusive));
      both = to_space<Space>(x, shape);
      kp::exclusive_scan(Space(), both, both, init, op, a);
      CHECK(equal(to_host<Space>(both), exclusive));
    }
  }
}

// Equal element by element; says where not.
const auto same = [](const auto& a, const auto& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (!(a[i] == b[i])) {
      UNSCOPED_INFO("first difference at " << i << " of " << a.size());
      return false;
    }
  }
  return true;
};

// Equal bit for bit (a NaN's bits and the sign of zero too).
const auto same_bits = [](const auto& a, const auto& b) {
  return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(*a.data())) == 0;
};

// Large sizes in contiguous Views only: the other shapes take the kokkos
// path, whose partition does not depend on the size.
template <class Space, class A>
void check_affine(std::int64_t n, const std::vector<Shape>& shapes = kShapes) {
  const A init{3, 7};
  check_op_scans<Space>(affine_maps<A>(n), init, ComposeOf<A>{}, same, shapes);
}

}  // namespace

TEMPLATE_LIST_TEST_CASE("kp operator scans of affine maps equal the sequential scan",
                        "[kp][scan][op]", Spaces) {
  using Space = TestType;
  for (const std::int64_t n : kEdgeSizes) {
    check_affine<Space, Affine4>(n);
    check_affine<Space, Affine8>(n);
    check_affine<Space, Affine16>(n);
  }
  // Around the host tiles (ScanTuning<host>::lookback_tile) and the blocks in them.
  constexpr std::int64_t tile = kp::impl::HostScanTuning::lookback_tile;
  for (const std::int64_t n : {tile + 1, 3 * tile + 6}) {
    check_affine<Space, Affine4>(n, {Shape::contiguous});
    check_affine<Space, Affine16>(n, {Shape::contiguous});
  }
}

// Bitwise: a scan of max / min returns one of its inputs, so the NaN's bits
// and the sign of zero must be the sequential scan's.
TEMPLATE_LIST_TEST_CASE("kp max and min scans through NaN, infinities and signed zeros",
                        "[kp][scan][op]", Spaces) {
  using Space = TestType;
  const float inf = std::numeric_limits<float>::infinity();
  const float nan = std::numeric_limits<float>::quiet_NaN();
  for (const std::int64_t n : {std::int64_t{1}, std::int64_t{4097}, std::int64_t{200003}}) {
    std::vector<float> x(n);
    for (std::int64_t i = 0; i < n; ++i) x[i] = float((i * 7919) % 1001) - 500.0f;
    std::vector<float> with_nan = x;
    x[0] = -0.0f;
    if (n > 1) {
      x[n / 3] = -inf;
      x[n / 2] = inf;
      x[n - 1] = 0.0f;
    }
    with_nan[n / 2] = std::copysign(nan, -1.0f);  // a negative NaN: its bits must come through
    if (n > 1) with_nan[n - 1] = nan;
    for (const auto& values : {x, with_nan}) {
      INFO("n " << n << (values == x ? "" : ", with NaN"));
      const auto shapes = n > 10000 ? std::vector<Shape>{Shape::contiguous} : kShapes;
      check_op_scans<Space>(values, -inf, kp::maximum<float>{}, same_bits, shapes);
      check_op_scans<Space>(values, inf, kp::minimum<float>{}, same_bits, shapes);
    }
  }
}

// Signed zeros tied with each other and NaNs among them, float and double:
// the host's blocks in SSE registers and its tile totals in lanes must
// keep the earliest of equal values (a tile whose extreme is zero, tiles
// whose extreme is unique), every block offset and tile edge.
template <class Space, class T>
void check_tied_zeros() {
  const T nan = std::numeric_limits<T>::quiet_NaN();
  const T inf = std::numeric_limits<T>::infinity();
  constexpr std::int64_t tile = kp::impl::HostScanTuning::lookback_tile;
  for (const std::int64_t n : {std::int64_t{2}, std::int64_t{7}, std::int64_t{8}, std::int64_t{9},
                               std::int64_t{17}, std::int64_t{1000}, 3 * tile + 13}) {
    // Zeros of both signs among negative numbers, the first zero +0.0 at
    // 1 and the first at a multiple of 8 -0.0 (lanes kept apart would
    // differ), a positive run in tile 2 (tile 1's results show tile 0's
    // extreme).
    std::vector<T> x(n);
    for (std::int64_t i = 0; i < n; ++i) {
      const std::int64_t k = (i * 7919 + 13) % 11;
      x[i] = k < 4 ? T(-0.0) : k < 8 ? T(0.0) : -T(k);
      if (i >= 2 * tile && i < 2 * tile + 100) x[i] = T(i % 5);
    }
    x[0] = T(-5);
    x[1] = T(0.0);
    for (std::int64_t i = 2; i < 8 && i < n; ++i) x[i] = T(-1);
    if (n > 8) x[8] = T(-0.0);
    std::vector<T> with_nan = x;
    with_nan[n / 2] = nan;
    if (n > 3) with_nan[n - 3] = std::copysign(nan, T(-1));
    for (const bool nans : {false, true}) {
      const std::vector<T>& values = nans ? with_nan : x;
      INFO("n " << n << ", " << sizeof(T) << "-byte values" << (nans ? ", with NaN" : ""));
      const auto shapes = n > 10000 ? std::vector<Shape>{Shape::contiguous} : kShapes;
      check_op_scans<Space>(values, -inf, kp::maximum<T>{}, same_bits, shapes);
      check_op_scans<Space>(values, inf, kp::minimum<T>{}, same_bits, shapes);
      std::vector<T> negated(values.size());
      for (std::size_t i = 0; i < values.size(); ++i) negated[i] = -values[i];
      check_op_scans<Space>(negated, -inf, kp::maximum<T>{}, same_bits, shapes);
      check_op_scans<Space>(negated, inf, kp::minimum<T>{}, same_bits, shapes);
    }
  }
}

TEMPLATE_LIST_TEST_CASE("kp max and min scans keep the earliest of tied signed zeros",
                        "[kp][scan][op]", Spaces) {
  check_tied_zeros<TestType, float>();
  check_tied_zeros<TestType, double>();
}

#if defined(KOKKOS_ENABLE_OPENMP)
// OpenMP teams of two: the staged path GPUs take when a tile is not in
// registers (striped loads into scratch, the threads' doubling scan,
// broadcasts, look-back between teams of several threads).
TEST_CASE("kp operator scans staged through scratch by teams of two threads", "[kp][scan][op]") {
  using Space = Kokkos::OpenMP;
  if (Space().concurrency() < 2) SKIP("needs 2 OpenMP threads");
  using Op = ComposeOf<Affine16>;
  for (const std::int64_t n : {1, 9, 10, 11, 1000, 100003}) {
    const auto x = affine_maps<Affine16>(n);
    const Affine16 init{3, 7};
    for (const int items : {1, 5, 64}) {
      INFO("n " << n << ", items " << items);
      const auto plan = kp::impl::make_tile_plan(n, 2, items);
      const kp::impl::DecoupledLookbackScan<Space, Affine16> scan(plan.tiles);
      using V = kp::impl::View<Affine16*, Space>;
      const V in("in", n), out("out", n);
      const auto host = Kokkos::create_mirror_view(in);
      for (std::int64_t i = 0; i < n; ++i) host(i) = x[i];
      Kokkos::deep_copy(in, host);
      const kp::impl::View<const Affine16*, Space> in_const = in;
      scan.run(Space(), plan, in_const, out, true, kp::impl::Running<Affine16>{{}, false}, Op{},
               kp::impl::Identity());
      CHECK(same(to_host<Space>(out),
                 sequential(x, true, static_cast<const Affine16*>(nullptr), Op{})));
      scan.run(Space(), plan, in_const, out, false, kp::impl::Running<Affine16>{init, true}, Op{},
               kp::impl::Identity());
      CHECK(same(to_host<Space>(out), sequential(x, false, &init, Op{})));
    }
  }
}
#endif

// The look-back's walk over several predecessors, which a run on two host
// threads rarely takes (the tile before is usually done): tile 0 published
// INCLUSIVE and tiles 1-3 AGGREGATE, tile 4 must combine them in sequence
// order, for the packed (4-byte) and the flagged (16-byte) status.
TEMPLATE_TEST_CASE("kp look-back combines the published tiles in sequence order", "[kp][scan][op]",
                   Affine4, Affine16) {
  using Space = Kokkos::DefaultHostExecutionSpace;
  using A = TestType;
  using Op = ComposeOf<A>;
  const auto maps = affine_maps<A>(5);
  // Only the status and the operation take part in a look-back.
  const kp::impl::ChainedScanTiles<Space, A, Op> tiles{
      {},    {},    kp::impl::TileStatus<Space, A>(5),
      {},    {},    true,
      A{},   false, false,
      false, Op{},  kp::impl::Identity{}};
  tiles.status.publish(0, kp::impl::kInclusive, maps[0]);
  for (int t = 1; t < 4; ++t) tiles.status.publish(t, kp::impl::kAggregate, maps[t]);
  A want = maps[0];
  for (int t = 1; t < 4; ++t) want = Op{}(want, maps[t]);
  const kp::impl::Running<A> prefix = tiles.look_back(4, maps[4]);
  CHECK(prefix.any);
  CHECK(prefix.value == want);
  A published{};
  CHECK(tiles.status.read(4, published) == kp::impl::kInclusive);
  CHECK(published == Op{}(want, maps[4]));
}

// CUDA's status of 8- and 16-byte values (8 bytes of value beside the flag
// in each 16-byte word), here through its host accesses: a value is read
// only where every word carries the same flag of this run.
TEMPLATE_TEST_CASE("kp word tile status reads a value only from one publication", "[kp][scan][op]",
                   Affine8, Affine16) {
  using Space = Kokkos::DefaultHostExecutionSpace;
  using A = TestType;
  using Status = kp::impl::WordTileStatus<Space, A>;
  const auto maps = affine_maps<A>(3);
  Status status(2);
  status.epoch = 5;
  A value{};
  CHECK(status.read(0, value) == kp::impl::kNotReady);
  status.publish(0, kp::impl::kAggregate, maps[0]);
  REQUIRE(status.read(0, value) == kp::impl::kAggregate);
  CHECK(value == maps[0]);
  status.publish(0, kp::impl::kInclusive, maps[1]);
  REQUIRE(status.read(0, value) == kp::impl::kInclusive);
  CHECK(value == maps[1]);
  // The same tile of the run before: not this run's.
  status.epoch = 6;
  CHECK(status.read(0, value) == kp::impl::kNotReady);
  status.epoch = 5;
  if constexpr (Status::kWords == 2) {
    // A writer between its two stores: word 0 INCLUSIVE, word 1 still AGGREGATE.
    status.publish(1, kp::impl::kAggregate, maps[1]);
    std::uint64_t parts[2];
    std::memcpy(parts, &maps[2], sizeof parts);
    status.words(4) = kp::impl::tag_flag(5, kp::impl::kInclusive);  // tile 1's word 0
    status.words(5) = parts[0];
    CHECK(status.read(1, value) == kp::impl::kNotReady);
    status.publish(1, kp::impl::kInclusive, maps[2]);
    REQUIRE(status.read(1, value) == kp::impl::kInclusive);
    CHECK(value == maps[2]);
  }
}
