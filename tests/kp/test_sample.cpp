// kp::sample and kp::AliasTable on every enabled space: the invariants
// (counts sum to the draws, zero weights never drawn), the same counts on
// every space for one seed, frequencies near the weights, bad weights refused.
#include <kp/sample.hpp>

#include <catch2/catch_template_test_macros.hpp>
#include <catch2/catch_test_macros.hpp>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <stdexcept>
#include <vector>

#include "kp/helpers.hpp"

using namespace kp::test;

namespace {

std::vector<double> test_weights(std::int64_t n) {
  std::vector<double> w(n);
  for (std::int64_t i = 0; i < n; ++i) w[i] = i % 5 == 0 ? 0.0 : double(1 + (i * 7919) % 97);
  if (n == 1) w[0] = 3.0;
  return w;
}

// The counts the host space gives: every space must give the same.
template <class Count>
std::vector<Count> host_counts(const std::vector<double>& w, std::uint64_t draws,
                               std::uint64_t seed) {
  using Host = Kokkos::DefaultHostExecutionSpace;
  const auto weights = to_space<Host>(w, Shape::contiguous);
  auto counts = to_space<Host>(std::vector<Count>(w.size()), Shape::contiguous);
  kp::sample(Host(), weights, draws, seed, counts);
  return to_host<Host>(counts);
}

}  // namespace

TEMPLATE_LIST_TEST_CASE("kp::sample: invariants and the same counts everywhere", "[kp][sample]",
                        Spaces) {
  using Space = TestType;
  for (const std::int64_t n : {1, 2, 33, 4097, 100000}) {
    const auto w = test_weights(n);
    for (const std::uint64_t draws : {std::uint64_t{0}, std::uint64_t{1}, std::uint64_t{1000003}}) {
      const auto expect = host_counts<std::uint64_t>(w, draws, 42);
      for (const Shape shape : kShapes) {
        INFO("n " << n << ", draws " << draws << ", " << shape_name(shape));
        const auto weights = to_space<Space>(w, shape);
        auto counts = to_space<Space>(std::vector<std::uint64_t>(n, 777), shape);
        kp::sample(Space(), weights, draws, 42, counts);
        const auto got = to_host<Space>(counts);
        CHECK(std::accumulate(got.begin(), got.end(), std::uint64_t{0}) == draws);
        for (std::int64_t i = 0; i < n; ++i) {
          if (w[i] == 0) CHECK(got[i] == 0);
        }
        CHECK(got == expect);
        auto counts32 = to_space<Space>(std::vector<std::uint32_t>(n, 777), shape);
        kp::sample(Space(), weights, draws, 42, counts32);
        const auto got32 = to_host<Space>(counts32);
        CHECK(std::equal(got32.begin(), got32.end(), expect.begin()));
      }
    }
  }
}

TEMPLATE_LIST_TEST_CASE("kp::AliasTable: reuse, seeds, frequencies", "[kp][sample]", Spaces) {
  using Space = TestType;
  const std::vector<float> w = {1, 0, 2, 3, 0, 4};
  const auto weights = to_space<Space>(w, Shape::contiguous);
  const kp::AliasTable<Space> table(Space(), weights);
  CHECK(table.size() == 6);
  const std::uint64_t draws = 10000000;
  auto a = to_space<Space>(std::vector<std::uint64_t>(6), Shape::contiguous);
  auto b = to_space<Space>(std::vector<std::uint64_t>(6), Shape::contiguous);
  table.sample(Space(), draws, 1, a);
  table.sample(Space(), draws, 1, b);
  CHECK(to_host<Space>(a) == to_host<Space>(b));
  table.sample(Space(), draws, 2, b);
  CHECK(to_host<Space>(a) != to_host<Space>(b));
  const auto counts = to_host<Space>(a);
  for (int i = 0; i < 6; ++i) {
    const double expect = draws * w[i] / 10.0;
    INFO("item " << i);
    // 6 standard deviations of a binomial count.
    CHECK(std::fabs(double(counts[i]) - expect) <= 6 * std::sqrt(expect + 1));
  }
}

TEMPLATE_LIST_TEST_CASE("kp::sample refuses bad weights", "[kp][sample]", Spaces) {
  using Space = TestType;
  auto counts = to_space<Space>(std::vector<std::uint32_t>(3), Shape::contiguous);
  for (const auto& w :
       std::vector<std::vector<double>>{{1, -1, 1}, {1, NAN, 1}, {1, INFINITY, 1}, {0, 0, 0}}) {
    const auto weights = to_space<Space>(w, Shape::contiguous);
    CHECK_THROWS_AS(kp::sample(Space(), weights, 10, 1, counts), std::invalid_argument);
  }
  const auto none = to_space<Space>(std::vector<double>{}, Shape::contiguous);
  CHECK_THROWS_AS(kp::sample(Space(), none, 10, 1, counts), std::invalid_argument);
  const auto four = to_space<Space>(std::vector<double>(4, 1.0), Shape::contiguous);
  CHECK_THROWS_AS(kp::sample(Space(), four, 10, 1, counts), std::invalid_argument);
  const auto huge = to_space<Space>(std::vector<double>(3, 1e308), Shape::contiguous);
  CHECK_THROWS_AS(kp::sample(Space(), huge, 10, 1, counts), std::invalid_argument);
  for (const Shape shape : kShapes) {
    const auto bad = to_space<Space>(std::vector<float>{2, 1, -0.5f}, shape);
    CHECK_THROWS_AS(kp::AliasTable<Space>(Space(), bad), std::invalid_argument);
  }
  // A refused call leaves the library's workspaces fit for the next one.
  const auto good = to_space<Space>(std::vector<double>{0, 3, 1}, Shape::contiguous);
  kp::sample(Space(), good, 1000, 7, counts);
  const auto host = to_host<Space>(counts);
  CHECK(host[0] == 0);
  CHECK(host[1] + host[2] == 1000);
}

// Host draws pick the column or its alias by a branch or, for tables whose
// coins a branch predictor would often miss, by arithmetic: both give the
// same item for every draw, and the choice follows the table.
TEST_CASE("kp::sample host draws: the select reads as the branch does", "[kp][sample]") {
  using Host = Kokkos::DefaultHostExecutionSpace;
  const std::int64_t n = 1000;
  kp::impl::View<kp::impl::DrawColumn*, Host> full("full", n), mixed("mixed", n);
  for (std::int64_t c = 0; c < n; ++c) {
    const auto alias = static_cast<std::uint32_t>((c * 7919) % n);
    full(c) = {0xffffffffu, static_cast<std::uint32_t>(c)};
    // Thresholds across the whole range, both ends included.
    const std::uint32_t threshold =
        c % 3 == 0 ? 0u : (c % 3 == 1 ? 0xffffffffu : static_cast<std::uint32_t>(c * 4294967u));
    mixed(c) = {threshold, alias};
  }
  const kp::impl::ReadColumns<Host, false> branch{mixed};
  const kp::impl::ReadColumns<Host, true> select{mixed};
  for (std::uint64_t i = 0; i < 200000; ++i) {
    const std::uint64_t bits = kp::impl::random_bits(kp::impl::stream_start(7), i);
    INFO("draw " << i);
    REQUIRE(select(bits) == branch(bits));
  }
  CHECK_FALSE(kp::impl::draws_by_select(Host(), full, 1000000));
  CHECK(kp::impl::draws_by_select(Host(), mixed, 1000000));
  CHECK_FALSE(kp::impl::draws_by_select(Host(), mixed, n - 1));  // fewer draws than columns
}
