// The histogram's host counting (kp::histogram's CountTask: blocks of 64
// values clamped into a buffer, then counted two bins a load into 4 rows, or
// 1 row past 1024 bins) streaming 2^28 int32 values from memory, with the
// next values' cache lines prefetched `distance` bytes ahead of the block
// being clamped (0: none). Run T's probe counted bins in L1 on 16 threads
// at 21.5 G values/s, the library 11.8-12.7 from memory: does the stream's
// latency, not the counting, take the difference?
//
// g++ -O3 -fopenmp -std=c++17 hist_prefetch.cpp; OMP_PROC_BIND=spread OMP_PLACES=threads
#include <omp.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace {

constexpr int kBlock = 64;
constexpr std::int64_t kTask = std::int64_t{1} << 18;

template <int kDepth>
void count_task(const std::int32_t* x, std::int64_t begin, std::int64_t end, int bins,
                std::int64_t stride, std::uint32_t* row, std::int64_t distance) {
  const std::int32_t top = bins - 1;
  alignas(64) std::uint32_t bin[kBlock];
  std::uint32_t* sub[kDepth];
  for (int k = 0; k < kDepth; ++k) sub[k] = row + k * stride;
  constexpr int step = kDepth < 2 ? 2 : kDepth;
  const std::int64_t ahead = distance / std::int64_t(sizeof(std::int32_t));
  for (std::int64_t first = begin; first < end; first += kBlock) {
    const int m = int(end - first < kBlock ? end - first : kBlock);
    if (ahead) {
      for (int l = 0; l < kBlock; l += 16) __builtin_prefetch(x + first + ahead + l);
    }
    for (int j = 0; j < m; ++j) {
      const std::int32_t v = x[first + j];
      const std::int32_t low = v < 0 ? 0 : v;
      bin[j] = std::uint32_t(low < top ? low : top);
    }
    int j = 0;
    if (m == kBlock) {
      for (; j < m; j += step) {
        for (int k = 0; k < step; k += 2) {
          std::uint64_t two;
          std::memcpy(&two, bin + j + k, sizeof two);
          ++sub[k % kDepth][std::uint32_t(two)];
          ++sub[(k + 1) % kDepth][two >> 32];
        }
      }
    }
    for (; j < m; ++j) ++row[bin[j]];
  }
}

// One histogram of x[0, n) on the current thread team; returns the total count.
std::uint64_t histogram(const std::int32_t* x, std::int64_t n, int bins, std::int64_t distance,
                        std::vector<std::uint32_t>& rows, std::int64_t stride, int depth) {
  const int threads = omp_get_max_threads();
  const std::int64_t slot = depth * stride;
  const std::int64_t tasks = (n + kTask - 1) / kTask;
#pragma omp parallel
  {
    std::uint32_t* mine = rows.data() + omp_get_thread_num() * slot;
    std::fill(mine, mine + slot, 0u);
#pragma omp for schedule(dynamic, 1)
    for (std::int64_t t = 0; t < tasks; ++t) {
      const std::int64_t b = t * kTask, e = std::min(n, b + kTask);
      if (depth == 4) {
        count_task<4>(x, b, e, bins, stride, mine, distance);
      } else {
        count_task<1>(x, b, e, bins, stride, mine, distance);
      }
    }
  }
  std::uint64_t total = 0;
  for (int s = 0; s < threads; ++s)
    for (int r = 0; r < depth; ++r)
      for (int c = 0; c < bins; ++c) total += rows[s * slot + r * stride + c];
  return total;
}

double now() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

}  // namespace

int main() {
  const std::int64_t n = std::int64_t{1} << 28;
  std::int32_t* x = static_cast<std::int32_t*>(std::aligned_alloc(64, n * sizeof(std::int32_t)));
  const std::int64_t distances[] = {0, 512, 1024, 2048, 4096, 8192};
  for (int bins : {256, 65536}) {
#pragma omp parallel for schedule(static)
    for (std::int64_t i = 0; i < n; ++i) {  // uniform over the bins and 1/16 beyond each end
      std::uint64_t z = (std::uint64_t(i) + 1) * 0x9E3779B97F4A7C15ull;
      z = (z ^ (z >> 31)) * 0xBF58476D1CE4E5B9ull;
      z ^= z >> 29;
      const std::int64_t span = bins + bins / 8;
      x[i] = std::int32_t(std::int64_t(z % std::uint64_t(span)) - bins / 16);
    }
    const int depth = 4 * bins * 4 <= 16 * 1024 ? 4 : 1;
    const std::int64_t stride = bins + 16;
    for (int threads : {omp_get_num_procs(), 1}) {
      omp_set_num_threads(threads);
      std::vector<std::uint32_t> rows(std::size_t(threads) * depth * stride);
      const int passes = threads == 1 ? 3 : 7;
      std::vector<std::vector<double>> secs(std::size(distances));
      for (int pass = 0; pass < passes; ++pass) {
        for (std::size_t d = 0; d < std::size(distances); ++d) {
          const double t0 = now();
          const std::uint64_t total = histogram(x, n, bins, distances[d], rows, stride, depth);
          secs[d].push_back(now() - t0);
          if (total != std::uint64_t(n))
            std::printf("FAIL: total %llu\n", (unsigned long long)total);
        }
      }
      for (std::size_t d = 0; d < std::size(distances); ++d) {
        auto v = secs[d];
        std::sort(v.begin(), v.end());
        std::printf("bins %5d threads %2d prefetch %5lld B: %6.2f G values/s (%.2f-%.2f)\n", bins,
                    threads, (long long)distances[d], n / v[v.size() / 2] * 1e-9,
                    n / v.back() * 1e-9, n / v.front() * 1e-9);
      }
    }
  }
  std::free(x);
}
