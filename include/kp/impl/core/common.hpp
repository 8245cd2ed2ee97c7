#pragma once
// What every implementation header of the library shares: the View type the
// kernels take (contiguous, in the space's own memory; the public entries
// turn a user's View into it, see views.hpp), which spaces are GPUs, and the
// SplitMix64 mix behind the counter-based random numbers.
#include <Kokkos_Core.hpp>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <type_traits>

namespace kp::impl {

#if defined(KOKKOS_ENABLE_CUDA)
// Throws std::runtime_error ("what: CUDA's message") for a failed CUDA call.
inline void check_cuda(cudaError_t status, const std::string& what) {
  if (status != cudaSuccess) throw std::runtime_error(what + ": " + cudaGetErrorString(status));
}
#endif

// The threads of a GPU warp (CUDA's): the unit of shuffles, ballots and
// coalesced rounds of loads.
inline constexpr int kWarp = 32;

template <class Space>
using Memory = typename Space::memory_space;
template <class T, class Space>
using View = Kokkos::View<T, Kokkos::Device<Space, Memory<Space>>>;

// GPUs run thousands of threads in teams; host spaces one thread a team.
template <class Space>
KOKKOS_INLINE_FUNCTION constexpr bool is_gpu_space() {
  return !Kokkos::SpaceAccessibility<Space, Kokkos::HostSpace>::accessible;
}

// Kokkos' CUDA space, whose kernels may use warp intrinsics.
template <class Space>
KOKKOS_INLINE_FUNCTION constexpr bool is_cuda_space() {
#if defined(KOKKOS_ENABLE_CUDA)
  return std::is_same_v<Space, Kokkos::Cuda>;
#else
  return false;
#endif
}

// Kokkos' Serial space: one thread, whose parallel_scan is one pass.
template <class Space>
constexpr bool is_serial_space() {
#if defined(KOKKOS_ENABLE_SERIAL)
  return std::is_same_v<Space, Kokkos::Serial>;
#else
  return false;
#endif
}

// counts(i) += v for uint32 or uint64 counts, by the GPU's native 64-bit
// add: a compare-and-swap loop instead took minutes under contention (many
// draws or values into few bins) where the native add takes milliseconds.
// Which 64-bit type gets the native add differs between Kokkos versions:
// 3.4 has it for unsigned long long only (uint64_t, unsigned long on Linux,
// went through the loop); 4.x (desul) for uint64_t only (unsigned long long
// goes through the loop). Both seen on the H100.
template <class Count>
KOKKOS_INLINE_FUNCTION void atomic_count(Count* count, Count v) {
#if KOKKOS_VERSION < 40000
  if constexpr (std::is_unsigned_v<Count> && sizeof(Count) == sizeof(unsigned long long)) {
    Kokkos::atomic_add(reinterpret_cast<unsigned long long*>(count),
                       static_cast<unsigned long long>(v));
    return;
  }
#endif
  Kokkos::atomic_add(count, v);
}

// Asks for the cache line holding `p` ahead of its use, on host compilers
// with GNU builtins (a hint: never faults, nothing elsewhere). For host loops
// that do enough work a value that the hardware prefetcher, which follows the
// loads, does not run far enough ahead of them (the host reductions, the
// histogram's counting).
KOKKOS_FORCEINLINE_FUNCTION void prefetch_read([[maybe_unused]] const void* p) {
#if defined(__GNUC__) && !defined(__CUDA_ARCH__)
  __builtin_prefetch(p, 0, 3);
#endif
}

// prefetch_read for every cache line of p[0, kCount): the values a loop step
// will read, asked for ahead of it.
inline constexpr int kCacheLine = 64;
template <int kCount, class T>
KOKKOS_FORCEINLINE_FUNCTION void prefetch_lines(const T* p) {
  constexpr int kPerLine = sizeof(T) < kCacheLine ? kCacheLine / sizeof(T) : 1;
  for (int l = 0; l < kCount; l += kPerLine) prefetch_read(p + l);
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
