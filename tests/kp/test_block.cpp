// The block level inside a user's TeamPolicy functor, on every enabled
// space, with teams of one thread and of several: kp::block::reduce,
// exclusive_scan and inclusive_scan of sums (int64) and of a non-commutative
// operation (affine maps composed in rank order), and tile_reduce against
// kp::team_scan's total.
#include <kp/block.hpp>

#include <algorithm>
#include <catch2/catch_template_test_macros.hpp>
#include <catch2/catch_test_macros.hpp>
#include <cstdint>
#include <vector>

#include "kp/affine.hpp"
#include "kp/helpers.hpp"

using namespace kp::test;

namespace {

template <class Space, class T, class Op>
struct BlockCalls {
  using Member = typename Kokkos::TeamPolicy<Space>::member_type;
  using Values = Kokkos::View<T*, typename Space::memory_space>;
  Kokkos::View<const T*, typename Space::memory_space> in;
  Values reduced, exclusive, inclusive, totals;
  T identity, init;
  Op op;

  KOKKOS_INLINE_FUNCTION static std::size_t scratch_bytes(int team) {
    const std::size_t reduce = kp::block::reduce_scratch_size<T>(team),
                      scan = kp::block::scan_scratch_size<T>(team);
    return reduce > scan ? reduce : scan;
  }

  KOKKOS_INLINE_FUNCTION void operator()(const Member& team) const {
    const std::int64_t i = std::int64_t{team.league_rank()} * team.team_size() + team.team_rank();
    T* scratch = static_cast<T*>(team.team_scratch(0).get_shmem(scratch_bytes(team.team_size())));
    const T mine = in(i);
    const T all = kp::block::reduce(team, scratch, mine, identity, op);
    if (team.team_rank() == 0) reduced(team.league_rank()) = all;
    T total;
    exclusive(i) = kp::block::exclusive_scan(team, scratch, mine, init, op, total);
    inclusive(i) = kp::block::inclusive_scan(team, scratch, mine, op);
    totals(i) = total;
  }
};

// Team sizes to test: one thread, and several (whole warps on a GPU).
template <class Space>
std::vector<int> team_sizes() {
  if (kp::impl::is_gpu_space<Space>()) return {32, 128};
  const int several = std::min(4, Space().concurrency());
  return several > 1 ? std::vector<int>{1, several} : std::vector<int>{1};
}

template <class Space, class T, class Op>
void check_block_calls(const std::vector<T>& x, int team, T identity, T init, Op op) {
  INFO("team " << team);
  const auto n = static_cast<std::int64_t>(x.size());
  const int league = static_cast<int>(n / team);
  using Memory = typename Space::memory_space;
  const Kokkos::View<T*, Memory> in("in", n), reduced("reduced", league), exclusive("ex", n),
      inclusive("in", n), totals("totals", n);
  const auto mirror = Kokkos::create_mirror_view(in);
  for (std::int64_t i = 0; i < n; ++i) mirror(i) = x[i];
  Kokkos::deep_copy(in, mirror);
  using Calls = BlockCalls<Space, T, Op>;
  Kokkos::parallel_for(Kokkos::TeamPolicy<Space>(league, team)
                           .set_scratch_size(0, Kokkos::PerTeam(Calls::scratch_bytes(team))),
                       Calls{in, reduced, exclusive, inclusive, totals, identity, init, op});
  Kokkos::fence();
  const auto r = to_host<Space>(reduced), ex = to_host<Space>(exclusive),
             inc = to_host<Space>(inclusive), tot = to_host<Space>(totals);
  for (int l = 0; l < league; ++l) {
    T running = identity, before = init;
    for (int k = 0; k < team; ++k) {
      const std::size_t i = static_cast<std::size_t>(l) * team + k;
      running = k == 0 ? x[i] : op(running, x[i]);
      CHECK(ex[i] == before);
      CHECK(inc[i] == running);
      before = op(before, x[i]);
    }
    CHECK(r[l] == running);
    for (int k = 0; k < team; ++k) CHECK(tot[static_cast<std::size_t>(l) * team + k] == running);
  }
}

}  // namespace

