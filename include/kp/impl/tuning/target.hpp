#pragma once
// The targets a tuning policy is measured on, and the one fallback chain
// that picks a call's policy for the space it runs on.
//
// A call's tuning is a class template over Target whose specializations
// hold its parameters as static constexpr members (scalars, so that device
// code reads them directly):
//
//   template <Target T> struct SortTuning : Next<SortTuning, T> {};  // the chain
//   template <> struct SortTuning<Target::hopper> { static constexpr int team = 256; ... };
//   template <> struct SortTuning<Target::gpu> : SortTuning<Target::hopper> {};
//   template <> struct SortTuning<Target::host> { ... };
//
// and a kernel for Space reads `Tuned<SortTuning, Space>::team`. A target
// without its own specialization takes the next one's along the chain
// (`fallback`): hopper -> gpu. `gpu` (any GPU this library was not tuned
// on) and `host` end the chain, so every tuning specializes them; until
// another GPU is measured, a tuning's `gpu` policy is the one measured on
// Hopper, derived from it as above. The record each policy was measured in
// is named beside it; the search that produced it is the benchmark run that
// record names (`scripts/ab_tuning.sh` for a constant, or the app's options).
#include <kp/impl/core/common.hpp>

namespace kp::impl::tuning {

enum class Target {
  host,    // Serial, OpenMP (any host space)
  gpu,     // any GPU without a policy of its own
  hopper,  // sm_90: H100, H200
};

// The next target along the chain, for a target without its own policy.
constexpr Target fallback(Target t) {
  return t == Target::hopper ? Target::gpu : t;
}

// The GPU this build compiles device code for (Kokkos' architecture option).
inline constexpr Target kBuildGpu =
#if defined(KOKKOS_ARCH_HOPPER90)
    Target::hopper;
#else
    Target::gpu;
#endif

template <class Space>
constexpr Target target_of() {
  return is_gpu_space<Space>() ? kBuildGpu : Target::host;
}

// The base of a tuning's primary template: the policy of the next target.
template <template <Target> class Tuning, Target T>
struct Next : Tuning<fallback(T)> {
  static_assert(fallback(T) != T, "a tuning specializes Target::gpu and Target::host");
};

// The policy a kernel on Space uses.
template <template <Target> class Tuning, class Space>
using Tuned = Tuning<target_of<Space>()>;

}  // namespace kp::impl::tuning
