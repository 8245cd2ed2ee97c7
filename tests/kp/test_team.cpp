// The team-level calls inside a user's TeamPolicy functor, on every enabled
// space: kp::team_reduce (sum and max) and kp::team_scan of one tile.
#include <kp/team.hpp>

#include <catch2/catch_template_test_macros.hpp>
#include <catch2/catch_test_macros.hpp>
#include <cstdint>
#include <vector>

#include "kp/affine.hpp"
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

namespace {

using Map = Affine16;  // op(f, g) = g after f (not commutative)
using Compose = ComposeOf<Map>;

template <class Space>
struct TeamOpScans {
  using Member = typename Kokkos::TeamPolicy<Space>::member_type;
  Kokkos::View<const Map*, typename Space::memory_space> in;
  Kokkos::View<Map*, typename Space::memory_space> with_prefix, without, totals;
  int items;

  KOKKOS_INLINE_FUNCTION void operator()(const Member& team) const {
    const int t = team.team_size(), league = team.league_rank();
    auto* scratch = static_cast<Map*>(
        team.team_scratch(0).get_shmem(kp::team_scan_scratch_size<Map>(t, items)));
    const std::int64_t tile = std::int64_t{t} * items;
    const int count = static_cast<int>(tile - league % 3);  // some tiles partial
    const Map* const x = in.data() + league * tile;
    const Map total = kp::team_scan(team, scratch, items, x, with_prefix.data() + league * tile,
                                    count, Map{3, 5}, league % 2 == 0, Compose{});
    kp::team_inclusive_scan(team, scratch, items, x, without.data() + league * tile, count,
                            Compose{});
    if (team.team_rank() == 0) totals(league) = total;
  }
};

}  // namespace

// Teams of several threads where the space runs them (CUDA: 128, OpenMP:
// 2), so the threads' partials combine in rank order.
TEMPLATE_LIST_TEST_CASE("kp team_scan with a non-commutative operation", "[kp][team]", Spaces) {
  using Space = TestType;
  const int team = kp::impl::is_gpu_space<Space>() ? 128 : Space().concurrency() >= 2 ? 2 : 1;
  const int league = 7;
  for (const int items : {3, 8}) {  // every tile holds at least one value
    const std::int64_t tile = std::int64_t{team} * items, n = league * tile;
    std::vector<Map> x(n);
    for (std::int64_t i = 0; i < n; ++i) {
      x[i] = Map{std::uint64_t(i * 7919) | 1, std::uint64_t(i * 104729)};
    }
    using Memory = typename Space::memory_space;
    const Kokkos::View<Map*, Memory> in("in", n), with_prefix("with prefix", n),
        without("without", n), totals("totals", league);
    const auto mirror = Kokkos::create_mirror_view(in);
    for (std::int64_t i = 0; i < n; ++i) mirror(i) = x[i];
    Kokkos::deep_copy(in, mirror);
    Kokkos::parallel_for(
        Kokkos::TeamPolicy<Space>(league, team)
            .set_scratch_size(0, Kokkos::PerTeam(kp::team_scan_scratch_size<Map>(team, items))),
        TeamOpScans<Space>{in, with_prefix, without, totals, items});
    Kokkos::fence();
    const auto wp = to_host<Space>(with_prefix), wo = to_host<Space>(without),
               tot = to_host<Space>(totals);
    const auto same = [](const Map& f, const Map& g) { return f.a == g.a && f.b == g.b; };
    for (int l = 0; l < league; ++l) {
      const std::int64_t count = tile - l % 3;
      const bool inclusive = l % 2 == 0;
      Map prefix{3, 5}, run = x[l * tile];
      for (std::int64_t i = 0; i < count; ++i) {
        INFO("team " << team << ", items " << items << ", tile " << l << ", element " << i);
        if (!inclusive) CHECK(same(wp[l * tile + i], prefix));
        prefix = Compose{}(prefix, x[l * tile + i]);
        if (inclusive) CHECK(same(wp[l * tile + i], prefix));
        if (i > 0) run = Compose{}(run, x[l * tile + i]);
        CHECK(same(wo[l * tile + i], run));
      }
      INFO("tile " << l);
      CHECK(same(tot[l], run));
    }
  }
}
