#include "scan/input.hpp"

#include "harness/ranks.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <sstream>
#include <type_traits>

#include "harness/usage.hpp"

namespace bench::scan {

Kind parse_kind(const std::string& name) {
  return name == "exclusive" ? Kind::exclusive : Kind::inclusive;
}

Data parse_data(const std::string& name) {
  if (name == "equal") return Data::equal;
  if (name == "descending") return Data::descending;
  if (name == "extremes") return Data::extremes;
  if (name == "select") return Data::select;
  return Data::random;
}

const char* kind_name(Kind kind) {
  return kind == Kind::exclusive ? "exclusive" : "inclusive";
}

const char* data_name(Data data) {
  switch (data) {
    case Data::equal:
      return "equal";
    case Data::descending:
      return "descending";
    case Data::extremes:
      return "extremes";
    case Data::select:
      return "select";
    default:
      return "random";
  }
}

namespace {

template <class T>
const char* type_name() {
  if constexpr (std::is_same_v<T, float>) return "float";
  if constexpr (std::is_same_v<T, double>) return "double";
  if constexpr (std::is_same_v<T, std::int32_t>) return "int32";
  return "int64";
}

// The largest magnitude up to which every integer is exact in T.
template <class T>
std::int64_t exact_limit() {
  if constexpr (std::is_floating_point_v<T>) {
    return std::int64_t{1} << std::numeric_limits<T>::digits;
  } else {
    return std::numeric_limits<T>::max();
  }
}

template <class T>
void fill(const Kokkos::View<T*, Kokkos::HostSpace>& values, Data data, int percent) {
  const std::int64_t n = values.extent(0);
  std::mt19937_64 random(20240607);  // raw engine output: the same on every machine
  for (std::int64_t i = 0; i < n; ++i) {
    std::int64_t value = 1;
    if (data == Data::random) value = static_cast<std::int64_t>(random() % 17) - 8;
    if (data == Data::select) value = int(random() % 100) < percent ? 100 - percent : -percent;
    if (data == Data::descending) value = 8 - (i * 17) / n;  // no overflow: n * 17 < 2^63
    if (data == Data::extremes) value = i % 2 == 0 ? exact_limit<T>() : -exact_limit<T>();
    values(i) = static_cast<T>(value);
  }
}

// Every intermediate sum of a parallel scan adds adjacent values, so it is a
// difference of two prefix sums: exact when the prefix sums span no more
// than the type's exact range.
template <class T>
void require_exact(const Kokkos::View<T*, Kokkos::HostSpace>& values, const std::string& what,
                   const std::string& advice) {
  std::int64_t sum = 0, low = 0, high = 0, span = 0;
  bool overflow = false;
  for (std::size_t i = 0; i < values.extent(0) && !overflow; ++i) {
    overflow = __builtin_add_overflow(sum, static_cast<std::int64_t>(values(i)), &sum);
    low = std::min(low, sum);
    high = std::max(high, sum);
  }
  overflow = overflow || __builtin_sub_overflow(high, low, &span);
  if (overflow || span > exact_limit<T>()) {
    throw UsageError(what + " makes partial sums that " + type_name<T>() +
                     " cannot hold exactly (span " +
                     (overflow ? std::string("> 2^63") : std::to_string(span)) + ", limit " +
                     std::to_string(exact_limit<T>()) + "); " + advice);
  }
}

template <class T>
void fill_reference(Input<T>& input) {
  const std::size_t n = input.values.extent(0);
  input.reference = Kokkos::View<T*, Kokkos::HostSpace>(
      Kokkos::view_alloc(Kokkos::WithoutInitializing, "scan reference"), n);
  T sum = 0;
  for (std::size_t i = 0; i < n; ++i) {
    if (input.kind == Kind::exclusive) input.reference(i) = sum;
    sum += input.values(i);
    if (input.kind == Kind::inclusive) input.reference(i) = sum;
  }
}

}  // namespace

template <class T>
Input<T> make_input(std::uint64_t n, Kind kind, Data data, int percent) {
  Input<T> input;
  input.kind = kind;
  input.values = Kokkos::View<T*, Kokkos::HostSpace>(
      Kokkos::view_alloc(Kokkos::WithoutInitializing, "scan input"), n);
  fill(input.values, data, percent);
  require_exact(input.values,
                std::string("--data ") + data_name(data) + " with --size " + std::to_string(n),
                "choose a smaller --size");
  fill_reference(input);
  return input;
}

template <class T>
Input<T> input_from_values(const std::vector<T>& values, Kind kind, const std::string& where) {
  Input<T> input;
  input.kind = kind;
  input.values = Kokkos::View<T*, Kokkos::HostSpace>(
      Kokkos::view_alloc(Kokkos::WithoutInitializing, "scan input"), values.size());
  for (std::size_t i = 0; i < values.size(); ++i) {
    const T x = values[i];
    if constexpr (std::is_floating_point_v<T>) {
      // Only integers keep every summation order exact, and the check is exact.
      if (!(x == std::trunc(x) && std::fabs(x) <= static_cast<T>(exact_limit<T>()))) {
        std::ostringstream text;
        text << where << ": value " << x << " at index " << i << " is not an integer of at most "
             << exact_limit<T>() << " in magnitude; scan checks exactly, so --input "
             << "needs integer-valued " << type_name<T>() << " data";
        throw UsageError(text.str());
      }
    }
    input.values(i) = x;
  }
  require_exact(input.values, where, "scan checks exactly, so every partial sum must be exact");
  fill_reference(input);
  return input;
}

namespace {
// output: this rank's part of the scan (all of it on one rank).
template <class T>
Check compare(const Input<T>& input, const Kokkos::View<const T*, Kokkos::HostSpace>& output) {
  const auto reference = my_part(input.reference);
  const std::size_t n = reference.extent(0);
  const auto first = static_cast<std::size_t>(my_slice(input.reference.extent(0)).first);
  std::ostringstream detail;
  detail.precision(std::numeric_limits<T>::max_digits10);
  if (output.extent(0) != n) {
    detail << "output has " << output.extent(0) << " elements, expected " << n;
    return {false, detail.str()};
  }
  for (std::size_t i = 0; i < n; ++i) {
    if (!(output(i) == reference(i))) {  // a NaN poison fails too
      detail << "first mismatch at index " << first + i << ": got " << output(i) << ", expected "
             << reference(i);
      return {false, detail.str()};
    }
  }
  detail << "all " << n << " exact";
  return {true, detail.str()};
}
}  // namespace

template <class T>
Check check_scan(const Input<T>& input, const Kokkos::View<const T*, Kokkos::HostSpace>& output) {
  const Check check = compare(input, output);
  if (input.output) input.output->offer(check.pass, output.data(), {output.extent(0)});  // one rank
  return check;
}

#define KP_SCAN_INPUT_INSTANTIATE(T)                                                       \
  template Input<T> make_input<T>(std::uint64_t, Kind, Data, int);                         \
  template Input<T> input_from_values<T>(const std::vector<T>&, Kind, const std::string&); \
  template Check check_scan<T>(const Input<T>&, const Kokkos::View<const T*, Kokkos::HostSpace>&);
KP_SCAN_INPUT_INSTANTIATE(std::int32_t)
KP_SCAN_INPUT_INSTANTIATE(std::int64_t)
KP_SCAN_INPUT_INSTANTIATE(float)
KP_SCAN_INPUT_INSTANTIATE(double)

}  // namespace bench::scan
