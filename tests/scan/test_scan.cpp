// Every scan variant on every enabled space, both kinds, every element type,
// edge and tile-boundary sizes and adversarial data, against the sequential
// reference; and proof that the check catches wrong or missing output.
#include <catch2/catch_template_test_macros.hpp>
#include <catch2/catch_test_macros.hpp>
#include <catch2/generators/catch_generators.hpp>
#include <catch2/matchers/catch_matchers_string.hpp>
#include <cstdlib>
#include <set>
#include <string>

#include <kp/impl/agent/decoupled_lookback.hpp>
#include "common/run_variants.hpp"
#include "common/spaces.hpp"
#include "harness/usage.hpp"
#include "scan/scan_app.hpp"
#include "scan/tiled.hpp"

using namespace kp;
using namespace bench;
using scan::Data;
using scan::Kind;

namespace {

template <class Space, class T>
void require_variants_pass(std::uint64_t n, Kind kind, Data data) {
  INFO("n = " << n << ", kind = " << scan::kind_name(kind) << ", data = " << scan::data_name(data));
  const auto input = scan::make_input<T>(n, kind, data);
  bench::test::require_all_pass(scan::make_typed_case<Space>(input));
}

template <class Space>
void require_every_type_passes(std::uint64_t n, Kind kind, Data data) {
  SECTION("int32") {
    require_variants_pass<Space, std::int32_t>(n, kind, data);
  }
  SECTION("int64") {
    require_variants_pass<Space, std::int64_t>(n, kind, data);
  }
  SECTION("float") {
    require_variants_pass<Space, float>(n, kind, data);
  }
  SECTION("double") {
    require_variants_pass<Space, double>(n, kind, data);
  }
}

}  // namespace

TEMPLATE_LIST_TEST_CASE("scan: every variant matches the reference", "[scan]",
                        bench::test::Spaces) {
  // 2047, 2048, 2049: one value short of, exactly, and one past a tile.
  const std::uint64_t n = GENERATE(0, 1, 7, 2047, 2048, 2049, 1000003, 1 << 20);
  const Kind kind = GENERATE(Kind::inclusive, Kind::exclusive);
  require_every_type_passes<TestType>(n, kind, Data::random);
}

TEMPLATE_LIST_TEST_CASE("scan: sizes around the look-back's tiles and windows", "[scan]",
                        bench::test::Spaces) {
  // GPU look-back tiles hold 4096 4-byte or 2048 8-byte values (host: 2048):
  // one short of, exactly, one past and a partial fourth tile; then more
  // tiles than one warp's look-back window (32), and than 1024.
  const std::uint64_t n =
      GENERATE(4095, 4096, 4097, 3 * 4096 + 5, 3 * 2048 + 5, 33 * 4096 + 1, 1025 * 4096 + 3);
  const Kind kind = GENERATE(Kind::inclusive, Kind::exclusive);
  require_every_type_passes<TestType>(n, kind, Data::random);
}

TEMPLATE_LIST_TEST_CASE("scan: adversarial data stays exact", "[scan]", bench::test::Spaces) {
  const Data data = GENERATE(Data::equal, Data::descending, Data::extremes);
  const std::uint64_t n = GENERATE(1, 7, 4099, 100003);
  const Kind kind = GENERATE(Kind::inclusive, Kind::exclusive);
  require_every_type_passes<TestType>(n, kind, data);
}

#ifdef KOKKOS_ENABLE_OPENMP
namespace {

// Runs the tiled and the look-back scan with teams of `team` threads of
// `items` values each, on OpenMP.
template <class T>
void require_staged_tiles_pass(int team, int items, std::uint64_t n, Kind kind, Data data) {
  using Space = Kokkos::OpenMP;
  INFO("team " << team << ", items " << items << ", n " << n << ", kind " << scan::kind_name(kind)
               << ", data " << scan::data_name(data));
  const auto input = scan::make_input<T>(n, kind, data);
  const View<T*, Space> x("x", n), out("out", n);
  Kokkos::deep_copy(x, input.values);
  const auto plan = kp::impl::make_tile_plan(n, team, items);  // the look-back's (the library's)
  const bool inclusive = kind == Kind::inclusive;
  const auto check = [&](const char* variant, const auto& algorithm) {
    INFO("variant " << variant);
    Kokkos::deep_copy(out, T(-1));
    algorithm.run(x, out);
    Kokkos::fence();
    const Check result = scan::check_scan<T>(input, out);
    INFO(result.detail);
    CHECK(result.pass);
  };
  check("tiled", scan::TiledScan<Space, T>(scan::make_tile_plan(n, team, items), inclusive));
  check("decoupled-lookback", kp::impl::DecoupledLookbackScan<Space, T>(plan, inclusive));
}

}  // namespace

