#pragma once
// The execution spaces this build enabled, by name, and a dispatch that
// calls a generic function once per requested space with a type tag, so the
// applications instantiate each variant for every backend from one source.
#include <Kokkos_Core.hpp>
#include <string>
#include <vector>

#ifdef KOKKOS_ENABLE_SERIAL
#define KP_IF_SERIAL(...) __VA_ARGS__
#else
#define KP_IF_SERIAL(...)
#endif
#ifdef KOKKOS_ENABLE_OPENMP
#define KP_IF_OPENMP(...) __VA_ARGS__
#else
#define KP_IF_OPENMP(...)
#endif
#ifdef KOKKOS_ENABLE_CUDA
#define KP_IF_CUDA(...) __VA_ARGS__
#else
#define KP_IF_CUDA(...)
#endif

// Expands MACRO(Space) once for every enabled execution space: used for the
// explicit instantiations that keep the heavy kernels out of app and test TUs.
#define KP_FOR_EACH_SPACE(MACRO)      \
  KP_IF_SERIAL(MACRO(Kokkos::Serial)) \
  KP_IF_OPENMP(MACRO(Kokkos::OpenMP)) KP_IF_CUDA(MACRO(Kokkos::Cuda))

namespace bench {

template <class Space>
struct SpaceTag {
  using space = Space;
};

template <class Space>
const char* space_name();
KP_IF_SERIAL(template <> inline const char* space_name<Kokkos::Serial>() { return "serial"; })
KP_IF_OPENMP(template <> inline const char* space_name<Kokkos::OpenMP>() { return "openmp"; })
KP_IF_CUDA(template <> inline const char* space_name<Kokkos::Cuda>() { return "cuda"; })

// Host spaces run their algorithms on host memory; device spaces on their own.
template <class Space>
using Memory = typename Space::memory_space;
template <class T, class Space>
using View = Kokkos::View<T, Kokkos::Device<Space, Memory<Space>>>;

// GPUs run thousands of threads in teams; host spaces one thread a team.
template <class Space>
constexpr bool is_gpu_space() {
  return !Kokkos::SpaceAccessibility<Space, Kokkos::HostSpace>::accessible;
}

inline std::vector<std::string> enabled_spaces() {
  std::vector<std::string> names;
  KP_IF_SERIAL(names.push_back("serial");)
  KP_IF_OPENMP(names.push_back("openmp");)
  KP_IF_CUDA(names.push_back("cuda");)
  return names;
}

// Calls f(SpaceTag<Space>{}) for each name, in the order given.
template <class F>
void for_each_space(const std::vector<std::string>& names, F&& f) {
  for (const auto& name : names) {
    KP_IF_SERIAL(if (name == "serial") f(SpaceTag<Kokkos::Serial>{});)
    KP_IF_OPENMP(if (name == "openmp") f(SpaceTag<Kokkos::OpenMP>{});)
    KP_IF_CUDA(if (name == "cuda") f(SpaceTag<Kokkos::Cuda>{});)
  }
}

// True where the build has CUDA and a device answers; otherwise `why` says
// what is missing. Checked before Kokkos::initialize, which aborts without a GPU.
bool cuda_device_usable(std::string& why);
// The CUDA devices this process sees (0 without CUDA or without a device).
int cuda_device_count();

}  // namespace bench
