#pragma once
// The enabled execution spaces as a type list for TEMPLATE_LIST_TEST_CASE:
// one test source, instantiated for Serial, OpenMP and CUDA where built.
#include <tuple>

#include "harness/spaces.hpp"

namespace bench::test {

using Spaces = decltype(std::tuple_cat(KP_IF_SERIAL(std::tuple<Kokkos::Serial>{}, ) KP_IF_OPENMP(
    std::tuple<Kokkos::OpenMP>{}, ) KP_IF_CUDA(std::tuple<Kokkos::Cuda>{}, ) std::tuple<>{}));

}  // namespace bench::test

// The library's tests (tests/kp) name the list kp::test::Spaces.
namespace kp::test {
using bench::test::Spaces;
}  // namespace kp::test
