// bench::block::tree_reduce in a real Kokkos team against the emulator running
// the same steps, bit for bit, on every space. On CUDA the teams are 32, 128
// and 256 threads of real hardware: this is the proof that the GPU result
// equals the emulated one. Host spaces allow smaller teams (Serial: one
// thread), so there the largest allowed power of two is compared.
#include <Kokkos_Core.hpp>
#include <algorithm>
#include <catch2/catch_template_test_macros.hpp>
#include <catch2/catch_test_macros.hpp>
#include <catch2/generators/catch_generators.hpp>
#include <vector>

#include "common/spaces.hpp"
#include "emulator/reduce_drivers.hpp"
#include "harness/spaces.hpp"
#include "helpers.hpp"
#include "primitives/block/block_reduce.hpp"

namespace {

// Every thread of team t reduces in(t * team_size + rank) and stores what it
// got, so that the broadcast to every thread is checked too.
template <class Space>
struct TeamTreeSum {
  using Member = typename Kokkos::TeamPolicy<Space>::member_type;
  bench::View<const float*, Space> in;
  bench::View<float*, Space> out;

  KOKKOS_INLINE_FUNCTION void operator()(const Member& team) const {
    float* shared =
        static_cast<float*>(team.team_scratch(0).get_shmem(sizeof(float) * team.team_size()));
    const int i = team.league_rank() * team.team_size() + team.team_rank();
    out(i) = bench::block::tree_reduce(team, shared, in(i));
  }
};

template <class Space>
Kokkos::TeamPolicy<Space> team_policy(int league, int team) {
  return Kokkos::TeamPolicy<Space>(league, team)
      .set_scratch_size(0, Kokkos::PerTeam(sizeof(float) * team));
}

// The largest power of two <= wanted that the space allows as a team size.
template <class Space>
int allowed_team_size(int wanted) {
  const int max =
      team_policy<Space>(1, 1).team_size_max(TeamTreeSum<Space>{}, Kokkos::ParallelForTag());
  int size = 1;
  while (size * 2 <= std::min(wanted, max)) size *= 2;
  return size;
}

template <class Space>
std::vector<float> run_teams(const std::vector<float>& values, int league, int team) {
  const Kokkos::View<const float*, Kokkos::HostSpace, Kokkos::MemoryUnmanaged> host(values.data(),
                                                                                    values.size());
  bench::View<float*, Space> in("in", values.size());
  bench::View<float*, Space> out("out", values.size());
  Kokkos::deep_copy(in, host);
  Kokkos::parallel_for("emulator::team_tree_sum", team_policy<Space>(league, team),
                       TeamTreeSum<Space>{in, out});
  const auto result = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), out);
  return std::vector<float>(result.data(), result.data() + result.extent(0));
}

}  // namespace

TEMPLATE_LIST_TEST_CASE("emu: a Kokkos team's tree reduction equals the emulator bit for bit",
                        "[emulator]", bench::test::Spaces) {
  const int wanted = GENERATE(32, 128, 256);
  const int team = allowed_team_size<TestType>(wanted);
  INFO(bench::space_name<TestType>() << ": team size " << team << " for " << wanted);
  if (bench::is_gpu_space<TestType>()) REQUIRE(team == wanted);
  constexpr int kLeague = 5;
  const std::vector<float> values = bench::test::order_sensitive_floats(kLeague * team, 11);
  const std::vector<float> teams = run_teams<TestType>(values, kLeague, team);

  for (int t = 0; t < kLeague; ++t) {
    const auto first = values.begin() + t * team;
    const std::vector<float> slice(first, first + team);
    const std::vector<float> emulated =
        bench::test::run_block(slice, bench::emu::Schedule::shuffled(static_cast<std::uint64_t>(t)),
                               [](bench::emu::Block& block, int rank, float* shared, float value) {
                                 return bench::emu::tree_reduce(block, rank, shared, value);
                               });
    for (int rank = 0; rank < team; ++rank) {
      const float got = teams[static_cast<std::size_t>(t * team + rank)];
      INFO("team " << t << " rank " << rank << ": " << got << " vs emulated "
                   << emulated[static_cast<std::size_t>(rank)]);
      CHECK(bench::test::same_bits(got, emulated[static_cast<std::size_t>(rank)]));
    }
  }
}
