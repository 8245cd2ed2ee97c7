// The team-level calls inside a user's TeamPolicy functor, on every enabled
// space: kp::team_reduce (sum and max) and kp::team_scan of one tile.
#include <kp/team.hpp>

#include <catch2/catch_template_test_macros.hpp>
#include <catch2/catch_test_macros.hpp>
#include <cstdint>
#include <vector>

#include "kp/helpers.hpp"

using namespace kp::test;

namespace {

struct MaxOp {
  KOKKOS_INLINE_FUNCTION std::int64_t operator()(std::int64_t a, std::int64_t b) const {
    return a > b ? a : b;
  }
};

template <class Space>
struct TeamCalls {
  using Member = typename Kokkos::TeamPolicy<Space>::member_type;
  Kokkos::View<const std::int64_t*, typename Space::memory_space> in;
  Kokkos::View<std::int64_t*, typename Space::memory_space> sums, maxima, scanned, totals;
  int items;

  KOKKOS_INLINE_FUNCTION void operator()(const Member& team) const {
    const int t = team.team_size(), r = team.team_rank(), league = team.league_rank();
    auto* scratch = static_cast<std::int64_t*>(
        team.team_scratch(0).get_shmem(kp::team_scan_scratch_size<std::int64_t>(t, items)));
    const std::int64_t mine = in(std::int64_t{league} * t + r);
    const std::int64_t sum = kp::team_reduce(team, scratch, mine);
    const std::int64_t max = kp::team_reduce(team, scratch, mine, std::int64_t(-1000000), MaxOp{});
    sums(std::int64_t{league} * t + r) = sum;  // every thread writes what it got
    maxima(std::int64_t{league} * t + r) = max;
    const std::int64_t tile = std::int64_t{t} * items;
    const int count = static_cast<int>(tile - league % 3);  // some tiles partial
    const std::int64_t total =
        kp::team_scan(team, scratch, items, in.data() + league * tile,
                      scanned.data() + league * tile, count, std::int64_t(10), true);
    if (r == 0) totals(league) = total;
  }
};

}  // namespace

TEMPLATE_LIST_TEST_CASE("kp team_reduce and team_scan in a user's functor", "[kp][team]", Spaces) {
  using Space = TestType;
  const int team = kp::impl::is_gpu_space<Space>() ? 128 : 1;
  const int league = 7, items = 4;
  const std::int64_t n = std::int64_t{league} * team * items;
  std::vector<std::int64_t> x(n);
  for (std::int64_t i = 0; i < n; ++i) x[i] = (i * 7919) % 101 - 50;
  using Memory = typename Space::memory_space;
  const Kokkos::View<std::int64_t*, Memory> in("in", n), sums("sums", n), maxima("maxima", n),
      scanned("scanned", n), totals("totals", league);
  const auto mirror = Kokkos::create_mirror_view(in);
  for (std::int64_t i = 0; i < n; ++i) mirror(i) = x[i];
  Kokkos::deep_copy(in, mirror);
  Kokkos::parallel_for(
      Kokkos::TeamPolicy<Space>(league, team)
          .set_scratch_size(0,
                            Kokkos::PerTeam(kp::team_scan_scratch_size<std::int64_t>(team, items))),
      TeamCalls<Space>{in, sums, maxima, scanned, totals, items});
  Kokkos::fence();
  const auto s = to_host<Space>(sums), m = to_host<Space>(maxima), sc = to_host<Space>(scanned),
             tot = to_host<Space>(totals);
  for (int l = 0; l < league; ++l) {
    std::int64_t sum = 0, max = -1000000;
    for (int r = 0; r < team; ++r) {
      sum += x[std::int64_t{l} * team + r];
      max = std::max(max, x[std::int64_t{l} * team + r]);
    }
    for (int r = 0; r < team; ++r) {
      CHECK(s[std::int64_t{l} * team + r] == sum);
      CHECK(m[std::int64_t{l} * team + r] == max);
    }
    const std::int64_t tile = std::int64_t{team} * items, count = tile - l % 3;
    std::int64_t prefix = 10, total = 0;
    for (std::int64_t i = 0; i < count; ++i) {
      prefix += x[l * tile + i];
      total += x[l * tile + i];
      INFO("tile " << l << " element " << i);
      CHECK(sc[l * tile + i] == prefix);
    }
    CHECK(tot[l] == total);
  }
}
