#pragma once
// The histogram of kp::HistogramAlgorithm::cluster (CUDA, compute capability 9.0):
// bins in the distributed shared memory of a thread-block cluster, so B may
// exceed one block's shared memory (up to 16 blocks' worth). The B bins are
// split over the C blocks of a cluster, each owning a slice of ceil(B / C);
// every thread adds each input to the owning block's slice through
// distributed shared memory; then each block adds its slice to the counts.
// Compiled only by nvcc in a CUDA build; elsewhere cluster_plan() says no.
#include <Kokkos_Core.hpp>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <type_traits>

#include <kp/impl/core/common.hpp>

#if defined(KOKKOS_ENABLE_CUDA) && defined(__CUDACC__)
#include <cooperative_groups.h>
#endif

namespace kp::impl {

// How a cluster histogram launches, or why it cannot (`why` non-empty).
struct ClusterPlan {
  int cluster = 1;  // blocks per cluster
  int slice = 0;    // bins per block
  int blocks = 0;   // whole grid: one wave of resident clusters
  std::size_t shared_bytes = 0;
  std::string why;
};

// Whether Space runs the cluster histogram: Cuda, compiled by nvcc.
template <class Space>
inline constexpr bool kClusterHistogram = false;

#if defined(KOKKOS_ENABLE_CUDA) && defined(__CUDACC__)

inline constexpr int kClusterThreads = 1024;
inline constexpr int kPortableCluster = 8;
inline constexpr int kMaxCluster = 16;  // non-portable, allowed by an attribute on sm_90

// Block r of a cluster owns bins [r * slice, (r + 1) * slice). Device code
// exists only for sm_90+; cluster_plan() refuses builds whose kernel lacks it.
template <class Value, class Count>
__global__ void __launch_bounds__(kClusterThreads)
    cluster_histogram_kernel(const Value* __restrict__ in, std::int64_t n, std::int64_t bins,
                             int slice, Count* __restrict__ counts) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  namespace cg = cooperative_groups;
  extern __shared__ unsigned long long cluster_bins_storage[];
  Count* local = reinterpret_cast<Count*>(cluster_bins_storage);
  const cg::cluster_group cluster = cg::this_cluster();
  for (int b = threadIdx.x; b < slice; b += blockDim.x) local[b] = 0;
  // Every slice is zero, and every block of the cluster has started (its
  // shared memory may only be touched by others once it runs).
  cluster.sync();
  const std::int64_t stride = std::int64_t{gridDim.x} * blockDim.x;
  for (std::int64_t i = std::int64_t{blockIdx.x} * blockDim.x + threadIdx.x; i < n; i += stride) {
    const Value v = in[i];
    const int bin = static_cast<int>(v < 0 ? 0 : (v >= bins ? bins - 1 : v));
    const int owner = bin / slice;
    atomic_count(cluster.map_shared_rank(local, owner) + (bin - owner * slice), Count(1));
  }
  // Every remote add has landed before any block reads its slice; no block
  // touches another's shared memory after this, so blocks may then exit.
  cluster.sync();
  const std::int64_t first = std::int64_t{cluster.block_rank()} * slice;
  for (int b = threadIdx.x; b < slice && first + b < bins; b += blockDim.x) {
    if (local[b] != 0) atomic_count(&counts[first + b], local[b]);
  }
#else
  (void)in, (void)n, (void)bins, (void)slice, (void)counts;
#endif
}

inline void cluster_check(cudaError_t status, const char* what) {
  check_cuda(status, std::string("kp::histogram (cluster): ") + what);
}

inline cudaLaunchConfig_t cluster_launch_config(const Kokkos::Cuda& space, int blocks, int cluster,
                                                std::size_t shared_bytes,
                                                cudaLaunchAttribute& attribute) {
  attribute.id = cudaLaunchAttributeClusterDimension;
  attribute.val.clusterDim.x = cluster;
  attribute.val.clusterDim.y = 1;
  attribute.val.clusterDim.z = 1;
  cudaLaunchConfig_t config = {};
  config.gridDim = dim3(blocks);
  config.blockDim = dim3(kClusterThreads);
  config.dynamicSmemBytes = shared_bytes;
  config.stream = space.cuda_stream();
  config.attrs = &attribute;
  config.numAttrs = 1;
  return config;
}

