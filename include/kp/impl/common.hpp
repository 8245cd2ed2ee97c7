#pragma once
// What every implementation header of the library shares: the View type the
// kernels take (contiguous, in the space's own memory; the public entries
// turn a user's View into it, see views.hpp), which spaces are GPUs, and the
// SplitMix64 mix behind the counter-based random numbers.
#include <Kokkos_Core.hpp>
#include <cstdint>
#include <type_traits>

namespace kp::impl {

template <class Space>
using Memory = typename Space::memory_space;
template <class T, class Space>
using View = Kokkos::View<T, Kokkos::Device<Space, Memory<Space>>>;

// GPUs run thousands of threads in teams; host spaces one thread a team.
template <class Space>
constexpr bool is_gpu_space() {
  return !Kokkos::SpaceAccessibility<Space, Kokkos::HostSpace>::accessible;
}

// counts(i) += v for uint32 or uint64 counts. Kokkos 3.4 adds CUDA's
// unsigned long long natively but an unsigned long (uint64_t on Linux)
// through a compare-and-swap loop, which under contention (many draws or
// values into few bins) took minutes where the native add takes milliseconds.
template <class Count>
KOKKOS_INLINE_FUNCTION void atomic_count(Count* count, Count v) {
  if constexpr (std::is_unsigned_v<Count> && sizeof(Count) == sizeof(unsigned long long)) {
    Kokkos::atomic_add(reinterpret_cast<unsigned long long*>(count),
                       static_cast<unsigned long long>(v));
  } else {
    Kokkos::atomic_add(count, v);
  }
}

// SplitMix64's output function: a bijective 64-bit mix (Steele, Lea and
// Flood 2014), good enough to pass BigCrush when applied to a counter.
KOKKOS_INLINE_FUNCTION constexpr std::uint64_t splitmix64(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

}  // namespace kp::impl
