// Three forms of the histogram's host counting loop at 256 bins (int32
// values, uint32 rows, 4 interleaved sub-histograms, values prefetched 1 KiB
// ahead), each counting 2^28 values from memory and 2^22 values (16 MiB,
// cache-resident after the first pass) on all threads and on one:
//   buffer  the library's CountTask (eleventh session's start): a block of 64
//           values clamped in SSE2 through int16 (packssdw, pmaxsw, pminsw),
//           widened and stored to a buffer of 64 bins, then read back two
//           bins a 64-bit load for the increments;
//   reg16   the same clamp, the bins taken from the register (two 64-bit
//           moves per 8 values, four bins each by shifts): no buffer;
//   reg8    bins of at most 256: packuswb saturates the int16 lanes to bytes
//           (0 .. 255), pminub clamps to top; 16 bins a register, two 64-bit
//           moves, eight bins each by shifts.
// The tenth session's probe counted bins already in L1 (increments only) at
// 39.9 G values/s on 16 threads, the library from memory 17.7: is it the
// buffer's stores and loads, or the stream?
//
// g++ -O3 -fopenmp -std=c++17 hist_forms.cpp; OMP_PROC_BIND=spread OMP_PLACES=threads
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

enum Form { kBuffer, kReg16, kReg8 };
const char* const kNames[] = {"buffer", "reg16", "reg8"};

inline void prefetch_block(const std::int32_t* p) {
  for (int l = 0; l < kBlock; l += 16) __builtin_prefetch(p + l);
}

// Increments for four int16 bins in a 64-bit word, into rows k .. k+3.
inline void count4(std::uint64_t w, std::uint32_t* const* sub) {
  ++sub[0][w & 0xffff];
  ++sub[1][(w >> 16) & 0xffff];
  ++sub[2][(w >> 32) & 0xffff];
  ++sub[3][w >> 48];
}
inline void count8(std::uint64_t w, std::uint32_t* const* sub) {
  ++sub[0][w & 0xff];
  ++sub[1][(w >> 8) & 0xff];
  ++sub[2][(w >> 16) & 0xff];
  ++sub[3][(w >> 24) & 0xff];
  ++sub[0][(w >> 32) & 0xff];
  ++sub[1][(w >> 40) & 0xff];
  ++sub[2][(w >> 48) & 0xff];
  ++sub[3][w >> 56];
}

template <Form kForm>
void count_task(const std::int32_t* x, std::int64_t begin, std::int64_t end, std::uint32_t* row) {
  const std::int32_t top = kBins - 1;
  std::uint32_t* sub[4];
  for (int k = 0; k < 4; ++k) sub[k] = row + k * kStride;
  const __m128i zero = _mm_setzero_si128();
  const __m128i high16 = _mm_set1_epi16(static_cast<short>(top));
  const __m128i high8 = _mm_set1_epi8(static_cast<char>(top));
  alignas(64) std::uint32_t bin[kBlock];
  std::int64_t first = begin;
  for (; first + kBlock <= end; first += kBlock) {
    if (first + kAhead + kBlock <= end) prefetch_block(x + first + kAhead);
    const std::int32_t* p = x + first;
    if constexpr (kForm == kBuffer) {
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
    } else if constexpr (kForm == kReg16) {
      for (int j = 0; j < kBlock; j += 8) {
        const __m128i a = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + j));
        const __m128i b = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + j + 4));
        const __m128i c = _mm_min_epi16(_mm_max_epi16(_mm_packs_epi32(a, b), zero), high16);
        count4(static_cast<std::uint64_t>(_mm_cvtsi128_si64(c)), sub);
        count4(static_cast<std::uint64_t>(_mm_cvtsi128_si64(_mm_unpackhi_epi64(c, c))), sub);
      }
    } else {
      for (int j = 0; j < kBlock; j += 16) {
        const __m128i a =
            _mm_packs_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p + j)),
                            _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + j + 4)));
        const __m128i b =
            _mm_packs_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p + j + 8)),
                            _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + j + 12)));
        const __m128i c = _mm_min_epu8(_mm_packus_epi16(a, b), high8);
        count8(static_cast<std::uint64_t>(_mm_cvtsi128_si64(c)), sub);
        count8(static_cast<std::uint64_t>(_mm_cvtsi128_si64(_mm_unpackhi_epi64(c, c))), sub);
      }
    }
  }
  for (; first < end; ++first) {
    const std::int32_t v = x[first] < 0 ? 0 : x[first];
    ++row[v < top ? v : top];
  }
}