// The smallest cluster whose blocks hold the bins between them, and one
// wave of resident clusters; `why` says what is missing where none fits.
template <class Value, class Count>
ClusterPlan cuda_cluster_plan(const Kokkos::Cuda& space, std::int64_t bins) {
  ClusterPlan plan;
  cudaDeviceProp prop;
  cluster_check(cudaGetDeviceProperties(&prop, space.cuda_device()), "cudaGetDeviceProperties");
  if (prop.major < 9) {
    plan.why = "needs compute capability 9.0, the device has " + std::to_string(prop.major) + "." +
               std::to_string(prop.minor);
    return plan;
  }
  const auto kernel = cluster_histogram_kernel<Value, Count>;
  cudaFuncAttributes attributes;
  cluster_check(cudaFuncGetAttributes(&attributes, kernel), "cudaFuncGetAttributes");
  if (attributes.ptxVersion < 90) {
    plan.why = "the build has no sm_90 code (kernel compiled for compute_" +
               std::to_string(attributes.ptxVersion) + ")";
    return plan;
  }
  const std::size_t limit = prop.sharedMemPerBlockOptin;
  for (plan.cluster = 1;; plan.cluster *= 2) {
    plan.slice = static_cast<int>((bins + plan.cluster - 1) / plan.cluster);
    plan.shared_bytes = sizeof(Count) * static_cast<std::size_t>(plan.slice);
    if (plan.shared_bytes <= limit || plan.cluster == kMaxCluster) break;
  }
  if (plan.shared_bytes > limit) {
    plan.why = std::to_string(bins) + " bins need more than " + std::to_string(kMaxCluster) +
               " blocks x " + std::to_string(limit) + " bytes of shared memory";
    return plan;
  }
  // Raised to the device's limit, not to this B's need: the attribute is a
  // per-kernel maximum, so a later plan for fewer bins stays valid.
  cluster_check(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                     static_cast<int>(limit)),
                "cudaFuncSetAttribute(MaxDynamicSharedMemorySize)");
  if (plan.cluster > kPortableCluster) {
    cluster_check(cudaFuncSetAttribute(kernel, cudaFuncAttributeNonPortableClusterSizeAllowed, 1),
                  "cudaFuncSetAttribute(NonPortableClusterSizeAllowed)");
  }
  cudaLaunchAttribute attribute;
  const cudaLaunchConfig_t config =
      cluster_launch_config(space, plan.cluster, plan.cluster, plan.shared_bytes, attribute);
  int clusters = 0;
  const cudaError_t status = cudaOccupancyMaxActiveClusters(&clusters, kernel, &config);
  if (status != cudaSuccess || clusters == 0) {
    (void)cudaGetLastError();  // clear the error so later calls do not see it
    plan.why = "no cluster of " + std::to_string(plan.cluster) + " blocks with " +
               std::to_string(plan.shared_bytes) + " bytes of shared memory each fits" +
               (status != cudaSuccess ? std::string(" (") + cudaGetErrorString(status) + ")" : "");
    return plan;
  }
  plan.blocks = clusters * plan.cluster;
  return plan;
}

// Counts n values at `in` into `counts` (already zero) on `space`.
template <class Value, class Count>
void cluster_histogram(const Kokkos::Cuda& space, const ClusterPlan& plan, const Value* in,
                       std::int64_t n, Count* counts, std::int64_t bins) {
  cudaLaunchAttribute attribute;
  const cudaLaunchConfig_t config =
      cluster_launch_config(space, plan.blocks, plan.cluster, plan.shared_bytes, attribute);
  cluster_check(cudaLaunchKernelEx(&config, cluster_histogram_kernel<Value, Count>, in, n, bins,
                                   plan.slice, counts),
                "launch");
}

// The plan on Cuda, compiled by nvcc.
template <class Value, class Count>
ClusterPlan cluster_plan(const Kokkos::Cuda& space, std::int64_t bins) {
  return cuda_cluster_plan<Value, Count>(space, bins);
}

template <>
inline constexpr bool kClusterHistogram<Kokkos::Cuda> = true;
#endif

// The plan on any other space: none.
template <class Value, class Count, class Space>
ClusterPlan cluster_plan(const Space& space, std::int64_t bins) {
  (void)space, (void)bins;
  ClusterPlan plan;
  plan.why = "thread-block clusters need the Cuda space of a CUDA build";
  return plan;
}

}  // namespace kp::impl
