// cluster-dsm: a histogram whose bins live in the distributed shared memory of
// a Hopper thread-block cluster, so B may exceed one block's shared memory.
#include "histogram/cuda_variants.hpp"

#if defined(KOKKOS_ENABLE_CUDA)
#include <cooperative_groups.h>

#include <stdexcept>

namespace kp::histogram {

namespace {

namespace cg = cooperative_groups;

constexpr int kThreads = 1024;
constexpr int kPortableCluster = 8;
constexpr int kMaxCluster = 16;  // non-portable, allowed by an attribute on sm_90

// Block r of a cluster owns bins [r * slice, (r + 1) * slice). Device code
// exists only for sm_90+; make() refuses builds whose kernel lacks it.
__global__ void __launch_bounds__(kThreads)
    cluster_histogram(const std::int32_t* __restrict__ in, std::int64_t n, int bins, int slice,
                      Count* __restrict__ counts) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  extern __shared__ Count local[];
  const cg::cluster_group cluster = cg::this_cluster();
  for (int b = threadIdx.x; b < slice; b += blockDim.x) local[b] = 0;
  // Every slice is zero, and every block of the cluster has started (its
  // shared memory may only be touched by others once it runs).
  cluster.sync();
  const std::int64_t stride = std::int64_t{gridDim.x} * blockDim.x;
  for (std::int64_t i = std::int64_t{blockIdx.x} * blockDim.x + threadIdx.x; i < n; i += stride) {
    const int bin = clamp_bin(in[i], bins);
    const int owner = bin / slice;
    atomicAdd(cluster.map_shared_rank(local, owner) + (bin - owner * slice), Count{1});
  }
  // Every remote add has landed before any block reads its slice. No block
  // touches another's shared memory after this point, so this is also the
  // barrier that makes it safe for blocks to exit.
  cluster.sync();
  const int first = static_cast<int>(cluster.block_rank()) * slice;
  for (int b = threadIdx.x; b < slice && first + b < bins; b += blockDim.x) {
    if (local[b] != 0) atomicAdd(&counts[first + b], local[b]);
  }
#endif
}

cudaLaunchConfig_t launch_config(int blocks, int cluster, std::size_t shared_bytes,
                                 cudaLaunchAttribute& attribute) {
  attribute.id = cudaLaunchAttributeClusterDimension;
  attribute.val.clusterDim.x = cluster;
  attribute.val.clusterDim.y = 1;
  attribute.val.clusterDim.z = 1;
  cudaLaunchConfig_t config = {};
  config.gridDim = dim3(blocks);
  config.blockDim = dim3(kThreads);
  config.dynamicSmemBytes = shared_bytes;
  config.stream = Kokkos::Cuda().cuda_stream();
  config.attrs = &attribute;
  config.numAttrs = 1;
  return config;
}

}  // namespace

void check_cuda(cudaError_t status, const char* what) {
  if (status != cudaSuccess) {
    throw std::runtime_error(std::string(what) + ": " + cudaGetErrorString(status));
  }
}

std::optional<ClusterDsmHistogram> ClusterDsmHistogram::make(CudaValues in, CudaCounts counts,
                                                             std::string& why) {
  int device = 0;
  check_cuda(cudaGetDevice(&device), "cudaGetDevice");
  cudaDeviceProp prop;
  check_cuda(cudaGetDeviceProperties(&prop, device), "cudaGetDeviceProperties");
  if (prop.major < 9) {
    why = "needs compute capability 9.0, the device has " + std::to_string(prop.major) + "." +
          std::to_string(prop.minor);
    return std::nullopt;
  }
  // The PTX architecture the kernel was compiled from is its __CUDA_ARCH__.
  cudaFuncAttributes attributes;
  check_cuda(cudaFuncGetAttributes(&attributes, cluster_histogram), "cudaFuncGetAttributes");
  if (attributes.ptxVersion < 90) {
    why = "the build has no sm_90 code (kernel compiled for compute_" +
          std::to_string(attributes.ptxVersion) + ")";
    return std::nullopt;
  }

  // The smallest cluster whose blocks can hold the bins between them.
  const int bins = static_cast<int>(counts.extent(0));
  const std::size_t limit = prop.sharedMemPerBlockOptin;
  ClusterDsmHistogram h;
  h.in_ = in;
  h.counts_ = counts;
  for (h.cluster_ = 1;; h.cluster_ *= 2) {
    h.slice_ = (bins + h.cluster_ - 1) / h.cluster_;
    h.shared_bytes_ = sizeof(Count) * h.slice_;
    if (h.shared_bytes_ <= limit || h.cluster_ == kMaxCluster) break;
  }
  if (h.shared_bytes_ > limit) {
    why = std::to_string(bins) + " bins need more than " + std::to_string(kMaxCluster) +
          " blocks x " + std::to_string(limit) + " bytes of shared memory";
    return std::nullopt;
  }
  // Raised to the device's limit, not to this B's need: the attribute is a
  // per-kernel maximum, so a later make() for fewer bins cannot invalidate
  // an earlier object's launches.
  check_cuda(cudaFuncSetAttribute(cluster_histogram, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                  static_cast<int>(limit)),
             "cudaFuncSetAttribute(MaxDynamicSharedMemorySize)");
  if (h.cluster_ > kPortableCluster) {
    check_cuda(
        cudaFuncSetAttribute(cluster_histogram, cudaFuncAttributeNonPortableClusterSizeAllowed, 1),
        "cudaFuncSetAttribute(NonPortableClusterSizeAllowed)");
  }
  cudaLaunchAttribute attribute;
  const cudaLaunchConfig_t config =
      launch_config(h.cluster_, h.cluster_, h.shared_bytes_, attribute);
  int clusters = 0;
  const cudaError_t status = cudaOccupancyMaxActiveClusters(&clusters, cluster_histogram, &config);
  if (status != cudaSuccess || clusters == 0) {
    (void)cudaGetLastError();  // clear the error so later calls do not see it
    why = "no cluster of " + std::to_string(h.cluster_) + " blocks with " +
          std::to_string(h.shared_bytes_) + " bytes of shared memory each fits on the device" +
          (status != cudaSuccess ? std::string(" (") + cudaGetErrorString(status) + ")" : "");
    return std::nullopt;
  }
  h.blocks_ = clusters * h.cluster_;  // one wave; the threads stride over the input
  return h;
}

void ClusterDsmHistogram::operator()() const {
  Kokkos::deep_copy(counts_, Count{0});
  cudaLaunchAttribute attribute;
  const cudaLaunchConfig_t config = launch_config(blocks_, cluster_, shared_bytes_, attribute);
  const std::int64_t n = in_.extent(0);
  check_cuda(cudaLaunchKernelEx(&config, cluster_histogram, in_.data(), n,
                                static_cast<int>(counts_.extent(0)), slice_, counts_.data()),
             "cluster-dsm launch");
}

}  // namespace kp::histogram
#endif
