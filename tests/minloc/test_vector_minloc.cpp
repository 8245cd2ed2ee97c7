// The minloc `vector` variant's vectorization edge cases: the extremum (and
// ties with it) at every position of short arrays, so that it lands in the
// scalar head, in each lane of a 16-byte pack and in the scalar tail; and
// arrays that start off the 16-byte boundary, where the index must stay
// relative to the start.
#include <catch2/catch_template_test_macros.hpp>
#include <catch2/catch_test_macros.hpp>
#include <catch2/generators/catch_generators.hpp>
#include <cstdint>
#include <utility>
#include <vector>

#include <kp/impl/agent/vector_reduce.hpp>
#include "common/run_variants.hpp"
#include "common/spaces.hpp"
#include "harness/spaces.hpp"
#include "minloc/first_loc_op.hpp"
#include "minloc/minloc_app.hpp"

using namespace kp;
using namespace bench;
using minloc::Op;

namespace {

template <class Space>
void require_vector_variant(const std::vector<float>& values, Op op) {
  const auto input = minloc::make_input(values, op);
  const SpaceCase space_case = minloc::make_typed_case<Space>(input);
  for (const Variant& variant : space_case.variants) {
    if (variant.name != "vector") continue;
    variant.poison();
    const Check check = bench::test::run_and_check(variant);
    INFO(check.detail);
    CHECK(check.pass);
    return;
  }
  FAIL("no vector variant");
}

// The first extremum of x[offset, offset + n) by the primitive directly, on
// an array whose start is `offset` floats past a 16-byte boundary.
template <class Space, class O>
minloc::ValLoc first_extremum_at(const std::vector<float>& all, std::int64_t offset, int league,
                                 std::int64_t tail_from = impl::kTailFromPacksOn<Space>) {
  View<float*, Space> storage("storage", all.size());
  auto host = Kokkos::create_mirror_view(storage);
  for (std::size_t i = 0; i < all.size(); ++i) host(i) = all[i];
  Kokkos::deep_copy(storage, host);
  const View<const float*, Space> x =
      Kokkos::subview(storage, std::make_pair(offset, static_cast<std::int64_t>(all.size())));
  const View<minloc::ValLoc, Space> result("result");
  impl::make_vector_reduce<Space, minloc::FirstLocOp<O>>(x, result, league, tail_from)();
  const auto out = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), result);
  return out();
}

}  // namespace

TEMPLATE_LIST_TEST_CASE("minloc vector: the extremum in head, every pack lane and tail",
                        "[minloc][vector]", bench::test::Spaces) {
  const std::int64_t n = GENERATE(1, 2, 3, 4, 5, 6, 7, 8, 9, 13, 15);
  const Op op = GENERATE(Op::min, Op::max);
  for (std::int64_t at = 0; at < n; ++at) {
    INFO("n = " << n << ", extremum first at " << at);
    std::vector<float> x(n, 5.0f);
    // The extremum at `at` and again at every third later index: ties the
    // smaller index must win, wherever the two land.
    for (std::int64_t i = at; i < n; i += 3) x[i] = op == Op::min ? 1.0f : 9.0f;
    require_vector_variant<TestType>(x, op);
  }
}

TEMPLATE_LIST_TEST_CASE("minloc vector: misaligned starts keep indices relative",
                        "[minloc][vector]", bench::test::Spaces) {
  const std::int64_t n = GENERATE(1, 5, 4001, 4003, 100003);
  const std::int64_t offset = GENERATE(0, 1, 2, 3);
  const int league = GENERATE(0, 7);
  INFO("n = " << n << ", offset = " << offset << ", league = " << league);
  std::vector<float> all(offset + n);
  for (std::int64_t i = 0; i < offset + n; ++i) all[i] = static_cast<float>((i * 7919) % 101);
  // A better value before the start must be ignored.
  if (offset > 0) all[0] = -1.0f;
  std::int64_t first_min = 0;
  for (std::int64_t i = 1; i < n; ++i) {
    if (all[offset + i] < all[offset + first_min]) first_min = i;
  }
  const auto found = first_extremum_at<TestType, minloc::Order<Op::min>>(all, offset, league);
  CHECK(found.loc == first_min);
  CHECK(found.val == all[offset + first_min]);
}

TEMPLATE_LIST_TEST_CASE("minloc vector: ties across the teams' shares and the tail",
                        "[minloc][vector]", bench::test::Spaces) {
  // A tail forced on every space: the minimum at the places listed (in the
  // shares, in the tail's units, both), the first of them must win.
  const std::int64_t n = 1000003;
  const int league = GENERATE(7, 64);
  // n - 1000 lies in the tail's units on every space, n - 1 and n - 3 past
  // the last pack, 5 and n - 70000 in the shares (on CUDA with 64 teams,
  // n - 70000 is in the tail too).
  const std::vector<std::int64_t> places =
      GENERATE(std::vector<std::int64_t>{n - 1}, std::vector<std::int64_t>{n - 1000, n - 1},
               std::vector<std::int64_t>{n - 70000, n - 1000}, std::vector<std::int64_t>{5, n - 3});
  INFO("league = " << league << ", first place = " << places[0]);
  std::vector<float> all(n);
  for (std::int64_t i = 0; i < n; ++i) all[i] = static_cast<float>((i * 7919) % 101 + 1);
  for (const std::int64_t at : places) all[at] = 0.0f;
  const auto found =
      first_extremum_at<TestType, minloc::Order<Op::min>>(all, 0, league, /*tail_from=*/0);
  CHECK(found.loc == places[0]);
  CHECK(found.val == 0.0f);
}
