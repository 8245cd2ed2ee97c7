#pragma once
// Input data and reference answer for minloc, made once on the host.
#include <Kokkos_Core.hpp>
#include <cstdint>
#include <string>
#include <vector>

#include "harness/benchmark.hpp"
#include "minloc/order.hpp"

namespace bench::minloc {

struct Input {
  Kokkos::View<float*, Kokkos::HostSpace> values;
  Op op = Op::min;
  // The sequential first extremum: the first i with x[i] strictly better
  // than every earlier element.
  ValLoc reference{0.0f, 0};
};

// Indices travel in the low 32 bits of the packed CAS word.
constexpr std::uint64_t kMaxSize = std::uint64_t{1} << 32;

// Throws UsageError when n is 0 (the extremum of an empty array does not
// exist) or above kMaxSize.
void validate_size(std::uint64_t n);

// "integers" (the default): integers 0..10000 stored in float, so any array
// much longer than 10001 holds its extremum many times and tie-breaking
// always decides the index. "uniform": reals in [-1, 1), ties are rare.
Input make_input(std::uint64_t n, const std::string& data, Op op);

// Given values (tests, adversarial data). NaN policy: NaN is unordered, so
// "the first minimum" is undefined (and `<`-based variants would disagree on
// it); an input holding NaN is rejected with a UsageError naming the first
// NaN's index, as is an empty input. Infinities and -0.0 are ordinary values.
Input make_input(std::vector<float> values, Op op);

// Exact comparison: the index must be the reference's and the value must be
// bit-identical (so -0.0 vs +0.0 at the right index is the element itself).
// The detail says when a wrong index holds the extremum but is not the first.
Check check_extremum(const Input& input, const ValLoc& result);

}  // namespace bench::minloc
