// The warp level inside a user's TeamPolicy functor, on every enabled
// space, with teams of one thread and of several: kp::warp::reduce,
// exclusive_scan and inclusive_scan of sums (int64) and of a non-commutative
// operation (affine maps composed in lane order). On host spaces a warp is
// one thread: each thread's results are its own value (and init).
#include <kp/warp.hpp>

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
struct WarpCalls {
  using Member = typename Kokkos::TeamPolicy<Space>::member_type;
  using Values = Kokkos::View<T*, typename Space::memory_space>;
  Kokkos::View<const T*, typename Space::memory_space> in;
  Values reduced, exclusive, inclusive;
  T init;
  Op op;

  KOKKOS_INLINE_FUNCTION void operator()(const Member& team) const {
    const std::int64_t i = std::int64_t{team.league_rank()} * team.team_size() + team.team_rank();
    const T mine = in(i);
    const T all = kp::warp::reduce(team, mine, op);
    if (team.team_rank() % kp::warp::size<Space>() == 0) reduced(i) = all;
    exclusive(i) = kp::warp::exclusive_scan(team, mine, init, op);
    inclusive(i) = kp::warp::inclusive_scan(team, mine, op);
  }
};

template <class Space>
std::vector<int> team_sizes() {
  if (kp::impl::is_gpu_space<Space>()) return {32, 128};
  const int several = std::min(4, Space().concurrency());
  return several > 1 ? std::vector<int>{1, several} : std::vector<int>{1};
}

template <class Space, class T, class Op>
void check_warp_calls(const std::vector<T>& x, int team, T init, Op op) {
  INFO("team " << team);
  const auto n = static_cast<std::int64_t>(x.size());
  const int league = static_cast<int>(n / team);
  const int width = kp::warp::size<Space>();
  using Memory = typename Space::memory_space;
  const Kokkos::View<T*, Memory> in("in", n), reduced("reduced", n), exclusive("ex", n),
      inclusive("inc", n);
  const auto mirror = Kokkos::create_mirror_view(in);
  for (std::int64_t i = 0; i < n; ++i) mirror(i) = x[i];
  Kokkos::deep_copy(in, mirror);
  Kokkos::parallel_for(Kokkos::TeamPolicy<Space>(league, team),
                       WarpCalls<Space, T, Op>{in, reduced, exclusive, inclusive, init, op});
  Kokkos::fence();
  const auto r = to_host<Space>(reduced), ex = to_host<Space>(exclusive),
             inc = to_host<Space>(inclusive);
  for (std::size_t warp = 0; warp < x.size(); warp += width) {
    T running = x[warp], before = init;
    for (int lane = 0; lane < width; ++lane) {
      const std::size_t i = warp + lane;
      if (lane > 0) running = op(running, x[i]);
      CHECK(ex[i] == before);
      CHECK(inc[i] == running);
      before = op(before, x[i]);
    }
    CHECK(r[warp] == running);
  }
}

}  // namespace

TEMPLATE_LIST_TEST_CASE("kp::warp reduce and scans of sums", "[kp][warp]", Spaces) {
  using Space = TestType;
  for (const int team : team_sizes<Space>()) {
    std::vector<std::int64_t> x(static_cast<std::size_t>(team) * 3);
    for (std::size_t i = 0; i < x.size(); ++i)
      x[i] = static_cast<std::int64_t>(i * 7919 % 101) - 50;
    check_warp_calls<Space>(x, team, std::int64_t{10}, kp::plus<std::int64_t>{});
  }
}

TEMPLATE_LIST_TEST_CASE("kp::warp reduce and scans of a non-commutative operation", "[kp][warp]",
                        Spaces) {
  using Space = TestType;
  for (const int team : team_sizes<Space>()) {
    const auto x = affine_maps<Affine8>(std::int64_t{team} * 3);
    check_warp_calls<Space>(x, team, Affine8{3, 7}, ComposeOf<Affine8>{});
  }
}

TEST_CASE("kp::warp::size: 32 lanes on CUDA, one thread on host spaces", "[kp][warp]") {
  KP_IF_SERIAL(CHECK(kp::warp::size<Kokkos::Serial>() == 1);)
  KP_IF_OPENMP(CHECK(kp::warp::size<Kokkos::OpenMP>() == 1);)
  KP_IF_CUDA(CHECK(kp::warp::size<Kokkos::Cuda>() == 32);)
}
