#include <catch2/catch_template_test_macros.hpp>
#include <catch2/generators/catch_generators.hpp>

#include "bandwidth/bandwidth_app.hpp"
#include "common/run_variants.hpp"
#include "common/spaces.hpp"

TEMPLATE_LIST_TEST_CASE("bandwidth: copy and triad write every element", "[bandwidth]",
                        kp::test::Spaces) {
  kp::CommonOptions options;
  options.size = GENERATE(0, 1, 1001);
  kp::bandwidth::BandwidthApp app;
  app.prepare(options);
  const auto space_case = app.make_case<TestType>(options);
  kp::test::require_all_pass(space_case);
  if (options.size > 0) kp::test::require_poison_detected(space_case);
}
