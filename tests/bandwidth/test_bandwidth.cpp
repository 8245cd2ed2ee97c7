#include <catch2/catch_template_test_macros.hpp>
#include <catch2/generators/catch_generators.hpp>

#include "bandwidth/bandwidth_app.hpp"
#include "common/run_variants.hpp"
#include "common/spaces.hpp"

TEMPLATE_LIST_TEST_CASE("bandwidth: copy, triad and gather write every element", "[bandwidth]",
                        bench::test::Spaces) {
  bench::CommonOptions options;
  options.size = GENERATE(0, 1, 1001);
  bench::bandwidth::BandwidthApp app;
  app.prepare(options);
  const auto space_case = app.make_case<TestType>(options);
  bench::test::require_all_pass(space_case);
  if (options.size > 0) bench::test::require_poison_detected(space_case);
}

TEMPLATE_LIST_TEST_CASE("bandwidth: every stream, read included, is a ceiling", "[bandwidth]",
                        bench::test::Spaces) {
  bench::CommonOptions options;
  options.size = 100;
  bench::bandwidth::BandwidthApp app;
  app.prepare(options);
  const auto space_case = app.make_case<TestType>(options);
  for (const char* name : {"copy", "deep-copy", "triad", "read", "gather"}) {
    CHECK(bench::test::kind_of(space_case, name) == "ceiling");
  }
}
