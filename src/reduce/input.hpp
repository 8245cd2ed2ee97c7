#pragma once
// Input data and reference sum for reduce, made once on the host.
#include <Kokkos_Core.hpp>
#include <cstdint>
#include <string>
#include <vector>

#include "harness/benchmark.hpp"

namespace bench::reduce {

template <class T>
struct Input {
  Kokkos::View<T*, Kokkos::HostSpace> values;
  long double reference = 0;  // compensated sum in extended precision
  long double tolerance = 0;  // |result - reference| allowed
  T exact = 0;                // floats: the correctly rounded sum (exact_reference.hpp)
};

// "uniform": reals in [-1, 1) (integers in [-1000, 1000] for int64), zero
// mean so partial sums stay small in every summation order.
// "integers": small integers in [-8, 8] stored in T: every partial sum of up
// to 2^24 values is exact in float, so every variant must match exactly and
// a single lost element fails the check.
template <class T>
Input<T> make_input(std::uint64_t n, const std::string& data);

// The user's values (--input, `where` names the file in messages): refuses
// NaN and infinities (the sum is not checkable) and data whose sum of
// magnitudes overflows T (some summation order could overflow). The tolerance is 0 when every value
// is an integer and the sum of magnitudes is exact in T (every summation order is then exact), else
// the worst case of any summation order, gamma(n-1) * sum|x| with gamma(k) = k u / (1 - k u), u =
// eps/2, but at least 16 eps sum|x|.
template <class T>
Input<T> input_from_values(const std::vector<T>& values, const std::string& where);

// Compares a result with the reference and tolerance.
template <class T>
Check check_sum(const Input<T>& input, T result);

// A floating-point result must be input.exact bit for bit (kp::reproducible).
template <class T>
Check check_exact(const Input<T>& input, T result);

}  // namespace bench::reduce
