// Which part of the histogram's counting loop loses speed on 16 threads?
// Run D's hist_window.cpp: the library's 256-bin loop with every value in L1
// gains 10.5x from 1 to 16 threads (20.6 against 1.97 G values/s), where the
// tenth session's probe of the increments alone kept its per-thread rate.
// Each form counts 2^28 values read from one 16 KiB window (in L1), in
// tasks of 2^18 handed out as threads come free, on all threads and on one:
//   full       the library's form: blocks of 64 values clamped in SSE2
//              through int16 into a buffer, then counted two bins a 64-bit
//              load into 4 interleaved sub-histograms;
//   copy       the same with the clamp replaced by a plain 16-byte copy (the
//              window holds bins already in range);
//   increments the counting alone, reading the bins straight from a window
//              of bins (no buffer);
//   clamp      the clamp into the buffer alone (the buffer folded into a
//              checksum, no increments).
//
// g++ -O3 -fopenmp -std=c++17 hist_parts.cpp; OMP_PROC_BIND=spread OMP_PLACES=threads
#include <emmintrin.h>
#include <omp.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

namespace {

constexpr int kBlock = 64;
constexpr std::int64_t kTask = std::int64_t{1} << 18;
constexpr std::int64_t kWindow = 4096;  // values: 16 KiB
constexpr int kBins = 256;
constexpr std::int64_t kStride = kBins + 16;

enum Form { kFull, kCopy, kIncrements, kClamp };
const char* const kNames[] = {"full", "copy", "increments", "clamp"};

alignas(64) std::int32_t values[kWindow];  // uniform, 1/16 past each end
alignas(64) std::int32_t bins[kWindow];    // the same, clamped

inline void count_block(const std::uint32_t* bin, std::uint32_t* const* sub) {
  for (int j = 0; j < kBlock; j += 4) {
    for (int k = 0; k < 4; k += 2) {
      std::uint64_t two;
      std::memcpy(&two, bin + j + k, sizeof two);
      ++sub[k][static_cast<std::uint32_t>(two)];
      ++sub[k + 1][two >> 32];
    }
  }
}

template <Form kForm>
std::uint64_t count_task(std::int64_t begin, std::int64_t end, std::uint32_t* row) {
  std::uint32_t* sub[4];
  for (int k = 0; k < 4; ++k) sub[k] = row + k * kStride;
  const __m128i zero = _mm_setzero_si128();
  const __m128i high = _mm_set1_epi16(static_cast<short>(kBins - 1));
  alignas(64) std::uint32_t bin[kBlock];
  __m128i check = zero;
  for (std::int64_t first = begin; first + kBlock <= end; first += kBlock) {
    const std::int64_t at = (first - begin) % kWindow;
    if constexpr (kForm == kIncrements) {
      count_block(reinterpret_cast<const std::uint32_t*>(bins + at), sub);
      continue;
    }
    for (int j = 0; j < kBlock; j += 8) {
      if constexpr (kForm == kCopy) {
        const __m128i a = _mm_load_si128(reinterpret_cast<const __m128i*>(bins + at + j));
        const __m128i b = _mm_load_si128(reinterpret_cast<const __m128i*>(bins + at + j + 4));
        _mm_store_si128(reinterpret_cast<__m128i*>(bin + j), a);
        _mm_store_si128(reinterpret_cast<__m128i*>(bin + j + 4), b);
      } else {
        const __m128i a = _mm_load_si128(reinterpret_cast<const __m128i*>(values + at + j));
        const __m128i b = _mm_load_si128(reinterpret_cast<const __m128i*>(values + at + j + 4));
        const __m128i c = _mm_min_epi16(_mm_max_epi16(_mm_packs_epi32(a, b), zero), high);
        _mm_store_si128(reinterpret_cast<__m128i*>(bin + j), _mm_unpacklo_epi16(c, zero));
        _mm_store_si128(reinterpret_cast<__m128i*>(bin + j + 4), _mm_unpackhi_epi16(c, zero));
      }
    }
    if constexpr (kForm == kClamp) {
      for (int j = 0; j < kBlock; j += 4) {
        check = _mm_add_epi32(check, _mm_load_si128(reinterpret_cast<const __m128i*>(bin + j)));
      }
    } else {
      count_block(bin, sub);
    }
  }
  std::uint32_t lanes[4];
  _mm_storeu_si128(reinterpret_cast<__m128i*>(lanes), check);
  return lanes[0] + lanes[1] + lanes[2] + lanes[3];
}

// Returns the total count (the checksum for `clamp`).
std::uint64_t run(Form form, std::int64_t n, std::vector<std::uint32_t>& rows) {
  const int threads = omp_get_max_threads();
  const std::int64_t slot = 4 * kStride;
  std::uint64_t check = 0;
#pragma omp parallel reduction(+ : check)
  {
    std::uint32_t* mine = rows.data() + omp_get_thread_num() * slot;
    std::fill(mine, mine + slot, 0u);
#pragma omp for schedule(dynamic, 1)
    for (std::int64_t t = 0; t < n / kTask; ++t) {
      const std::int64_t b = t * kTask, e = b + kTask;
      if (form == kFull) check += count_task<kFull>(b, e, mine);
      if (form == kCopy) check += count_task<kCopy>(b, e, mine);
      if (form == kIncrements) check += count_task<kIncrements>(b, e, mine);
      if (form == kClamp) check += count_task<kClamp>(b, e, mine);
    }
  }
  if (form == kClamp) return check;
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
  for (std::int64_t i = 0; i < kWindow; ++i) {
    std::uint64_t z = (std::uint64_t(i) + 1) * 0x9E3779B97F4A7C15ull;
    z = (z ^ (z >> 31)) * 0xBF58476D1CE4E5B9ull;
    z ^= z >> 29;
    values[i] = std::int32_t(std::int64_t(z % (kBins + kBins / 8)) - kBins / 16);
    bins[i] = std::min(std::max(values[i], 0), kBins - 1);
  }
  const std::int64_t n = std::int64_t{1} << 28;
  for (int threads : {omp_get_num_procs(), 1}) {
    omp_set_num_threads(threads);
    std::vector<std::uint32_t> rows(std::size_t(threads) * 4 * kStride);
    const int passes = threads == 1 ? 3 : 7;
    std::vector<std::vector<double>> secs(4);
    for (int pass = 0; pass < passes; ++pass) {
      for (int f = 0; f < 4; ++f) {
        const double t0 = now();
        const std::uint64_t total = run(Form(f), n, rows);
        secs[f].push_back(now() - t0);
        if (f != kClamp && total != std::uint64_t(n)) {
          std::printf("FAIL: %s total %llu\n", kNames[f], (unsigned long long)total);
        }
      }
    }
    for (int f = 0; f < 4; ++f) {
      auto v = secs[f];
      std::sort(v.begin(), v.end());
      std::printf("threads %2d %-10s: %6.2f G values/s (%.2f-%.2f)\n", threads, kNames[f],
                  n / v[v.size() / 2] * 1e-9, n / v.back() * 1e-9, n / v.front() * 1e-9);
    }
  }
}
