#pragma once
// Runs every variant of a SpaceCase once, the way the harness does before
// timing (poison, run, fence, check), and requires each check to pass.
#include <Kokkos_Core.hpp>
#include <catch2/catch_test_macros.hpp>
#include <string>

#include "harness/benchmark.hpp"

namespace bench::test {

// One run the way the harness checks it: launch, fence, check.
inline bench::Check run_and_check(const bench::Variant& variant) {
  variant.run();
  Kokkos::fence();
  return variant.check();
}

inline void require_all_pass(const bench::SpaceCase& space_case) {
  REQUIRE_FALSE(space_case.variants.empty());
  for (const bench::Variant& variant : space_case.variants) {
    INFO("variant " << variant.name);
    variant.poison();
    const bench::Check check = run_and_check(variant);
    INFO(check.detail);
    CHECK(check.pass);
  }
}

// A check that cannot fail is a defect: with the output poisoned and the
// variant not run, every check must report FAIL.
inline void require_poison_detected(const bench::SpaceCase& space_case) {
  for (const bench::Variant& variant : space_case.variants) {
    INFO("variant " << variant.name);
    variant.poison();
    Kokkos::fence();
    CHECK_FALSE(variant.check().pass);
  }
}

// The kind of the named variant ("ours", "baseline", "ceiling"), or "" where
// it does not run on this space.
inline std::string kind_of(const bench::SpaceCase& space_case, const std::string& name) {
  for (const bench::Variant& variant : space_case.variants) {
    if (variant.name == name) return variant.kind;
  }
  return "";
}

// Whether this build has the std::execution::par_unseq baselines (TBB).
#ifdef KP_HAVE_STD_PAR
inline constexpr bool kStdPar = true;
#else
inline constexpr bool kStdPar = false;
#endif

}  // namespace bench::test
