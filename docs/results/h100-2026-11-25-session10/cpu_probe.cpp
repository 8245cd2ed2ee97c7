// What bounds the host rows on the H100 machine's vCPUs (tenth session).
//
//   A  per-thread rate of two compute-bound loops on 1, 2, 4, 8, 16 OpenMP
//      threads: eight independent 64-bit multiply chains (one multiply port
//      per core) and the histogram's counting loop over bins already in L1
//      (the library's CountTask form: pairs of 32-bit bins, 4 rows or 1). If the
//      per-thread rate falls with the thread count, the cores slow down
//      together (clock) or share execution units (SMT siblings).
//   B  two threads pinned to vCPUs 0 and k, k = 1 .. n-1, running the
//      multiply chains: a sibling of vCPU 0 halves both threads' rate.
//   C  one thread streaming 2^28 floats (1 GiB): the bandwidth app's read
//      form (8 double lanes), the library's float sum (32 lanes) and
//      first-index minimum (blocks of 32768, 4 packs of 16 bytes, with and
//      without the NaN sums; 8 packs; software prefetch).
//
// g++ -O3 -fopenmp -pthread -std=c++17 cpu_probe.cpp [-march=native]
#include <omp.h>
#include <pthread.h>
#include <sched.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <thread>
#include <vector>

