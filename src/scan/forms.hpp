#pragma once
// The scan app's rows for the library's other scan forms (forms.cpp), each
// beside what a user would write instead (CUB on CUDA, the standard library
// on the hosts), each checked against its own sequential answer recomputed
// from the input.
#include <Kokkos_Core.hpp>

#include "harness/benchmark.hpp"
#include "harness/spaces.hpp"
#include "scan/input.hpp"

namespace bench::scan {

// Adds the max-scan, copy_if and transform-scan rows to `c` for the input
// `in` (of input.values), writing to `out` (n values).
template <class Space, class T>
void add_other_forms(SpaceCase& c, const Input<T>& input, const View<const T*, Space>& in,
                     const View<T*, Space>& out);

// Adds the segmented-reduce rows: the sums of the segments of
// input.segment values of `in` into the first segments' elements of `out`.
template <class Space, class T>
void add_segmented_forms(SpaceCase& c, const Input<T>& input, const View<const T*, Space>& in,
                         const View<T*, Space>& out);

}  // namespace bench::scan
