// The host histogram counting loop (two bins a load) at depths 1 to 16, on one
// thread and on every thread, uniform and geometric data; G values/s, median of 7.
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

using Count = void (*)(const std::int32_t*, std::int64_t, std::int64_t, u32*, std::int64_t);

int main() {
  const std::int64_t n = std::int64_t{1} << 26;
  std::vector<std::int32_t> x(n);
  std::mt19937 gen(1);
  for (const std::int64_t bins : {256, 1024, 4096, 65536}) {
    for (int skew = 0; skew < 2; ++skew) {
      std::uniform_int_distribution<std::int32_t> d(-bins / 16, bins + bins / 16);
      std::geometric_distribution<std::int32_t> g(0.05);
      for (auto& v : x) v = skew ? g(gen) : d(gen);
      const std::int64_t stride = bins + 16;
      for (const int threads : {1, omp_get_max_threads()}) {
        std::vector<u32> rows(threads * 16 * stride + 64);
        std::vector<std::pair<const char*, Count>> fs = {{"pairs-d1", pairs<1>},
                                                         {"pairs-d2", pairs<2>},
                                                         {"pairs-d4", pairs<4>},
                                                         {"pairs-d8", pairs<8>},
                                                         {"pairs-d16", pairs<16>}};
        for (const auto& [name, f] : fs) {
          if (bins >= 4096 && (name[7] == '8' || (name[7] == '1' && name[8] == '6'))) continue;
          std::vector<double> t;
          for (int r = 0; r < 8; ++r) {
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
          std::printf("bins %6lld %s threads %2d %-10s %.2f G/s (%.2f-%.2f)\n", (long long)bins,
                      skew ? "geom" : "unif", threads, name, n / t[3] / 1e9, n / t[6] / 1e9,
                      n / t[0] / 1e9);
          std::fflush(stdout);
        }
      }
    }
  }
}
