#include "reduce/input.hpp"

#include "harness/data.hpp"

#include <cmath>
#include <limits>
#include <sstream>
#include <type_traits>

namespace kp::reduce {

template <class T>
Input<T> make_input(std::uint64_t n, const std::string& data) {
  Input<T> input;
  input.values = Kokkos::View<T*, Kokkos::HostSpace>(
      Kokkos::view_alloc(Kokkos::WithoutInitializing, "reduce input"), n);
  const bool integers = data == "integers" || std::is_integral_v<T>;
  const long long range = data == "integers" ? 8 : 1000;
  long double sum = 0, compensation = 0, magnitude = 0;
  for (std::uint64_t i = 0; i < n; ++i) {
    const std::uint64_t r = splitmix64(i);
    T value;
    if (integers) {
      value = static_cast<T>(static_cast<long long>(r % (2 * range + 1)) - range);
    } else {
      value = static_cast<T>(static_cast<double>(r >> 11) * 0x1.0p-52 - 1.0);
    }
    input.values(i) = value;
    // Neumaier's compensated summation keeps the reference exact to long double.
    const long double x = value, t = sum + x;
    compensation += std::fabs(sum) >= std::fabs(x) ? (sum - t) + x : (x - t) + sum;
    sum = t;
    magnitude += std::fabs(x);
  }
  input.reference = sum + compensation;
  if (!integers) {
    // Every summation order's rounding error is bounded by c * eps * sum|x|;
    // for zero-mean data a sequential float sum of 2^26 values lands near
    // eps * sum|x|, so c = 16 leaves a wide margin without hiding lost
    // elements at small sizes. Integer-valued data must match exactly.
    input.tolerance = 16.0L * std::numeric_limits<T>::epsilon() * magnitude;
  }
  return input;
}

template <class T>
Check check_sum(const Input<T>& input, T result) {
  const long double error = std::fabs(static_cast<long double>(result) - input.reference);
  std::ostringstream detail;
  detail << "sum " << static_cast<double>(result) << " ref " << static_cast<double>(input.reference)
         << " |err| " << static_cast<double>(error) << " tol "
         << static_cast<double>(input.tolerance);
  return {error <= input.tolerance, detail.str()};
}

template Input<float> make_input<float>(std::uint64_t, const std::string&);
template Input<double> make_input<double>(std::uint64_t, const std::string&);
template Input<std::int64_t> make_input<std::int64_t>(std::uint64_t, const std::string&);
template Check check_sum<float>(const Input<float>&, float);
template Check check_sum<double>(const Input<double>&, double);
template Check check_sum<std::int64_t>(const Input<std::int64_t>&, std::int64_t);

}  // namespace kp::reduce
