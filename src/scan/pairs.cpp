#include "scan/pairs.hpp"

#include <Kokkos_Core.hpp>
#include <memory>
#include <numeric>
#include <string>
#include <vector>

#include <kp/scan.hpp>

#include "harness/spaces.hpp"
#include "scan/cub_call.hpp"

namespace bench::scan {

namespace {

struct PairSum {
  KOKKOS_INLINE_FUNCTION Pair operator()(const Pair& a, const Pair& b) const {
    return {a.first + b.first, a.second + b.second};
  }
};

template <class T, class Space>
using Unmanaged = Kokkos::View<T*, Space, Kokkos::MemoryTraits<Kokkos::Unmanaged>>;

}  // namespace

template <class Space>
void add_pair_forms(SpaceCase& c, bool inclusive, const void* host, const void* in, void* out,
                    std::int64_t bytes) {
  const std::int64_t n = bytes / static_cast<std::int64_t>(sizeof(Pair));
  const Unmanaged<const Pair, Space> x(static_cast<const Pair*>(in), n);
  const Unmanaged<Pair, Space> y(static_cast<Pair*>(out), n);
  const auto* values = static_cast<const Pair*>(host);
  // A row not yet run fails its check even with no pair to compare (fewer
  // than 16 bytes of input).
  auto ran = std::make_shared<bool>(false);
  const auto check = [values, n, inclusive, y, ran]() -> Check {
    if (!*ran) return {false, "not run"};
    const auto got = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), y);
    Pair run{0, 0};
    for (std::int64_t i = 0; i < n; ++i) {
      const Pair before = run;
      run = PairSum()(run, values[i]);
      const Pair want = inclusive ? run : before;
      if (got(i).first != want.first || got(i).second != want.second) {
        return {false, "first difference at pair " + std::to_string(i)};
      }
    }
    return {true, "all " + std::to_string(n) + " pairs exact"};
  };
  const auto poison = [y, ran] {
    Kokkos::deep_copy(y, Pair{~0ull, ~0ull});
    *ran = false;
  };
  const auto add = [&](const char* name, std::function<void()> f, const char* kind) {
    c.variants.push_back({name,
                          [f = std::move(f), ran] {
                            f();
                            *ran = true;
                          },
                          check, poison});
    c.variants.back().bytes_per_run = 2.0 * double(n) * sizeof(Pair);
    c.variants.back().kind = kind;
    c.variants.back().form = "pairs";
  };
  add(
      "kp-pairs",
      [=] {
        if (inclusive) {
          kp::inclusive_scan(Space(), x, y, PairSum());
        } else {
          kp::exclusive_scan(Space(), x, y, Pair{0, 0}, PairSum());
        }
      },
      "ours");
#if defined(KOKKOS_ENABLE_CUDA)
  if constexpr (std::is_same_v<Space, Kokkos::Cuda>) {
    const cudaStream_t stream = Kokkos::Cuda().cuda_stream();
    const int items = static_cast<int>(n);
    const Pair* const d_in = x.data();
    Pair* const d_out = y.data();
    const CubCall call([=](void* temp, std::size_t& size) {
      return inclusive
                 ? cub::DeviceScan::InclusiveScan(temp, size, d_in, d_out, PairSum(), items, stream)
                 : cub::DeviceScan::ExclusiveScan(temp, size, d_in, d_out, PairSum(), Pair{0, 0},
                                                  items, stream);
    });
    add(
        "cub-pairs", [=] { call.run(); }, "baseline");
  }
#endif
#ifdef KOKKOS_ENABLE_SERIAL
  // One thread's std::inclusive_scan (see forms.hpp for why not with TBB).
  if constexpr (std::is_same_v<Space, Kokkos::Serial>) {
    const Pair* const first = x.data();
    Pair* const result = y.data();
    add(
        "std-pairs",
        [=] {
          if (inclusive) {
            std::inclusive_scan(first, first + n, result, PairSum());
          } else {
            std::exclusive_scan(first, first + n, result, Pair{0, 0}, PairSum());
          }
        },
        "baseline");
  }
#endif
}

#define KP_SCAN_PAIRS_INSTANTIATE(Space)                                                 \
  template void add_pair_forms<Space>(SpaceCase&, bool, const void*, const void*, void*, \
                                      std::int64_t);
KP_FOR_EACH_SPACE(KP_SCAN_PAIRS_INSTANTIATE)

}  // namespace bench::scan
