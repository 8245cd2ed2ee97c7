// Histogram counting loop variants on one thread and on every thread.
#include <immintrin.h>
#include <omp.h>
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>
#include <string>
#include <vector>
using u32 = std::uint32_t;
constexpr int kBlock = 64;

// library's current loop
template <int Depth>
void pairs(const std::int32_t* x, std::int64_t n, std::int64_t bins, u32* row,
           std::int64_t stride) {
  const std::int32_t top = static_cast<std::int32_t>(bins - 1);
  alignas(64) u32 bin[kBlock];
  u32* sub[Depth];
  for (int k = 0; k < Depth; ++k) sub[k] = row + k * stride;
  constexpr int step = Depth < 2 ? 2 : Depth;
  for (std::int64_t first = 0; first < n; first += kBlock) {
    const int m = static_cast<int>(std::min<std::int64_t>(kBlock, n - first));
    for (int j = 0; j < m; ++j) {
      const std::int32_t v = x[first + j];
      const std::int32_t low = v < 0 ? 0 : v;
      bin[j] = static_cast<u32>(low < top ? low : top);
    }
    int j = 0;
    if (m == kBlock) {
      for (; j < m; j += step) {
        for (int k = 0; k < step; k += 2) {
          std::uint64_t two;
          std::memcpy(&two, bin + j + k, sizeof two);
          ++sub[k % Depth][static_cast<u32>(two)];
          ++sub[(k + 1) % Depth][two >> 32];
        }
      }
    }
    for (; j < m; ++j) ++row[bin[j]];
  }
}

// direct: clamp in scalar, no buffer
template <int Depth>
void direct(const std::int32_t* x, std::int64_t n, std::int64_t bins, u32* row,
            std::int64_t stride) {
  const std::int32_t top = static_cast<std::int32_t>(bins - 1);
  u32* sub[4];
  for (int k = 0; k < 4; ++k) sub[k] = row + (k % Depth) * stride;
  std::int64_t i = 0;
  for (; i + 4 <= n; i += 4) {
    for (int k = 0; k < 4; ++k) {
      std::int32_t v = x[i + k];
      v = v < 0 ? 0 : v;
      v = v < top ? v : top;
      ++sub[k][v];
    }
  }
  for (; i < n; ++i) {
    std::int32_t v = x[i];
    v = v < 0 ? 0 : v;
    v = v < top ? v : top;
    ++row[v];
  }
}

// 16 lane-private sub-histograms (bin-major: row[bin*16+lane]); gather/scatter
__attribute__((target("avx512f"))) void lanes16(const std::int32_t* x, std::int64_t n,
                                                std::int64_t bins, u32* row, std::int64_t) {
  const __m512i top = _mm512_set1_epi32(static_cast<int>(bins - 1));
  const __m512i zero = _mm512_setzero_si512();
  const __m512i lane = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
  const __m512i one = _mm512_set1_epi32(1);
  std::int64_t i = 0;
  for (; i + 16 <= n; i += 16) {
    __m512i v = _mm512_loadu_si512(x + i);
    v = _mm512_min_epi32(_mm512_max_epi32(v, zero), top);
    const __m512i idx = _mm512_add_epi32(_mm512_slli_epi32(v, 4), lane);
    __m512i g = _mm512_i32gather_epi32(idx, row, 4);
    _mm512_i32scatter_epi32(row, idx, _mm512_add_epi32(g, one), 4);
  }
  for (; i < n; ++i) {
    std::int32_t v = x[i];
    v = v < 0 ? 0 : v;
    v = v < bins - 1 ? v : bins - 1;
    ++row[v * 16];
  }
}