TEMPLATE_LIST_TEST_CASE("kp::block reduce and scans of sums", "[kp][block]", Spaces) {
  using Space = TestType;
  for (const int team : team_sizes<Space>()) {
    std::vector<std::int64_t> x(static_cast<std::size_t>(team) * 5);
    for (std::size_t i = 0; i < x.size(); ++i)
      x[i] = static_cast<std::int64_t>(i * 7919 % 101) - 50;
    check_block_calls<Space>(x, team, std::int64_t{0}, std::int64_t{10}, kp::plus<std::int64_t>{});
  }
}

TEMPLATE_LIST_TEST_CASE("kp::block reduce and scans of a non-commutative operation", "[kp][block]",
                        Spaces) {
  using Space = TestType;
  for (const int team : team_sizes<Space>()) {
    const auto x = affine_maps<Affine8>(std::int64_t{team} * 5);
    check_block_calls<Space>(x, team, Affine8{1, 0}, Affine8{3, 7}, ComposeOf<Affine8>{});
  }
}

namespace {

template <class Space>
struct TileCalls {
  using Member = typename Kokkos::TeamPolicy<Space>::member_type;
  Kokkos::View<const double*, typename Space::memory_space> in;
  Kokkos::View<double*, typename Space::memory_space> scanned, reduced, scan_totals;
  int items;

  KOKKOS_INLINE_FUNCTION void operator()(const Member& team) const {
    const std::size_t bytes = kp::block::tile_scratch_size<double>(team.team_size(), items);
    auto* scratch = static_cast<double*>(team.team_scratch(0).get_shmem(bytes));
    const std::int64_t tile = std::int64_t{team.team_size()} * items;
    const int count = static_cast<int>(tile - team.league_rank() % 3);  // some tiles partial
    const double* first = in.data() + team.league_rank() * tile;
    const double sum = kp::block::tile_reduce(team, scratch, items, first, count);
    const double total = kp::team_scan(
        team, scratch, items, first, scanned.data() + team.league_rank() * tile, count, 0.0, true);
    if (team.team_rank() == 0) {
      reduced(team.league_rank()) = sum;
      scan_totals(team.league_rank()) = total;
    }
  }
};

}  // namespace

TEMPLATE_LIST_TEST_CASE("kp::block::tile_reduce has team_scan's total, bit for bit", "[kp][block]",
                        Spaces) {
  using Space = TestType;
  const int league = 7, items = 5;
  for (const int team : team_sizes<Space>()) {
    INFO("team " << team);
    const std::int64_t n = std::int64_t{league} * team * items;
    using Memory = typename Space::memory_space;
    const Kokkos::View<double*, Memory> in("in", n), scanned("scanned", n), reduced("r", league),
        totals("t", league);
    const auto mirror = Kokkos::create_mirror_view(in);
    for (std::int64_t i = 0; i < n; ++i) mirror(i) = 1.0 / static_cast<double>(i % 97 + 1);
    Kokkos::deep_copy(in, mirror);
    Kokkos::parallel_for(
        Kokkos::TeamPolicy<Space>(league, team)
            .set_scratch_size(0,
                              Kokkos::PerTeam(kp::block::tile_scratch_size<double>(team, items))),
        TileCalls<Space>{in, scanned, reduced, totals, items});
    Kokkos::fence();
    const auto r = to_host<Space>(reduced), t = to_host<Space>(totals);
    for (int l = 0; l < league; ++l) {
      double sum = 0;
      for (std::int64_t i = 0; i < std::int64_t{team} * items - l % 3; ++i) {
        sum += mirror(std::int64_t{l} * team * items + i);
      }
      CHECK(r[l] == t[l]);                                   // the same additions
      CHECK(std::abs(r[l] - sum) <= 1e-12 * std::abs(sum));  // and the sum
    }
  }
}
