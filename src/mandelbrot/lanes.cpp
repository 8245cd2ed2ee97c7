#include "mandelbrot/lanes.hpp"

namespace bench::mandelbrot {

namespace {

constexpr int kWideLanes = 32, kNarrowLanes = 8;

// `count` <= kWideLanes pixels of one row from `column`; a lane stops
// changing once its pixel escaped, the block stops when every lane has.
inline void wide_block(const Frame& f, std::int64_t row, std::int64_t column, int count,
                       Iterations* out) {
  const double cy = add(f.y1, -mul(static_cast<double>(row) + 0.5, f.dy));
  double cx[kWideLanes], x[kWideLanes] = {}, y[kWideLanes] = {}, n[kWideLanes] = {},
                         live[kWideLanes];
  for (int j = 0; j < kWideLanes; ++j) {
    cx[j] = add(f.x0, mul(static_cast<double>(column + (j < count ? j : 0)) + 0.5, f.dx));
    live[j] = j < count ? 1.0 : 0.0;
  }
  for (Iterations it = 0; it < f.max_iterations; ++it) {
    double any = 0;
#if defined(_OPENMP)
#pragma omp simd reduction(+ : any)
#endif
    for (int j = 0; j < kWideLanes; ++j) {
      const double xx = mul(x[j], x[j]), yy = mul(y[j], y[j]);
      const double go = add(xx, yy) < 4.0 ? live[j] : 0.0;
      const double next_y = add(mul(add(x[j], x[j]), y[j]), cy);
      const double next_x = add(add(xx, -yy), cx[j]);
      y[j] = go != 0 ? next_y : y[j];
      x[j] = go != 0 ? next_x : x[j];
      n[j] += go;
      live[j] = go;
      any += go;
    }
    if (any == 0) break;
  }
  for (int j = 0; j < count; ++j) out[j] = static_cast<Iterations>(n[j]);
}

inline void narrow_block(const Frame& f, std::int64_t row, std::int64_t column, int count,
                         Iterations* out) {
  const double cy = add(f.y1, -mul(static_cast<double>(row) + 0.5, f.dy));
  double cx[kNarrowLanes], x[kNarrowLanes] = {}, y[kNarrowLanes] = {};
  Iterations n[kNarrowLanes] = {};
  bool alive[kNarrowLanes];
  for (int j = 0; j < kNarrowLanes; ++j) {
    cx[j] = add(f.x0, mul(static_cast<double>(column + (j < count ? j : 0)) + 0.5, f.dx));
    alive[j] = j < count;
  }
  for (Iterations it = 0; it < f.max_iterations; ++it) {
    bool any = false;
    for (int j = 0; j < kNarrowLanes; ++j) {
      const double xx = mul(x[j], x[j]), yy = mul(y[j], y[j]);
      const bool go = alive[j] & (add(xx, yy) < 4.0);
      const double next_y = add(mul(add(x[j], x[j]), y[j]), cy);
      const double next_x = add(add(xx, -yy), cx[j]);
      y[j] = go ? next_y : y[j];
      x[j] = go ? next_x : x[j];
      n[j] += go;
      alive[j] = go;
      any |= go;
    }
    if (!any) break;
  }
  for (int j = 0; j < count; ++j) out[j] = n[j];
}

template <int Lanes, class Block>
inline void row_in_blocks(const Frame& f, std::int64_t row, Iterations* out, Block block) {
  for (std::int64_t column = 0; column < f.width; column += Lanes) {
    const int count = static_cast<int>(f.width - column < Lanes ? f.width - column : Lanes);
    block(f, row, column, count, out + column);
  }
}

// x86-64 (GCC): copies of each form for wider vectors beside the build's
// own, the loader picking one by CPU (function multiversioning); `flatten`
// compiles the blocks into each copy with that copy's instructions. This
// file is compiled with -ffp-contract=off (CMakeLists.txt): GCC's "avx512f"
// brings FMA, which would fuse x*x + y*y and change counts at the edge of
// the set. One core of the 2-core VM (AVX-512), 1024^2 pixels, 1000
// iterations: narrow 280 ms (SSE2) / 183 (AVX2); wide 129 (AVX-512), 250-260
// (AVX2 with 8, 16 or 32 lanes: g++ 12 blends through memory there).
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && !defined(__AVX512F__)
#define KP_MANDELBROT_CLONES 1
#define KP_WIDE_CLONES __attribute__((target_clones("avx512f", "default"), flatten))
#define KP_NARROW_CLONES __attribute__((target_clones("avx2", "default"), flatten))
#else
#define KP_WIDE_CLONES
#define KP_NARROW_CLONES
#endif

KP_WIDE_CLONES void wide_row(const Frame& f, std::int64_t row, Iterations* out) {
  row_in_blocks<kWideLanes>(f, row, out, wide_block);
}

KP_NARROW_CLONES void narrow_row(const Frame& f, std::int64_t row, Iterations* out) {
  row_in_blocks<kNarrowLanes>(f, row, out, narrow_block);
}

}  // namespace

LaneForm best_lane_form() {
#if defined(__AVX512F__)
  return LaneForm::wide;
#elif defined(KP_MANDELBROT_CLONES)
  static const bool avx512 = __builtin_cpu_supports("avx512f");
  return avx512 ? LaneForm::wide : LaneForm::narrow;
#else
  return LaneForm::narrow;
#endif
}

void escape_row(const Frame& frame, std::int64_t row, Iterations* out, LaneForm form) {
  if (form == LaneForm::wide) {
    wide_row(frame, row, out);
  } else {
    narrow_row(frame, row, out);
  }
}

}  // namespace bench::mandelbrot
