#pragma once
// Input data and reference sum for reduce, made once on the host.
#include <Kokkos_Core.hpp>
#include <cstdint>
#include <string>

#include "harness/benchmark.hpp"

namespace kp::reduce {

template <class T>
struct Input {
  Kokkos::View<T*, Kokkos::HostSpace> values;
  long double reference = 0;  // compensated sum in extended precision
  long double tolerance = 0;  // |result - reference| allowed
};

// "uniform": reals in [-1, 1) (integers in [-1000, 1000] for int64), zero
// mean so partial sums stay small in every summation order.
// "integers": small integers in [-8, 8] stored in T: every partial sum of up
// to 2^24 values is exact in float, so every variant must match exactly and
// a single lost element fails the check.
template <class T>
Input<T> make_input(std::uint64_t n, const std::string& data);

// Compares a result with the reference and tolerance.
template <class T>
Check check_sum(const Input<T>& input, T result);

}  // namespace kp::reduce
