#pragma once
// Input data and reference prefix sums for scan, made once on the host.
#include <Kokkos_Core.hpp>
#include <cstdint>
#include <string>
#include <vector>

#include "harness/benchmark.hpp"
#include "harness/npy.hpp"

namespace bench::scan {

// inclusive: out[i] = x[0] + ... + x[i]; exclusive: out[i] = x[0] + ... + x[i-1], out[0] = 0.
enum class Kind { inclusive, exclusive };

// random:     small integers in [-8, 8] (zero mean: partial sums stay small);
// equal:      every value 1 (out[i] counts elements);
// descending: integers falling from 8 to -8 across the array (large sums);
// extremes:   +M, -M, +M, ... with M the largest magnitude whose sums stay
//             exact in the type (2^24 for float, 2^53 for double, the
//             type's maximum for integers);
// select:     random, +(100 - P) with probability P% and -P otherwise (zero
//             mean): the copy_if rows keep P% of the values (--select P).
// Every value is an integer, so every sum of adjacent values is exact in T as
// long as all of them fit, which make_input checks: any summation order a
// parallel scan uses then gives the sequential result bit for bit.
enum class Data { random, equal, descending, extremes, select };

Kind parse_kind(const std::string& name);  // from an already validated choice
Data parse_data(const std::string& name);
const char* kind_name(Kind kind);
const char* data_name(Data data);

template <class T>
struct Input {
  Kind kind = Kind::inclusive;
  Kokkos::View<T*, Kokkos::HostSpace> values;
  Kokkos::View<T*, Kokkos::HostSpace> reference;  // the sequential scan in T
  npy::FirstResult* output = nullptr;  // --output: check_scan offers it each checked result
  // The segmented rows' segments: this many values each, the last shorter
  // (--segment; 1000: 2^16 segments of 2^26 values), or, with powerlaw,
  // that many on average, lengths of a Pareto law (segment_offsets).
  std::int64_t segment = 1000;
  bool powerlaw = false;
};

// Throws UsageError when some sum of adjacent values would not be exact in T
// (e.g. --data equal with more than 2^24 floats).
// percent: P of Data::select, 1 to 99.
template <class T>
Input<T> make_input(std::uint64_t n, Kind kind, Data data, int percent = 50);

// The user's values (--input; `where` names the file in messages): floating-point
// values must be integers (the check is exact), and every partial sum must be
// exact in T as for make_input; else UsageError.
template <class T>
Input<T> input_from_values(const std::vector<T>& values, Kind kind, const std::string& where);

// Compares element by element (exactly) and names the first mismatch.
template <class T>
Check check_scan(const Input<T>& input, const Kokkos::View<const T*, Kokkos::HostSpace>& output);

}  // namespace bench::scan
