#pragma once
// The correctly rounded sum of floats or doubles computed on the host
// without kp: Shewchuk's non-overlapping partials, rounded as Python's
// math.fsum does (doubles), then once more to float where the double lands
// on a float midpoint. The reduce app's kp-reproducible row and
// tests/kp/test_reproducible.cpp check kp::reproducible against it.
#include <cmath>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <utility>
#include <vector>

namespace bench::reduce {

template <class T>
std::uint64_t bits_of(T x) {
  std::conditional_t<sizeof(T) == 4, std::uint32_t, std::uint64_t> bits;
  std::memcpy(&bits, &x, sizeof x);
  return bits;
}

// Shewchuk's non-overlapping partials of the exact sum (Python's msum);
// exact while no partial sum overflows.
template <class T>
std::vector<double> partials_of(const T* values, std::size_t n) {
  std::vector<double> partials;
  for (std::size_t i = 0; i < n; ++i) {
    double x = values[i];
    std::size_t used = 0;
    for (double y : partials) {
      if (std::fabs(x) < std::fabs(y)) std::swap(x, y);
      const double hi = x + y, lo = y - (hi - x);
      if (lo != 0) partials[used++] = lo;
      x = hi;
    }
    partials.resize(used);
    partials.push_back(x);
  }
  return partials;
}

// The exact sum of the partials rounded once to double (math.fsum's end).
inline double round_partials(const std::vector<double>& p) {
  if (p.empty()) return 0.0;
  std::size_t n = p.size();
  double hi = p[--n], lo = 0;
  while (n > 0) {
    const double x = hi, y = p[--n];
    hi = x + y;
    lo = y - (hi - x);
    if (lo != 0) break;
  }
  if (n > 0 && ((lo < 0 && p[n - 1] < 0) || (lo > 0 && p[n - 1] > 0))) {
    const double y = lo * 2, x = hi + y;
    if (y == x - hi) hi = x;
  }
  return hi;
}

// The correctly rounded sum in T of values[0, n), finite values whose
// partial sums stay finite in double. A float: the double d nearest the sum
// rounds to the float nearest the sum unless d is halfway between two
// floats; then the sign of sum - d decides, and ties go to even.
template <class T>
T exact_sum(const T* values, std::size_t n) {
  std::vector<double> partials = partials_of(values, n);
  const double d = round_partials(partials);
  if constexpr (std::is_same_v<T, double>) {
    return d;
  } else {
    const float near = static_cast<float>(d);
    const float down = near > d ? std::nextafter(near, -INFINITY) : near;
    const float up = std::nextafter(down, INFINITY);
    if (static_cast<double>(down) + (static_cast<double>(up) - down) / 2 != d) return near;
    partials.push_back(-d);
    const double residual = round_partials(partials_of(partials.data(), partials.size()));
    if (residual != 0) return residual > 0 ? up : down;
    return (bits_of(down) & 1u) ? up : down;
  }
}

template <class T>
T exact_sum(const std::vector<T>& values) {
  return exact_sum(values.data(), values.size());
}

}  // namespace bench::reduce
