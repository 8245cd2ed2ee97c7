// Library calls given nothing to work on: each refuses loudly instead of
// returning as if it had done the work.
#include <kp/sample.hpp>

#include <catch2/catch_template_test_macros.hpp>
#include <catch2/catch_test_macros.hpp>
#include <cstdint>
#include <stdexcept>
#include <vector>

#include "kp/helpers.hpp"

using namespace kp::test;

TEMPLATE_LIST_TEST_CASE("an empty AliasTable refuses to draw, as kp::sample does", "[kp][sample]",
                        Spaces) {
  using Space = TestType;
  const auto no_counts = to_space<Space>(std::vector<std::uint64_t>{}, Shape::contiguous);
  const auto no_weights = to_space<Space>(std::vector<double>{}, Shape::contiguous);
  CHECK_THROWS_AS(kp::AliasTable<Space>{}.sample(Space(), 1000000, 1, no_counts),
                  std::invalid_argument);
  CHECK_THROWS_AS(kp::AliasTable<Space>{}.sample(Space(), 0, 1, no_counts), std::invalid_argument);
  CHECK_THROWS_AS(kp::sample(Space(), no_weights, 1000000, 1, no_counts), std::invalid_argument);
  auto indices = to_space<Space>(std::vector<std::uint32_t>(10), Shape::contiguous);
  CHECK_THROWS_AS(kp::AliasTable<Space>{}.sample_indices(Space(), 1, indices),
                  std::invalid_argument);
  CHECK_THROWS_AS(kp::sample_indices(Space(), no_weights, 1, indices), std::invalid_argument);
}