// The host spaces run teams of one thread, which scan straight from global
// memory. OpenMP can also run teams of two: then the path GPUs take (striped
// loads into padded scratch, team_scan, broadcasts, look-back between teams
// of several threads) runs here with real barriers, on tiny tiles.
TEST_CASE("scan: tiles staged through scratch by teams of two threads", "[scan]") {
  const int team = 2;
  if (Kokkos::OpenMP().concurrency() < team) SKIP("needs 2 OpenMP threads");
  const std::uint64_t n = GENERATE(0, 1, 9, 10, 11, 1000, 100003);
  const int items = GENERATE(1, 5, 64);
  const Kind kind = GENERATE(Kind::inclusive, Kind::exclusive);
  const Data data = GENERATE(Data::random, Data::extremes);
  SECTION("int32") {
    require_staged_tiles_pass<std::int32_t>(team, items, n, kind, data);
  }
  SECTION("float") {
    require_staged_tiles_pass<float>(team, items, n, kind, data);
  }
  SECTION("int64") {
    require_staged_tiles_pass<std::int64_t>(team, items, n, kind, data);
  }
  SECTION("double") {
    require_staged_tiles_pass<double>(team, items, n, kind, data);
  }
}
#endif

TEMPLATE_LIST_TEST_CASE("scan: repeated runs give the same result", "[scan]", bench::test::Spaces) {
  // The look-back state and tile counter must be reset by every run.
  const auto input = scan::make_input<float>(100000, Kind::inclusive, Data::random);
  const auto space_case = scan::make_typed_case<TestType>(input);
  for (const auto& variant : space_case.variants) {
    INFO("variant " << variant.name);
    variant.poison();
    for (int run = 0; run < 3; ++run) variant.run();
    Kokkos::fence();
    CHECK(variant.check().pass);
  }
}

TEMPLATE_LIST_TEST_CASE("scan: copies of a look-back scan share its run epochs", "[scan]",
                        bench::test::Spaces) {
  // A copy uses the same tile status: were its epoch its own, the flags the
  // other copy left would read as this run's.
  using T = std::int32_t;
  const std::uint64_t n = 100003;
  const auto ones = scan::make_input<T>(n, Kind::inclusive, Data::equal);
  const auto random = scan::make_input<T>(n, Kind::inclusive, Data::random);
  const View<T*, TestType> x("x", n), y("y", n), out("out", n);
  Kokkos::deep_copy(x, ones.values);
  Kokkos::deep_copy(y, random.values);
  const kp::impl::DecoupledLookbackScan<TestType, T> first(kp::impl::lookback_plan<TestType, T>(n),
                                                           true);
  const auto second = first;
  for (int run = 0; run < 3; ++run) {
    INFO("run " << run);
    first.run(x, out);
    Kokkos::fence();
    CHECK(scan::check_scan<T>(ones, Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), out))
              .pass);
    second.run(y, out);
    Kokkos::fence();
    CHECK(scan::check_scan<T>(random, Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), out))
              .pass);
  }
}

TEMPLATE_LIST_TEST_CASE("scan: a wrong or missing output fails the check", "[scan]",
                        bench::test::Spaces) {
  const std::uint64_t n = GENERATE(1, 1000);
  const Kind kind = GENERATE(Kind::inclusive, Kind::exclusive);
  auto input = scan::make_input<std::int32_t>(n, kind, Data::random);
  const auto space_case = scan::make_typed_case<TestType>(input);
  bench::test::require_poison_detected(space_case);
  // One element of the expected output changed: the element-by-element check
  // of each prefix-sum row sees it and names the index (the other forms check
  // against answers of their own, recomputed from the input).
  const std::size_t wrong = n / 2;
  input.reference(wrong) += 1;
  const std::set<std::string> sums = {"kp",       "kokkos", "tiled", "decoupled-lookback",
                                      "std-scan", "cub"};
  for (const auto& variant : space_case.variants) {
    if (!sums.count(variant.name)) continue;
    INFO("variant " << variant.name);
    const Check check = bench::test::run_and_check(variant);
    CHECK_FALSE(check.pass);
    CHECK_THAT(check.detail,
               Catch::Matchers::ContainsSubstring("index " + std::to_string(wrong) + ":"));
  }
}

