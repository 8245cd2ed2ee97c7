// The host histogram's counting loop alone, in the sixth session's form (one
// bin a load, sub-histograms within 16 KiB, the block's bins prefetched past
// it) and in the seventh's (two bins a load, sub-histograms within 512 KiB,
// no prefetch; and two bins a load at each depth, 1, 2 and 4), on 1 thread
// and on every thread, each thread counting its own
// share of 2^26 int32 values (uniform over the bins and 1/16 beyond each end)
// into its own rows. Prints G values/s, median of 5 (min-max).
//   g++ -O3 -fopenmp -std=c++17 hist_probe.cpp -o hist_probe && ./hist_probe
#include <omp.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>
#include <vector>

using u32 = std::uint32_t;
constexpr int kBlock = 64;

template <int Depth, bool Prefetch, bool Pairs>
void count(const std::int32_t* x, std::int64_t n, std::int64_t bins, u32* row,
           std::int64_t stride) {
  const std::int32_t top = static_cast<std::int32_t>(bins - 1);
  alignas(64) u32 bin[kBlock];
  u32* sub[Depth];
  for (int k = 0; k < Depth; ++k) sub[k] = row + k * stride;
  constexpr int step = Pairs && Depth < 2 ? 2 : Depth;
  for (std::int64_t first = 0; first < n; first += kBlock) {
    const int m = static_cast<int>(std::min<std::int64_t>(kBlock, n - first));
    for (int j = 0; j < m; ++j) {
      const std::int32_t v = x[first + j];
      const std::int32_t low = v < 0 ? 0 : v;
      bin[j] = static_cast<u32>(low < top ? low : top);
    }
    if (Prefetch)
      for (int j = 0; j < m; ++j) __builtin_prefetch(row + bin[j], 1, 3);
    int j = 0;
    if (m == kBlock) {
      for (; j < m; j += step) {
        for (int k = 0; k < step; k += Pairs ? 2 : 1) {
          if (Pairs) {
            std::uint64_t two;
            std::memcpy(&two, bin + j + k, sizeof two);
            ++sub[k % Depth][static_cast<u32>(two)];
            ++sub[(k + 1) % Depth][two >> 32];
          } else {
            ++sub[k][bin[j + k]];
          }
        }
      }
    }
    for (; j < m; ++j) ++row[bin[j]];
  }
}

using Count = void (*)(const std::int32_t*, std::int64_t, std::int64_t, u32*, std::int64_t);

// The depth each form picks for `bins` (uint32 rows).
Count sixth(std::int64_t bins) {
  const std::int64_t bytes = 4 * bins, l1 = 16 * 1024;
  if (8 * bytes <= l1) return count<8, false, false>;
  if (4 * bytes <= l1) return count<4, false, false>;
  if (2 * bytes <= l1) return count<2, false, false>;
  return bytes > l1 ? count<1, true, false> : count<1, false, false>;
}
Count seventh(std::int64_t bins) {
  const std::int64_t bytes = 4 * bins, budget = 512 * 1024;
  if (4 * bytes <= budget) return count<4, false, true>;
  if (2 * bytes <= budget) return count<2, false, true>;
  return count<1, false, true>;
}

int main() {
  const std::int64_t n = std::int64_t{1} << 26;
  std::vector<std::int32_t> x(n);
  std::mt19937 gen(1);
  for (const std::int64_t bins : {256, 2048, 4096, 16384, 65536, 1 << 20}) {
    std::uniform_int_distribution<std::int32_t> d(-bins / 16, bins + bins / 16);
    for (auto& v : x) v = d(gen);
    const std::int64_t stride = bins + 16;
    for (const int threads : {1, omp_get_max_threads()}) {
      std::vector<u32> rows(threads * 8 * stride);
      for (const auto& [name, f] : {std::pair{"sixth", sixth(bins)},
                                    {"seventh", seventh(bins)},
                                    {"pairs-d1", count<1, false, true>},
                                    {"pairs-d2", count<2, false, true>},
                                    {"pairs-d4", count<4, false, true>}}) {
        std::vector<double> t;
        for (int r = 0; r < 6; ++r) {
          std::fill(rows.begin(), rows.end(), 0u);
          const auto t0 = std::chrono::steady_clock::now();
#pragma omp parallel num_threads(threads)
          {
            const int me = omp_get_thread_num();
            const std::int64_t begin = n * me / threads, end = n * (me + 1) / threads;
            f(x.data() + begin, end - begin, bins, rows.data() + me * 8 * stride, stride);
          }
          if (r > 0)
            t.push_back(
                std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
          std::uint64_t total = 0;
          for (u32 c : rows) total += c;
          if (total != static_cast<std::uint64_t>(n)) std::printf("WRONG TOTAL\n");
        }
        std::sort(t.begin(), t.end());
        std::printf("bins %7lld threads %2d %-8s %.2f G/s (%.2f-%.2f)\n",
                    static_cast<long long>(bins), threads, name, n / t[2] / 1e9, n / t[4] / 1e9,
                    n / t[0] / 1e9);
      }
    }
  }
}
