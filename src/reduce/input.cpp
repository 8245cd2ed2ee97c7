#include "reduce/input.hpp"

#include "harness/data.hpp"
#include "harness/report.hpp"
#include "harness/usage.hpp"
#include "reduce/exact_reference.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>
#include <type_traits>

namespace bench::reduce {

namespace {

// Neumaier's compensated summation of the values in long double: the
// reference, exact to long double; also returns sum |x|.
template <class T>
void fill_reference(Input<T>& input, long double& magnitude) {
  long double sum = 0, compensation = 0;
  magnitude = 0;
  for (std::size_t i = 0; i < input.values.extent(0); ++i) {
    const long double x = input.values(i), t = sum + x;
    compensation += std::fabs(sum) >= std::fabs(x) ? (sum - t) + x : (x - t) + sum;
    sum = t;
    magnitude += std::fabs(x);
  }
  input.reference = sum + compensation;
  if constexpr (std::is_floating_point_v<T>) {
    input.exact = exact_sum(input.values.data(), input.values.extent(0));
  }
}

template <class T>
const char* type_name() {
  return std::is_same_v<T, float> ? "float32" : std::is_same_v<T, double> ? "float64" : "int64";
}

}  // namespace

template <class T>
Input<T> make_input(std::uint64_t n, const std::string& data) {
  Input<T> input;
  input.values = Kokkos::View<T*, Kokkos::HostSpace>(
      Kokkos::view_alloc(Kokkos::WithoutInitializing, "reduce input"), n);
  const bool integers = data == "integers" || std::is_integral_v<T>;
  const long long range = data == "integers" ? 8 : 1000;
  for (std::uint64_t i = 0; i < n; ++i) {
    const std::uint64_t r = splitmix64(i);
    T value;
    if (integers) {
      value = static_cast<T>(static_cast<long long>(r % (2 * range + 1)) - range);
    } else {
      value = static_cast<T>(static_cast<double>(r >> 11) * 0x1.0p-52 - 1.0);
    }
    input.values(i) = value;
  }
  long double magnitude = 0;
  fill_reference(input, magnitude);
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
Input<T> input_from_values(const std::vector<T>& values, const std::string& where) {
  Input<T> input;
  input.values = Kokkos::View<T*, Kokkos::HostSpace>(
      Kokkos::view_alloc(Kokkos::WithoutInitializing, "reduce input"), values.size());
  bool integers = true;
  for (std::size_t i = 0; i < values.size(); ++i) {
    if constexpr (std::is_floating_point_v<T>) {
      if (!std::isfinite(values[i])) {
        throw UsageError(where + ": value " + std::to_string(values[i]) + " at index " +
                         std::to_string(i) + " is not finite, so the sum cannot be checked");
      }
      integers = integers && values[i] == std::trunc(values[i]);
    }
    input.values(i) = values[i];
  }
  long double magnitude = 0;
  fill_reference(input, magnitude);
  // Refused alike for every type: a partial sum in some order may overflow
  // (to inf for floats), and the check could not tell which answer is right.
  if (magnitude > static_cast<long double>(std::numeric_limits<T>::max())) {
    throw UsageError(where + ": the values' magnitudes add up to more than " + type_name<T>() +
                     " holds, so a variant's partial sums could overflow");
  }
  if constexpr (std::is_floating_point_v<T>) {
    const long double exact = std::ldexp(1.0L, std::numeric_limits<T>::digits);
    if (!integers || magnitude > exact) {
      const long double k = values.empty() ? 0.0L : static_cast<long double>(values.size() - 1);
      const long double ku = k * std::numeric_limits<T>::epsilon() / 2;
      const long double gamma = ku < 1 ? ku / (1 - ku) : std::numeric_limits<long double>::max();
      input.tolerance = std::max(gamma, 16.0L * std::numeric_limits<T>::epsilon()) * magnitude;
    }
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
  Check check{error <= input.tolerance, detail.str()};
  if constexpr (std::is_integral_v<T>) {
    check.result = std::to_string(result);
  } else {
    check.result = json_number(result);
  }
  return check;
}

template <class T>
Check check_exact(const Input<T>& input, T result) {
  std::ostringstream detail;
  detail << "sum " << static_cast<double>(result) << " correctly rounded "
         << static_cast<double>(input.exact)
         << (bits_of(result) == bits_of(input.exact) ? "" : " (other bits)");
  Check check{bits_of(result) == bits_of(input.exact), detail.str()};
  check.result = json_number(result);
  return check;
}

template Input<float> make_input<float>(std::uint64_t, const std::string&);
template Input<double> make_input<double>(std::uint64_t, const std::string&);
template Input<std::int64_t> make_input<std::int64_t>(std::uint64_t, const std::string&);
template Input<float> input_from_values<float>(const std::vector<float>&, const std::string&);
template Input<double> input_from_values<double>(const std::vector<double>&, const std::string&);
template Input<std::int64_t> input_from_values<std::int64_t>(const std::vector<std::int64_t>&,
                                                             const std::string&);
template Check check_sum<float>(const Input<float>&, float);
template Check check_sum<double>(const Input<double>&, double);
template Check check_sum<std::int64_t>(const Input<std::int64_t>&, std::int64_t);

}  // namespace bench::reduce

namespace bench::reduce {
template Check check_exact<float>(const Input<float>&, float);
template Check check_exact<double>(const Input<double>&, double);
}  // namespace bench::reduce
