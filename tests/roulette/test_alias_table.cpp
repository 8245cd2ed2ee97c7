// Vose's alias table, and the one built in parallel on each space, reproduce
// the weights exactly (to rounding) and never give a zero-weight item any
// probability.
#include <catch2/catch_approx.hpp>
#include <catch2/catch_template_test_macros.hpp>
#include <catch2/catch_test_macros.hpp>
#include <catch2/generators/catch_generators.hpp>
#include <cmath>
#include <string>
#include <vector>

#include <kp/impl/agent/parallel_alias.hpp>
#include <kp/random.hpp>
#include "common/spaces.hpp"
#include "roulette/alias_table.hpp"
#include "roulette/input.hpp"

using namespace bench::roulette;
using kp::splitmix64;
using kp::unit_interval;

namespace {

// Every item's probability under the table is its weight's share (1e-9
// relative), zero-weight items have none and alias a positive item, and
// every column was written (keep in [0, 1], alias an item).
void require_reproduces(const Weights& weights, const AliasEntry* table) {
  const std::size_t n = weights.values.extent(0);
  double total = 0;
  for (std::size_t i = 0; i < n; ++i) total += weights.values(i);
  const std::vector<double> p = alias_probabilities(table, n);
  for (std::size_t i = 0; i < n; ++i) {
    INFO("item " << i << " weight " << weights.values(i) << " keep " << table[i].keep << " alias "
                 << table[i].alias);
    REQUIRE(table[i].alias < n);
    REQUIRE(table[i].keep >= 0);
    REQUIRE(table[i].keep <= 1);
    if (weights.values(i) == 0) {
      REQUIRE(p[i] == 0);
      REQUIRE(weights.values(table[i].alias) > 0);
    } else {
      REQUIRE(p[i] == Catch::Approx(weights.values(i) / total).epsilon(1e-9));
    }
  }
}

// The generated kinds, and adversarial ones: one item holding half the mass
// (every light aliases it), n equal weights 0.1 (not exact in binary: n
// equal shares must still all be heavy, none light), random weights spanning
// six orders of magnitude (long chains of heavies filling heavies), Zipf, and
// weights so large that n * W overflows unless the builder scales them.
Weights test_weights(std::uint64_t n, const std::string& kind) {
  if (kind == "uniform" || kind == "ramp" || kind == "sparse") return make_weights(n, kind);
  Weights weights = make_weights(n, "uniform");
  auto& w = weights.values;
  for (std::uint64_t i = 0; i < n; ++i) {
    const double u = 1.0 - unit_interval(splitmix64(i + 12345));  // (0, 1]
    if (kind == "one-heavy") w(i) = i == n / 2 ? static_cast<double>(n) : 1.0;
    if (kind == "equal-0.1") w(i) = 0.1;
    if (kind == "random") w(i) = std::pow(10.0, 6 * u - 3);
    if (kind == "zipf") w(i) = 1.0 / static_cast<double>(i + 1);
    if (kind == "huge") w(i) = 1e303 * u;
  }
  return weights;
}

}  // namespace

TEST_CASE("alias table: column shares add up to the weights", "[roulette]") {
  const std::uint64_t n = GENERATE(1, 2, 3, 1000, 4099);
  const std::string kind = GENERATE("uniform", "ramp", "sparse");
  INFO("n " << n << " weights " << kind);
  const Weights weights = make_weights(n, kind);
  std::vector<AliasEntry> table(n);
  AliasBuilder builder(n);
  builder.build(weights.values.data(), table.data());
  require_reproduces(weights, table.data());
}

// Subnormal weights with a subnormal total: n / total overflows to inf, and
// scaling by it once made a zero weight NaN, which the draws then picked.
TEST_CASE("alias table: subnormal weights, zero weights never drawn", "[roulette]") {
  const std::vector<double> w = {5e-324, 1e-310, 0, 0x1p-1074, 0};
  for (const std::size_t n : {std::size_t{3}, w.size()}) {
    Weights weights = make_weights(n, "uniform");
    for (std::size_t i = 0; i < n; ++i) weights.values(i) = w[i];
    std::vector<AliasEntry> table(n);
    AliasBuilder builder(n);
    builder.build(weights.values.data(), table.data());
    for (const AliasEntry& entry : table) REQUIRE(std::isfinite(entry.keep));
    require_reproduces(weights, table.data());
  }
}