TEST_CASE("scan: the check names the first corrupted element", "[scan]") {
  const auto input = scan::make_input<float>(5000, Kind::exclusive, Data::random);
  Kokkos::View<float*, Kokkos::HostSpace> output("output", 5000);
  Kokkos::deep_copy(output, input.reference);
  CHECK(scan::check_scan<float>(input, output).pass);
  output(4000) += 1;
  output(1234) -= 1;
  const Check check = scan::check_scan<float>(input, output);
  CHECK_FALSE(check.pass);
  CHECK_THAT(check.detail, Catch::Matchers::ContainsSubstring("index 1234:"));
  const Kokkos::View<float*, Kokkos::HostSpace> shorter("shorter", 4999);
  CHECK_FALSE(scan::check_scan<float>(input, shorter).pass);
}

TEST_CASE("scan: the reference is the sequential scan", "[scan]") {
  const auto inclusive = scan::make_input<std::int64_t>(4, Kind::inclusive, Data::equal);
  const auto exclusive = scan::make_input<std::int64_t>(4, Kind::exclusive, Data::equal);
  for (std::int64_t i = 0; i < 4; ++i) {
    CHECK(inclusive.reference(i) == i + 1);
    CHECK(exclusive.reference(i) == i);
  }
  const auto extremes = scan::make_input<std::int32_t>(3, Kind::inclusive, Data::extremes);
  CHECK(extremes.values(0) == INT32_MAX);
  CHECK(extremes.values(1) == -INT32_MAX);
  CHECK(extremes.reference(2) == INT32_MAX);
  const auto descending = scan::make_input<float>(17, Kind::inclusive, Data::descending);
  CHECK(descending.values(0) == 8);
  CHECK(descending.values(16) == -8);
}

TEST_CASE("scan: data whose sums are not exact in the type is refused", "[scan]") {
  // Descending values over 2^23 elements reach a partial sum near 36/17 * 2^23
  // > 2^24: beyond float's exact integers, within double's and int32's.
  CHECK_THROWS_AS(scan::make_input<float>(1 << 23, Kind::inclusive, Data::descending), UsageError);
  CHECK_NOTHROW(scan::make_input<std::int32_t>(1 << 23, Kind::inclusive, Data::descending));
  CHECK_NOTHROW(scan::make_input<double>(1 << 23, Kind::inclusive, Data::descending));
}

TEST_CASE("scan: --select P gives values of which P% are positive, with zero mean", "[scan]") {
  for (const int percent : {1, 50, 99}) {
    INFO("percent " << percent);
    const auto input =
        scan::make_input<std::int32_t>(100000, Kind::inclusive, Data::select, percent);
    std::int64_t kept = 0;
    for (std::size_t i = 0; i < input.values.extent(0); ++i) {
      const std::int32_t x = input.values(i);
      REQUIRE((x == 100 - percent || x == -percent));
      kept += x > 0;
    }
    CHECK(std::abs(kept - 1000 * percent) < 100 + 10 * percent);
  }
}

TEMPLATE_LIST_TEST_CASE("scan: every form passes with few and with most values selected", "[scan]",
                        bench::test::Spaces) {
  const int percent = GENERATE(1, 99);
  const Kind kind = GENERATE(Kind::inclusive, Kind::exclusive);
  INFO("percent " << percent);
  bench::test::require_all_pass(
      scan::make_typed_case<TestType>(scan::make_input<float>(30011, kind, Data::select, percent)));
}

TEMPLATE_LIST_TEST_CASE("scan: the host baselines run where they belong, marked baseline", "[scan]",
                        bench::test::Spaces) {
  const auto input = scan::make_input<float>(1000, Kind::inclusive, Data::random);
  const auto space_case = scan::make_typed_case<TestType>(input);
  const std::string space = space_name<TestType>();
  CHECK(bench::test::kind_of(space_case, "decoupled-lookback") == "ours");
  CHECK(bench::test::kind_of(space_case, "kokkos") == "baseline");
  const bool std_scan = space == "serial" || (space == "openmp" && bench::test::kStdPar);
  CHECK(bench::test::kind_of(space_case, "std-scan") == (std_scan ? "baseline" : ""));
}
