// Host scan: regular stores vs non-temporal (streaming) stores, float, 2^26.
// Each thread: its contiguous share, in tiles of T: sum tile (reads), then the
// threads' shares are combined first (two passes: sum all, barrier, scan all),
// variant "2pass", and "tiles" where each thread does tile-by-tile sum+scan with the tile in cache
// (only own chunk's prefix from pass 1)
#include <immintrin.h>
#include <omp.h>
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

template <bool NT>
float scan_block(const float* x, std::int64_t n, float carry, float* y) {
  std::int64_t i = 0;
  if (NT) {
    // head to 16-byte alignment
    while (i < n && (reinterpret_cast<std::uintptr_t>(y + i) & 15)) {
      carry += x[i];
      y[i] = carry;
      ++i;
    }
    for (; i + 4 <= n; i += 4) {
      float b0 = x[i], b1 = b0 + x[i + 1], b2 = b1 + x[i + 2], b3 = b2 + x[i + 3];
      _mm_stream_ps(y + i, _mm_add_ps(_mm_set1_ps(carry), _mm_setr_ps(b0, b1, b2, b3)));
      carry += b3;
    }
  } else {
    for (; i + 4 <= n; i += 4) {
      float b[4];
      b[0] = x[i];
      for (int s = 1; s < 4; ++s) b[s] = b[s - 1] + x[i + s];
      for (int s = 0; s < 4; ++s) y[i + s] = carry + b[s];
      carry += b[3];
    }
  }
  for (; i < n; ++i) {
    carry += x[i];
    y[i] = carry;
  }
  return carry;
}
float sum_block(const float* x, std::int64_t n) {
  float l[16] = {};
  std::int64_t i = 0;
  for (; i + 16 <= n; i += 16)
    for (int s = 0; s < 16; ++s) l[s] += x[i + s];
  float s = 0;
  for (float v : l) s += v;
  for (; i < n; ++i) s += x[i];
  return s;
}

int main() {
  const std::int64_t n = std::int64_t{1} << 26;
  float* x = static_cast<float*>(std::aligned_alloc(64, n * 4));
  float* y = static_cast<float*>(std::aligned_alloc(64, n * 4));
  float* z = static_cast<float*>(std::aligned_alloc(64, n * 4));
  for (std::int64_t i = 0; i < n; ++i) {
    x[i] = float(i % 7) - 3.0f;
    y[i] = 0;
    z[i] = 0;
  }
  const int maxt = omp_get_max_threads();
  for (const int threads : {1, maxt}) {
    for (int variant = 0; variant < 5; ++variant) {
      const char* names[] = {"memcpy", "copy-loop", "tiles-regular", "tiles-nt", "copy-nt"};
      std::vector<double> t;
      for (int r = 0; r < 8; ++r) {
        const auto t0 = std::chrono::steady_clock::now();
        std::vector<float> part(threads + 1);
#pragma omp parallel num_threads(threads)
        {
          const int me = omp_get_thread_num();
          const std::int64_t b = n * me / threads, e = n * (me + 1) / threads;
          if (variant == 0)
            std::memcpy(y + b, x + b, (e - b) * 4);
          else if (variant == 1) {
            for (std::int64_t i = b; i < e; ++i) y[i] = x[i];
          } else if (variant == 4) {
            std::int64_t i = b;
            for (; i + 4 <= e; i += 4) _mm_stream_ps(y + i, _mm_load_ps(x + i));
            for (; i < e; ++i) y[i] = x[i];
          } else {
            // look-back-like: tiles of 16K in order; per thread chunk sum first? emulate single
            // pass: each thread: per tile, sum (in cache) then scan with carry; cross-thread prefix
            // needs the whole chunk sum, so do a chunk sum pass (2 passes: 3n traffic) -- instead
            // emulate look-back cost: carry = 0 (timing only)
            const std::int64_t T = 16384;
            float carry = 0;
            for (std::int64_t f = b; f < e; f += T) {
              const std::int64_t m = std::min(T, e - f);
              const float s = sum_block(x + f, m);
              if (variant == 2)
                scan_block<false>(x + f, m, carry, y + f);
              else
                scan_block<true>(x + f, m, carry, y + f);
              carry += s;
            }
          }
        }
        if (r > 1)
          t.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
      }
      std::sort(t.begin(), t.end());
      std::printf("threads %2d %-14s %.2f ms  %.1f GB/s (8n bytes) min %.2f max %.2f\n", threads,
                  names[variant], t[t.size() / 2] * 1e3, 8.0 * n / t[t.size() / 2] / 1e9,
                  t.front() * 1e3, t.back() * 1e3);
      std::fflush(stdout);
    }
  }
  // checksum to keep things alive
  double c = 0;
  for (std::int64_t i = 0; i < n; i += 4096) c += y[i];
  std::printf("# %g\n", c);
}
