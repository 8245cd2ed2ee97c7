// The histogram's host counting loop (the library's form at 256 bins:
// blocks of 64 int32 values clamped in SSE2 through int16 into a buffer, then
// counted two bins a 64-bit load into 4 interleaved sub-histograms, values
// prefetched 1 KiB ahead) counting 2^28 values on 16 threads and on one,
// with the values read from three places: streamed from memory (1 GiB), or
// each task re-reading one window of them, 256 KiB (in L2) or 16 KiB (in
// L1). Run C counted as fast from L3 (2^25 values) as from memory, and run
// A's one thread made 2.0 G values/s against 21.7 on 16: does the loop
// itself scale with the threads when no value comes from past L2?
//
// g++ -O3 -fopenmp -std=c++17 hist_window.cpp; OMP_PROC_BIND=spread OMP_PLACES=threads
#include <emmintrin.h>
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
constexpr int kBins = 256;
constexpr std::int64_t kStride = kBins + 16;
constexpr std::int64_t kAhead = 1024 / sizeof(std::int32_t);

// Values [begin, end) of the count, read from x[(i - begin) % window] when
// window > 0, else from x[i].
void count_task(const std::int32_t* x, std::int64_t begin, std::int64_t end, std::int64_t window,
                std::uint32_t* row) {
  const std::int32_t top = kBins - 1;
  std::uint32_t* sub[4];
  for (int k = 0; k < 4; ++k) sub[k] = row + k * kStride;
  const __m128i zero = _mm_setzero_si128();
  const __m128i high16 = _mm_set1_epi16(static_cast<short>(top));
  alignas(64) std::uint32_t bin[kBlock];
  for (std::int64_t first = begin; first + kBlock <= end; first += kBlock) {
    const std::int64_t at = window > 0 ? (first - begin) % window : first;
    const std::int32_t* p = x + at;
    for (int l = 0; l < kBlock; l += 16) __builtin_prefetch(p + kAhead + l);
    for (int j = 0; j < kBlock; j += 8) {
      const __m128i a = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + j));
      const __m128i b = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + j + 4));
      const __m128i c = _mm_min_epi16(_mm_max_epi16(_mm_packs_epi32(a, b), zero), high16);
      _mm_store_si128(reinterpret_cast<__m128i*>(bin + j), _mm_unpacklo_epi16(c, zero));
      _mm_store_si128(reinterpret_cast<__m128i*>(bin + j + 4), _mm_unpackhi_epi16(c, zero));
    }
    for (int j = 0; j < kBlock; j += 4) {
      for (int k = 0; k < 4; k += 2) {
        std::uint64_t two;
        std::memcpy(&two, bin + j + k, sizeof two);
        ++sub[k][static_cast<std::uint32_t>(two)];
        ++sub[k + 1][two >> 32];
      }
    }
  }
}

std::uint64_t histogram(const std::int32_t* x, std::int64_t n, std::int64_t window,
                        std::vector<std::uint32_t>& rows) {
  const int threads = omp_get_max_threads();
  const std::int64_t slot = 4 * kStride;
  const std::int64_t tasks = n / kTask;
#pragma omp parallel
  {
    std::uint32_t* mine = rows.data() + omp_get_thread_num() * slot;
    std::fill(mine, mine + slot, 0u);
#pragma omp for schedule(dynamic, 1)
    for (std::int64_t t = 0; t < tasks; ++t)
      count_task(x, t * kTask, t * kTask + kTask, window, mine);
  }
  std::uint64_t total = 0;
  for (int s = 0; s < threads; ++s)
    for (int r = 0; r < 4; ++r)
      for (int c = 0; c < kBins; ++c) total += rows[s * slot + r * kStride + c];
  return total;
}

double now() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

}  // namespace

int main() {
  const std::int64_t n = std::int64_t{1} << 28;
  // 1 KiB of slack past the end: the window's prefetches stay in the array.
  std::int32_t* x = static_cast<std::int32_t*>(std::aligned_alloc(64, (n + kAhead + kBlock) * 4));
#pragma omp parallel for schedule(static)
  for (std::int64_t i = 0; i < n + kAhead + kBlock; ++i) {  // uniform, 1/16 beyond each end
    std::uint64_t z = (std::uint64_t(i) + 1) * 0x9E3779B97F4A7C15ull;
    z = (z ^ (z >> 31)) * 0xBF58476D1CE4E5B9ull;
    z ^= z >> 29;
    const std::int64_t span = kBins + kBins / 8;
    x[i] = std::int32_t(std::int64_t(z % std::uint64_t(span)) - kBins / 16);
  }
  const std::int64_t windows[] = {0, 65536, 4096};  // values: memory, 256 KiB, 16 KiB
  const char* const names[] = {"memory", "L2 256 KiB", "L1 16 KiB"};
  for (int threads : {omp_get_num_procs(), 1}) {
    omp_set_num_threads(threads);
    std::vector<std::uint32_t> rows(std::size_t(threads) * 4 * kStride);
    const int passes = threads == 1 ? 3 : 7;
    std::vector<std::vector<double>> secs(3);
    for (int pass = 0; pass < passes; ++pass) {
      for (int w = 0; w < 3; ++w) {
        const double t0 = now();
        const std::uint64_t total = histogram(x, n, windows[w], rows);
        secs[w].push_back(now() - t0);
        if (total != std::uint64_t(n)) std::printf("FAIL: total %llu\n", (unsigned long long)total);
      }
    }
    for (int w = 0; w < 3; ++w) {
      auto v = secs[w];
      std::sort(v.begin(), v.end());
      std::printf("threads %2d values from %-10s: %6.2f G values/s (%.2f-%.2f)\n", threads,
                  names[w], n / v[v.size() / 2] * 1e-9, n / v.back() * 1e-9, n / v.front() * 1e-9);
    }
  }
  std::free(x);
}