std::uint64_t histogram(Form form, const std::int32_t* x, std::int64_t n,
                        std::vector<std::uint32_t>& rows) {
  const int threads = omp_get_max_threads();
  const std::int64_t slot = 4 * kStride;
  const std::int64_t tasks = (n + kTask - 1) / kTask;
#pragma omp parallel
  {
    std::uint32_t* mine = rows.data() + omp_get_thread_num() * slot;
    std::fill(mine, mine + slot, 0u);
#pragma omp for schedule(dynamic, 1)
    for (std::int64_t t = 0; t < tasks; ++t) {
      const std::int64_t b = t * kTask, e = std::min(n, b + kTask);
      if (form == kBuffer) count_task<kBuffer>(x, b, e, mine);
      if (form == kReg16) count_task<kReg16>(x, b, e, mine);
      if (form == kReg8) count_task<kReg8>(x, b, e, mine);
    }
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
  const std::int64_t big = std::int64_t{1} << 28;
  std::int32_t* x = static_cast<std::int32_t*>(std::aligned_alloc(64, big * sizeof(std::int32_t)));
#pragma omp parallel for schedule(static)
  for (std::int64_t i = 0; i < big; ++i) {  // uniform over the bins and 1/16 beyond each end
    std::uint64_t z = (std::uint64_t(i) + 1) * 0x9E3779B97F4A7C15ull;
    z = (z ^ (z >> 31)) * 0xBF58476D1CE4E5B9ull;
    z ^= z >> 29;
    const std::int64_t span = kBins + kBins / 8;
    x[i] = std::int32_t(std::int64_t(z % std::uint64_t(span)) - kBins / 16);
  }
  std::vector<std::uint64_t> want(3);
  for (std::int64_t n : {big, std::int64_t{1} << 22}) {
    for (int threads : {omp_get_num_procs(), 1}) {
      omp_set_num_threads(threads);
      std::vector<std::uint32_t> rows(std::size_t(threads) * 4 * kStride);
      const int passes = n == big ? (threads == 1 ? 3 : 7) : 31;
      std::vector<std::vector<double>> secs(3);
      std::uint32_t first_counts[3][kBins] = {};
      for (int pass = 0; pass < passes; ++pass) {
        for (int f = 0; f < 3; ++f) {
          const double t0 = now();
          const std::uint64_t total = histogram(Form(f), x, n, rows);
          secs[f].push_back(now() - t0);
          if (total != std::uint64_t(n))
            std::printf("FAIL: total %llu\n", (unsigned long long)total);
          if (pass == 0) {
            for (int c = 0; c < kBins; ++c) {
              for (int s = 0; s < threads; ++s)
                for (int r = 0; r < 4; ++r) first_counts[f][c] += rows[(s * 4 + r) * kStride + c];
            }
          }
        }
      }
      for (int f = 1; f < 3; ++f) {
        if (std::memcmp(first_counts[0], first_counts[f], sizeof first_counts[0]) != 0)
          std::printf("FAIL: %s counts differ from buffer's\n", kNames[f]);
      }
      for (int f = 0; f < 3; ++f) {
        auto v = secs[f];
        std::sort(v.begin(), v.end());
        std::printf("n 2^%d threads %2d %-6s: %6.2f G values/s (%.2f-%.2f)\n", n == big ? 28 : 22,
                    threads, kNames[f], n / v[v.size() / 2] * 1e-9, n / v.back() * 1e-9,
                    n / v.front() * 1e-9);
      }
    }
  }
  std::free(x);
}
