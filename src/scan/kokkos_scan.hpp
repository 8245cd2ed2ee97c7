#pragma once
// The library scan: Kokkos::parallel_scan with a functor whose final pass
// writes the output. Also scans the tile sums of the tiled variant.
#include <Kokkos_Core.hpp>
#include <cstdint>

#include "harness/spaces.hpp"

namespace bench::scan {

template <class Space, class T>
struct ScanElements {
  using value_type = T;
  View<const T*, Space> in;
  View<T*, Space> out;
  bool inclusive;

  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t i, T& partial, bool final) const {
    const T value = in(i);  // read before the write: `out` may alias `in`
    if (final && !inclusive) out(i) = partial;
    partial += value;
    if (final && inclusive) out(i) = partial;
  }
};

template <class Space, class T>
void kokkos_scan(const char* label, const View<const T*, Space>& in, const View<T*, Space>& out,
                 bool inclusive) {
  Kokkos::parallel_scan(label, Kokkos::RangePolicy<Space>(0, in.extent(0)),
                        ScanElements<Space, T>{in, out, inclusive});
}

}  // namespace bench::scan