// conflict detection into Depth sub-histograms, alternating
template <int Depth>
__attribute__((target("avx512f,avx512cd,avx512vpopcntdq"))) void conflict(
    const std::int32_t* x, std::int64_t n, std::int64_t bins, u32* row, std::int64_t stride) {
  const __m512i top = _mm512_set1_epi32(static_cast<int>(bins - 1));
  const __m512i zero = _mm512_setzero_si512();
  const __m512i one = _mm512_set1_epi32(1);
  u32* sub[Depth];
  for (int k = 0; k < Depth; ++k) sub[k] = row + k * stride;
  std::int64_t i = 0;
  for (; i + 16 * Depth <= n; i += 16 * Depth) {
    for (int k = 0; k < Depth; ++k) {
      __m512i v = _mm512_loadu_si512(x + i + 16 * k);
      v = _mm512_min_epi32(_mm512_max_epi32(v, zero), top);
      const __m512i c = _mm512_add_epi32(_mm512_popcnt_epi32(_mm512_conflict_epi32(v)), one);
      __m512i g = _mm512_i32gather_epi32(v, sub[k], 4);
      _mm512_i32scatter_epi32(sub[k], v, _mm512_add_epi32(g, c), 4);
    }
  }
  for (; i < n; ++i) {
    std::int32_t v = x[i];
    v = v < 0 ? 0 : v;
    v = v < bins - 1 ? v : bins - 1;
    ++row[v];
  }
}

// pairs loop compiled for avx512 (clamp in 512-bit)
template <int Depth>
__attribute__((target("avx512f,avx512bw,avx512vl"), flatten)) void pairs_avx512(
    const std::int32_t* x, std::int64_t n, std::int64_t bins, u32* row, std::int64_t stride) {
  pairs<Depth>(x, n, bins, row, stride);
}

using Count = void (*)(const std::int32_t*, std::int64_t, std::int64_t, u32*, std::int64_t);

int main(int argc, char** argv) {
  const std::int64_t n = std::int64_t{1} << 26;
  std::vector<std::int32_t> x(n);
  std::mt19937 gen(1);
  const bool avx = __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512cd") &&
                   __builtin_cpu_supports("avx512vpopcntdq");
  std::vector<std::int64_t> binlist = {256, 4096, 65536};
  for (const std::int64_t bins : binlist) {
    for (int skew = 0; skew < 2; ++skew) {
      std::uniform_int_distribution<std::int32_t> d(-bins / 16, bins + bins / 16);
      std::geometric_distribution<std::int32_t> g(0.05);
      for (auto& v : x) v = skew ? g(gen) : d(gen);
      const std::int64_t stride = bins + 16;
      for (const int threads : {1, omp_get_max_threads()}) {
        std::vector<u32> rows(threads * 16 * stride + 64);
        std::vector<std::pair<const char*, Count>> fs = {{"pairs-d4", pairs<4>},
                                                         {"pairs-d1", pairs<1>},
                                                         {"direct-d4", direct<4>},
                                                         {"direct-d1", direct<1>}};
        if (avx) {
          fs.push_back({"avx-pairs-d4", pairs_avx512<4>});
          fs.push_back({"avx-pairs-d1", pairs_avx512<1>});
          if (bins <= 4096) fs.push_back({"lanes16", lanes16});
          fs.push_back({"conflict-d1", conflict<1>});
          fs.push_back({"conflict-d2", conflict<2>});
          fs.push_back({"conflict-d4", conflict<4>});
        }
        for (const auto& [name, f] : fs) {
          std::vector<double> t;
          for (int r = 0; r < 6; ++r) {
            std::fill(rows.begin(), rows.end(), 0u);
            const auto t0 = std::chrono::steady_clock::now();
#pragma omp parallel num_threads(threads)
            {
              const int me = omp_get_thread_num();
              const std::int64_t begin = n * me / threads, end = n * (me + 1) / threads;
              f(x.data() + begin, end - begin, bins, rows.data() + me * 16 * stride, stride);
            }
            if (r > 0)
              t.push_back(
                  std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
            std::uint64_t total = 0;
            for (u32 c : rows) total += c;
            if (total != static_cast<std::uint64_t>(n)) std::printf("WRONG TOTAL %s\n", name);
          }
          std::sort(t.begin(), t.end());
          std::printf("bins %6lld %s threads %2d %-13s %.2f G/s (%.2f-%.2f)\n", (long long)bins,
                      skew ? "geom" : "unif", threads, name, n / t[2] / 1e9, n / t[4] / 1e9,
                      n / t[0] / 1e9);
          std::fflush(stdout);
        }
      }
    }
  }
}