namespace {

double now() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

std::uint64_t sink = 0;

// Eight independent multiply chains: `iters` multiplies each.
std::uint64_t mul_chains(std::int64_t iters) {
  std::uint64_t s[8];
  for (int j = 0; j < 8; ++j) s[j] = 0x12345678u + j;
  for (std::int64_t i = 0; i < iters; ++i) {
    for (int j = 0; j < 8; ++j) {
      s[j] = s[j] * 0x9E3779B97F4A7C15ull + 1;
      asm volatile("" : "+r"(s[j]));  // keep each chain scalar and alive
    }
  }
  std::uint64_t r = 0;
  for (int j = 0; j < 8; ++j) r ^= s[j];
  return r;
}

// The library's counting loop (CountTask: depth 4, or 1 row) over `reps`
// passes of a block of 4096 bins that stays in L1.
template <int kDepth>
std::uint64_t count_l1(std::int64_t reps, unsigned seed) {
  constexpr int kBlock = 4096, kBins = 256, kStride = kBins + 16;
  alignas(64) std::uint32_t bin[kBlock];
  std::vector<std::uint32_t> rows(4 * kStride, 0);
  std::uint32_t x = seed * 2654435761u + 1;
  for (int j = 0; j < kBlock; ++j) {
    x ^= x << 13, x ^= x >> 17, x ^= x << 5;
    bin[j] = x % kBins;
  }
  std::uint32_t* sub[4];
  for (int k = 0; k < 4; ++k) sub[k] = rows.data() + k * kStride;
  for (std::int64_t r = 0; r < reps; ++r) {
    asm volatile("" ::"r"(bin) : "memory");
    for (int j = 0; j < kBlock; j += 4) {
      for (int k = 0; k < 4; k += 2) {
        std::uint64_t two;
        std::memcpy(&two, bin + j + k, sizeof two);
        ++sub[k % kDepth][static_cast<std::uint32_t>(two)];
        ++sub[(k + 1) % kDepth][two >> 32];
      }
    }
  }
  std::uint64_t s = 0;
  for (auto c : rows) s += c;
  return s;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

void part_a() {
  const std::int64_t mul_iters = 50'000'000, count_reps = 20'000;
  for (int t : {1, 2, 4, 8, 16}) {
    if (t > omp_get_num_procs()) break;
    for (int kind = 0; kind < 3; ++kind) {
      std::vector<double> rates;  // per thread, G ops/s: the median of 3 runs of each thread
      for (int rep = 0; rep < 3; ++rep) {
        std::vector<double> secs(t);
#pragma omp parallel num_threads(t)
        {
          const int me = omp_get_thread_num();
#pragma omp barrier
          const double t0 = now();
          const std::uint64_t r = kind == 0   ? mul_chains(mul_iters)
                                  : kind == 1 ? count_l1<4>(count_reps, unsigned(me + 1))
                                              : count_l1<1>(count_reps, unsigned(me + 1));
          secs[me] = now() - t0;
#pragma omp atomic
          sink += r;
        }
        const double work = kind == 0 ? 8.0 * mul_iters : 4096.0 * count_reps;
        for (double s : secs) rates.push_back(work / s * 1e-9);
      }
      std::sort(rates.begin(), rates.end());
      std::printf(
          "A %-12s threads %2d: per thread %.3f G/s (slowest %.3f, fastest %.3f), all %.2f G/s\n",
          kind == 0   ? "mul-chains"
          : kind == 1 ? "count-L1-d4"
                      : "count-L1-d1",
          t, median(rates), rates.front(), rates.back(), median(rates) * t);
    }
  }
}

void pin(int cpu) {
  cpu_set_t set;
  CPU_ZERO(&set);
  CPU_SET(cpu, &set);
  pthread_setaffinity_np(pthread_self(), sizeof set, &set);
}

void part_b() {
  const std::int64_t iters = 30'000'000;
  std::vector<int> cpus;  // the online vCPUs (OMP_PROC_BIND has narrowed this thread's mask)
  for (int c = 0; c < sysconf(_SC_NPROCESSORS_ONLN); ++c) cpus.push_back(c);
  auto timed = [&](int cpu, double& secs) {
    pin(cpu);
    const double t0 = now();
    const std::uint64_t r = mul_chains(iters);
    secs = now() - t0;
    __atomic_fetch_add(&sink, r, __ATOMIC_RELAXED);
  };
  double alone = 0;
  {
    std::thread th(timed, cpus[0], std::ref(alone));
    th.join();
  }
  std::printf("B vCPU %d alone: %.3f G mul/s\n", cpus[0], 8.0 * iters / alone * 1e-9);
  for (std::size_t k = 1; k < cpus.size(); ++k) {
    double s0 = 0, s1 = 0;
    std::thread a(timed, cpus[0], std::ref(s0)), b(timed, cpus[k], std::ref(s1));
    a.join();
    b.join();
    std::printf("B vCPUs %d+%-2d: %.2f and %.2f of alone\n", cpus[0], cpus[k], alone / s0,
                alone / s1);
  }
}

// ---- C: one thread, 2^28 floats ----

typedef float Pack __attribute__((vector_size(16)));
constexpr std::int64_t kBlock = 32768;

double read8(const float* x, std::int64_t n) {  // the bandwidth app's ReadSum, on doubles
  const double* a = reinterpret_cast<const double*>(x);
  const std::int64_t m = n / 2;
  double sum = 0;
  for (std::int64_t first = 0; first + 64 <= m; first += 64) {
    double lanes[8];
    for (int j = 0; j < 8; ++j) lanes[j] = a[first + j];
    for (int k = 1; k < 8; ++k)
      for (int j = 0; j < 8; ++j) lanes[j] += a[first + k * 8 + j];
    for (int j = 0; j < 4; ++j) lanes[j] += lanes[j + 4];
    sum += (lanes[0] + lanes[2]) + (lanes[1] + lanes[3]);
  }
  return sum;
}

double sum32(const float* x, std::int64_t n) {  // fold_chunk's 32 lanes
  float lanes[32] = {};
  for (std::int64_t i = 0; i + 32 <= n; i += 32)
    for (int j = 0; j < 32; ++j) lanes[j] += x[i + j];
  float acc = lanes[0];
  for (int j = 1; j < 32; ++j) acc += lanes[j];
  return acc;
}

// block_extreme's SSE packs: kPacks minimum packs (and as many sums).
template <int kPacks, bool kSums, int kPrefetch>
float block_min(const float* p, bool& nan) {
  constexpr int kPer = 4;
  Pack lane[kPacks], sum[kPacks];
  for (int j = 0; j < kPacks; ++j) {
    std::memcpy(&lane[j], p + kPer * j, sizeof(Pack));
    sum[j] = lane[j];
  }
  for (std::int64_t k = kPer * kPacks; k < kBlock; k += kPer * kPacks) {
    if (kPrefetch) __builtin_prefetch(p + k + kPrefetch);
    for (int j = 0; j < kPacks; ++j) {
      Pack a;
      std::memcpy(&a, p + k + kPer * j, sizeof(Pack));
      lane[j] = a < lane[j] ? a : lane[j];
      if (kSums) sum[j] += a;
    }
  }
  float m = lane[0][0];
  bool any = false;
  for (int j = 0; j < kPacks; ++j)
    for (int q = 0; q < kPer; ++q) {
      m = lane[j][q] < m ? lane[j][q] : m;
      if (kSums) any |= sum[j][q] != sum[j][q];
    }
  nan = any;
  return m;
}

template <int kPacks, bool kSums, int kPrefetch>
double first_min(const float* x, std::int64_t n) {
  float best = 0;
  std::int64_t where = -1;
  for (std::int64_t i = 0; i + kBlock <= n; i += kBlock) {
    bool nan = false;
    const float m = block_min<kPacks, kSums, kPrefetch>(x + i, nan);
    if (nan) return -1;
    if (where < 0 || m < best) {
      std::int64_t k = 0;
      while (!(x[i + k] == m)) ++k;
      best = m, where = i + k;
    }
  }
  return double(best) + double(where);
}

void part_c() {
  const std::int64_t n = std::int64_t(1) << 28;
  float* x = static_cast<float*>(std::aligned_alloc(64, n * sizeof(float)));
  std::uint32_t s = 12345;
  for (std::int64_t i = 0; i < n; ++i) {  // integers 1 .. 2^20 (no zero: no denormal doubles)
    s ^= s << 13, s ^= s >> 17, s ^= s << 5;
    x[i] = float(1 + (s & 0xFFFFF));
  }
  struct Form {
    const char* name;
    double (*f)(const float*, std::int64_t);
  };
  const Form forms[] = {{"read8 (double)", read8},
                        {"sum32", sum32},
                        {"min 4 packs + sums (library)", first_min<4, true, 0>},
                        {"min 4 packs, no sums", first_min<4, false, 0>},
                        {"min 8 packs + sums", first_min<8, true, 0>},
                        {"min 4 packs + sums, prefetch 1 KiB", first_min<4, true, 256>},
                        {"min 4 packs + sums, prefetch 4 KiB", first_min<4, true, 1024>}};
  constexpr int kForms = sizeof forms / sizeof forms[0];
  std::vector<std::vector<double>> secs(kForms);
  for (int pass = 0; pass < 5; ++pass) {
    for (int f = 0; f < kForms; ++f) {
      const double t0 = now();
      const double r = forms[f].f(x, n);
      secs[f].push_back(now() - t0);
      sink += std::uint64_t(r);
    }
  }
  for (int f = 0; f < kForms; ++f) {
    auto v = secs[f];
    std::sort(v.begin(), v.end());
    std::printf("C %-36s %6.1f ms (%.1f-%.1f)  %5.2f GB/s\n", forms[f].name, median(v) * 1e3,
                v.front() * 1e3, v.back() * 1e3, n * 4.0 / median(v) * 1e-9);
  }
  std::free(x);
}

}  // namespace

int main(int argc, char** argv) {
  const std::string parts = argc > 1 ? argv[1] : "ABC";
  if (parts.find('A') != std::string::npos) part_a();
  if (parts.find('B') != std::string::npos) part_b();
  if (parts.find('C') != std::string::npos) part_c();
  std::fprintf(stderr, "sink %llu\n", static_cast<unsigned long long>(sink));
}
