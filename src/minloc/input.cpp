#include "minloc/input.hpp"

#include "harness/data.hpp"

#include <cmath>
#include <sstream>

#include "harness/report.hpp"
#include "harness/usage.hpp"

namespace bench::minloc {

namespace {

template <class O>
std::int64_t first_extremum(const Kokkos::View<float*, Kokkos::HostSpace>& x) {
  std::int64_t best = 0;
  for (std::int64_t i = 1; i < static_cast<std::int64_t>(x.extent(0)); ++i) {
    if (O::better(x(i), x(best))) best = i;
  }
  return best;
}

// Rejects NaN, then fills in the reference.
void finish(Input& input) {
  const auto& x = input.values;
  validate_size(x.extent(0));
  for (std::size_t i = 0; i < x.extent(0); ++i) {
    if (std::isnan(x(i))) {
      throw UsageError("input holds NaN at index " + std::to_string(i) +
                       ": NaN is unordered, so minloc/maxloc of this array is undefined");
    }
  }
  const std::int64_t index =
      input.op == Op::min ? first_extremum<Order<Op::min>>(x) : first_extremum<Order<Op::max>>(x);
  input.reference.val = x(index);
  input.reference.loc = index;
}

const char* op_name(Op op) {
  return op == Op::min ? "min" : "max";
}
}  // namespace

void validate_size(std::uint64_t n) {
  if (n == 0) {
    throw UsageError(
        "--size must be at least 1: the minimum (maximum) of an empty array does not exist");
  }
  if (n > kMaxSize) {
    throw UsageError("--size " + std::to_string(n) +
                     " is too large: indices must fit in 32 bits (at most 2^32 elements)");
  }
}

Input make_input(std::uint64_t n, const std::string& data, Op op) {
  validate_size(n);
  Input input;
  input.op = op;
  input.values = Kokkos::View<float*, Kokkos::HostSpace>(
      Kokkos::view_alloc(Kokkos::WithoutInitializing, "minloc input"), n);
  const bool integers = data != "uniform";
  for (std::uint64_t i = 0; i < n; ++i) {
    const std::uint64_t r = splitmix64(i);
    input.values(i) = integers ? static_cast<float>(r % 10001)
                               : static_cast<float>(static_cast<double>(r >> 11) * 0x1.0p-52 - 1.0);
  }
  finish(input);
  return input;
}

Input make_input(std::vector<float> values, Op op) {
  validate_size(values.size());
  Input input;
  input.op = op;
  input.values = Kokkos::View<float*, Kokkos::HostSpace>(
      Kokkos::view_alloc(Kokkos::WithoutInitializing, "minloc input"), values.size());
  for (std::size_t i = 0; i < values.size(); ++i) input.values(i) = values[i];
  finish(input);
  return input;
}

Check check_extremum(const Input& input, const ValLoc& result) {
  const ValLoc& ref = input.reference;
  const bool pass = result.loc == ref.loc && float_bits(result.val) == float_bits(ref.val);
  std::ostringstream detail;
  detail << op_name(input.op) << " " << result.val << " at " << result.loc << ", ref " << ref.val
         << " at " << ref.loc;
  const bool in_range =
      result.loc >= 0 && result.loc < static_cast<std::int64_t>(input.values.extent(0));
  if (!pass && in_range && result.val == ref.val && input.values(result.loc) == ref.val) {
    detail << ": holds the " << op_name(input.op) << " but is not its first index";
  }
  return {pass, detail.str(),
          "{\"value\": " + json_number(result.val) + ", \"index\": " + std::to_string(result.loc) +
              "}"};
}

}  // namespace bench::minloc
