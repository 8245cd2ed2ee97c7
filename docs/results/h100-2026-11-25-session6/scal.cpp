// Scaling probe: per-thread histogram rates (256 and 65536 bins), from DRAM and from cache.
#include <omp.h>
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>
using u32 = std::uint32_t;
using i32 = std::int32_t;
using i64 = std::int64_t;
using u64 = std::uint64_t;
static u64 splitmix64(u64 x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}
template <int D, bool PF, bool XPF>
void hist(const i32* x, i64 n, u32* row, i64 bins, i64 stride) {
  alignas(64) u32 bin[64];
  u32* sub[D];
  for (int k = 0; k < D; ++k) sub[k] = row + k * stride;
  const i32 top = i32(bins - 1);
  for (i64 f = 0; f < n; f += 64) {
    const int m = int(std::min<i64>(64, n - f));
    if (XPF) __builtin_prefetch(x + f + 1024);
    for (int j = 0; j < m; ++j) {
      const i32 v = x[f + j];
      const i32 lo = v < 0 ? 0 : v;
      bin[j] = u32(lo < top ? lo : top);
    }
    if (PF)
      for (int j = 0; j < m; ++j) __builtin_prefetch(row + bin[j], 1, 3);
    int j = 0;
    for (; j + D <= m; j += D)
      for (int k = 0; k < D; ++k) ++sub[k][bin[j + k]];
    for (; j < m; ++j) ++row[bin[j]];
  }
}
struct alignas(8) Col {
  u32 threshold, alias;
};
static inline u64 random_bits(u64 s, u64 i) {
  return splitmix64(s + i * 0x9e3779b97f4a7c15ull);
}
template <bool Branchless>
void draws(const Col* cols, u32 nc, u32* row, u64 begin, u64 end) {
  for (u64 i = begin; i < end; ++i) {
    const u64 bits = random_bits(777, i);
    const u32 c = u32(((bits >> 32) * nc) >> 32);
    u32 item;
    if (Branchless) {
      const Col e = cols[c];
      const u32 keep = u32(bits) < e.threshold;
      item = c ^ ((c ^ e.alias) & (keep - 1u));
    } else
      item = u32(bits) < cols[c].threshold ? c : cols[c].alias;
    ++row[item];
  }
}
int main() {
  const i64 n = i64(1) << 26;
  std::vector<i32> x(n);
#pragma omp parallel for
  for (i64 i = 0; i < n; ++i) x[i] = i32(splitmix64(i) % 272) - 8;
  std::vector<i32> x2(n);
#pragma omp parallel for
  for (i64 i = 0; i < n; ++i) x2[i] = i32(splitmix64(i) % 69632) - 2048;
  const int maxt = omp_get_max_threads();
  std::vector<Col> uni(100000), rnd(100000);
  for (u32 c = 0; c < 100000; ++c) {
    uni[c] = {0xffffffffu, c};
    rnd[c] = {u32(splitmix64(c)), u32(splitmix64(c + 7) % 100000)};
  }
  std::vector<u32> rows(size_t(maxt) * 8 * 65600);
  for (int t : {1, 2, 4, 8, 12, 16}) {
    if (t > maxt) break;
    for (int mode = 0; mode < 8; ++mode) {
      // mode 0: 256 bins DRAM; 1: 256 bins DRAM + x prefetch; 2: 256 bins cache (2^15 per thread x
      // reps); 3: 65536 bins DRAM (prefetch bins); 4: 65536 cache
      std::vector<double> med;
      double best = 1e9, worst = 0;
      for (int rep = 0; rep < 7; ++rep) {
        double tmax = 0, tmin = 1e9;
        auto a = std::chrono::steady_clock::now();
#pragma omp parallel num_threads(t) reduction(max : tmax) reduction(min : tmin)
        {
          const int id = omp_get_thread_num();
          u32* row = rows.data() + size_t(id) * 8 * 65600;
          std::fill(row, row + 8 * 65600, 0u);
          const i64 chunk = n / t;
          auto b = std::chrono::steady_clock::now();
          if (mode == 0) hist<8, false, false>(x.data() + id * chunk, chunk, row, 256, 272);
          if (mode == 1) hist<8, false, true>(x.data() + id * chunk, chunk, row, 256, 272);
          if (mode == 2)
            for (i64 r = 0; r < chunk; r += 32768)
              hist<8, false, false>(x.data() + id * 32768, 32768, row, 256, 272);
          if (mode == 3) hist<1, true, false>(x2.data() + id * chunk, chunk, row, 65536, 65552);
          if (mode >= 5) {
            const u64 nd = 10000000, per = nd / t;
            if (mode == 5) draws<false>(uni.data(), 100000, row, id * per, id * per + per);
            if (mode == 6) draws<false>(rnd.data(), 100000, row, id * per, id * per + per);
            if (mode == 7) draws<true>(rnd.data(), 100000, row, id * per, id * per + per);
          }
          if (mode == 4)
            for (i64 r = 0; r < chunk; r += 32768)
              hist<1, true, false>(x2.data() + id * 32768, 32768, row, 65536, 65552);
          double d = std::chrono::duration<double>(std::chrono::steady_clock::now() - b).count();
          tmax = d;
          tmin = d;
        }
        double all = std::chrono::duration<double>(std::chrono::steady_clock::now() - a).count();
        med.push_back(all);
        best = std::min(best, tmin);
        worst = std::max(worst, tmax);
        (void)all;
      }
      std::sort(med.begin(), med.end());
      const char* names[] = {"256 dram",    "256 dram+xpf", "256 cache",   "65536 dram",
                             "65536 cache", "draw uniform", "draw random", "draw rnd bl"};
      if (mode >= 5) {
        printf("threads %2d %-13s median %8.2f ms  fastest thread %.2f ms slowest %.2f ms\n", t,
               names[mode], med[3] * 1e3, best * 1e3, worst * 1e3);
        continue;
      }
      printf(
          "threads %2d %-13s median %8.2f ms  %6.2f Gitem/s  %5.2f Gitem/s/thread  fastest thread "
          "%.2f ms slowest %.2f ms\n",
          t, names[mode], med[3] * 1e3, n / med[3] * 1e-9, n / med[3] * 1e-9 / t, best * 1e3,
          worst * 1e3);
    }
  }
}
