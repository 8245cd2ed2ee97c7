#pragma once
// A team's cooperative steps written once for both kinds of team: a Kokkos
// team (GPUs: the team's threads share the work) and SoloTeam, a host thread
// as a team of one (the steps are then plain loops). The overload for the
// team's type picks the form; the algorithm above calls the same names.
#include <Kokkos_Core.hpp>
#include <cstdint>

namespace kp::impl::team_ops {

// A host thread as a team of one: host spaces run a block a task
// (run_host_tasks), with its working memory on the thread's stack.
struct SoloTeam {
  KOKKOS_INLINE_FUNCTION int team_size() const { return 1; }
  KOKKOS_INLINE_FUNCTION int team_rank() const { return 0; }
  KOKKOS_INLINE_FUNCTION void team_barrier() const {}
};

// f(i) for i in [0, n) over the team's threads.
template <class Member, class F>
KOKKOS_INLINE_FUNCTION void team_for(const Member& team, std::int64_t n, const F& f) {
  Kokkos::parallel_for(Kokkos::TeamThreadRange(team, n), f);
}
template <class F>
KOKKOS_INLINE_FUNCTION void team_for(const SoloTeam&, std::int64_t n, const F& f) {
  for (std::int64_t i = 0; i < n; ++i) f(i);
}

// Kokkos' team scan of f(i, partial, final) over [begin, end).
template <class Member, class F>
KOKKOS_INLINE_FUNCTION void team_scan(const Member& team, std::int64_t begin, std::int64_t end,
                                      const F& f) {
  Kokkos::parallel_scan(Kokkos::TeamThreadRange(team, begin, end), f);
}
template <class F>
KOKKOS_INLINE_FUNCTION void team_scan(const SoloTeam&, std::int64_t begin, std::int64_t end,
                                      const F& f) {
  std::uint64_t partial = 0;
  for (std::int64_t i = begin; i < end; ++i) f(i, partial, true);
}

// f() once for the team.
template <class Member, class F>
KOKKOS_INLINE_FUNCTION void team_single(const Member& team, const F& f) {
  Kokkos::single(Kokkos::PerTeam(team), f);
}
template <class F>
KOKKOS_INLINE_FUNCTION void team_single(const SoloTeam&, const F& f) {
  f();
}

// f() evaluated by one thread, its value on every thread of the team.
template <class Member, class F>
KOKKOS_INLINE_FUNCTION std::uint64_t team_value(const Member& team, const F& f) {
  std::uint64_t value = 0;
  Kokkos::single(
      Kokkos::PerTeam(team), [&](std::uint64_t& v) { v = f(); }, value);
  return value;
}
template <class F>
KOKKOS_INLINE_FUNCTION std::uint64_t team_value(const SoloTeam&, const F& f) {
  return f();
}

// The sum of f(i) for i in [0, n), on every thread of the team.
template <class Member, class F>
KOKKOS_INLINE_FUNCTION std::uint64_t team_count(const Member& team, std::int64_t n, const F& f) {
  std::uint64_t sum = 0;
  Kokkos::parallel_reduce(
      Kokkos::TeamThreadRange(team, n), [&](std::int64_t i, std::uint64_t& s) { s += f(i); }, sum);
  return sum;
}
template <class F>
KOKKOS_INLINE_FUNCTION std::uint64_t team_count(const SoloTeam&, std::int64_t n, const F& f) {
  std::uint64_t sum = 0;
  for (std::int64_t i = 0; i < n; ++i) sum += f(i);
  return sum;
}

}  // namespace kp::impl::team_ops