TEMPLATE_LIST_TEST_CASE("parallel alias table: column shares add up to the weights", "[roulette]",
                        bench::test::Spaces) {
  const std::uint64_t n = GENERATE(1, 2, 7, 1000, 100003);
  const std::string kind =
      GENERATE("uniform", "ramp", "sparse", "one-heavy", "equal-0.1", "random", "zipf", "huge");
  INFO("n " << n << " weights " << kind);
  const Weights weights = test_weights(n, kind);
  const bench::View<Weight*, TestType> device_weights("weights", n);
  Kokkos::deep_copy(device_weights, weights.values);
  const bench::View<AliasEntry*, TestType> table("table", n);
  // Poisoned: a column the build skips fails require_reproduces.
  Kokkos::deep_copy(table, AliasEntry{-1.0, 0xffffffffu});
  const ParallelAliasBuilder<TestType> builder(n);
  builder.build(TestType(), device_weights, table);
  // A second build into the same workspace must give the same table.
  builder.build(TestType(), device_weights, table);
  const auto host = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), table);
  require_reproduces(weights, host.data());
}

// A DrawColumn draws exactly what its AliasEntry draws (coin * 2^-32 < keep),
// for keeps at the edges of the 32-bit coin's resolution and coins on either
// side of the threshold.
TEST_CASE("draw columns: every 32-bit coin draws the alias entry's item", "[roulette]") {
  const double keeps[] = {0.0,
                          1e-300,
                          0x1.0p-33,
                          0x1.0p-32,
                          0x1.8p-32,
                          0.5,
                          std::nextafter(0.5, 1.0),
                          std::nextafter(0.5, 0.0),
                          1.0 - 0x1.0p-32,
                          1.0 - 0x1.0p-33,
                          std::nextafter(1.0, 0.0),
                          1.0};
  const std::uint32_t column = 3, alias = 7;
  for (const double keep : keeps) {
    const DrawColumn entry = to_draw_column(column, {keep, alias});
    const auto edge = static_cast<std::uint32_t>(std::fmin(keep * 0x1.0p32, 0xffffffffu));
    for (const std::uint64_t delta : {0, 1, 2}) {
      for (const std::uint64_t coin64 :
           {std::uint64_t{0}, std::uint64_t{1}, std::uint64_t{0x80000000u},
            std::uint64_t{0xfffffffeu}, std::uint64_t{0xffffffffu}, edge + delta - 1}) {
        const auto coin = static_cast<std::uint32_t>(coin64 & 0xffffffffu);
        INFO("keep " << keep << " coin " << coin);
        const bool keeps_column = static_cast<double>(coin) * 0x1.0p-32 < keep;
        REQUIRE(draw_from(column, entry, coin) == (keeps_column ? column : alias));
      }
    }
  }
}

// The parallel build's DrawColumn form is its AliasEntry table, entry by
// entry, and that build zeroes the counts it is given.
TEMPLATE_LIST_TEST_CASE("parallel alias table: the draw form encodes the same table", "[roulette]",
                        bench::test::Spaces) {
  const std::uint64_t n = GENERATE(1, 7, 4099);
  const std::string kind = GENERATE("sparse", "one-heavy", "random", "huge");
  INFO("n " << n << " weights " << kind);
  const Weights weights = test_weights(n, kind);
  const bench::View<Weight*, TestType> device_weights("weights", n);
  Kokkos::deep_copy(device_weights, weights.values);
  const bench::View<AliasEntry*, TestType> table("table", n);
  const bench::View<DrawColumn*, TestType> columns("columns", n);
  Kokkos::deep_copy(columns, DrawColumn{0xffffffffu, 0xffffffffu});  // poison
  const bench::View<Count*, TestType> counts("counts", n);
  Kokkos::deep_copy(counts, Count{0xdeadbeef});  // the build must zero them
  const ParallelAliasBuilder<TestType> builder(n);
  builder.build(TestType(), device_weights, table);
  builder.build(TestType(), device_weights, columns, counts);
  const auto host_counts = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), counts);
  std::uint64_t nonzero_counts = 0;
  for (std::uint64_t i = 0; i < n; ++i) nonzero_counts += host_counts(i) != 0;
  REQUIRE(nonzero_counts == 0);
  const auto host_table = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), table);
  const auto host_columns = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), columns);
  for (std::uint64_t i = 0; i < n; ++i) {
    const auto item = static_cast<std::uint32_t>(i);
    const DrawColumn expected = to_draw_column(item, host_table(i));
    INFO("item " << i << " keep " << host_table(i).keep);
    REQUIRE(host_columns(i).threshold == expected.threshold);
    REQUIRE(host_columns(i).alias == expected.alias);
  }
}
