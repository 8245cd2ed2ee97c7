// kp::inclusive_scan / kp::exclusive_scan on every enabled space: exact
// against the sequential scan (integer-valued data), in place, with an
// initial value, every View shape, sizes around the tile edges.
#include <kp/scan.hpp>

#include <catch2/catch_template_test_macros.hpp>
#include <catch2/catch_test_macros.hpp>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <vector>

#include "kp/helpers.hpp"

using namespace kp::test;

namespace {

template <class T>
std::vector<T> sequential(const std::vector<T>& x, bool inclusive, T init) {
  std::vector<T> out(x.size());
  T sum = init;
  for (std::size_t i = 0; i < x.size(); ++i) {
    if (!inclusive) out[i] = sum;
    sum += x[i];
    if (inclusive) out[i] = sum;
  }
  return out;
}

template <class Space, class T>
void check_scans(std::int64_t n) {
  std::vector<T> x(n);
  for (std::int64_t i = 0; i < n; ++i) x[i] = T((i * 7919) % 17) - T(8);
  const T init = T(5);
  std::vector<kp::ScanAlgorithm> algorithms = {kp::ScanAlgorithm::automatic,
                                               kp::ScanAlgorithm::kokkos,
                                               kp::ScanAlgorithm::decoupled_lookback};
  if (!kp::impl::is_gpu_space<Space>()) algorithms.push_back(kp::ScanAlgorithm::sequential);
  for (const Shape shape : kShapes) {
    for (const kp::ScanAlgorithm a : algorithms) {
      INFO("n " << n << ", " << shape_name(shape) << ", " << kp::name(a));
      const auto in = to_space<Space>(x, shape);
      auto out = to_space<Space>(std::vector<T>(n, T(-99)), shape);
      kp::inclusive_scan(Space(), in, out, a);
      CHECK(to_host<Space>(out) == sequential(x, true, T(0)));
      kp::exclusive_scan(Space(), in, out, init, a);
      CHECK(to_host<Space>(out) == sequential(x, false, init));
      // In place.
      auto both = to_space<Space>(x, shape);
      kp::inclusive_scan(Space(), both, both, a);
      CHECK(to_host<Space>(both) == sequential(x, true, T(0)));
      both = to_space<Space>(x, shape);
      kp::exclusive_scan(Space(), both, both, init, a);
      CHECK(to_host<Space>(both) == sequential(x, false, init));
    }
  }
}

}  // namespace

TEMPLATE_LIST_TEST_CASE("kp scans equal the sequential scan", "[kp][scan]", Spaces) {
  using Space = TestType;
  for (const std::int64_t n : kEdgeSizes) {
    check_scans<Space, std::int32_t>(n);
    check_scans<Space, std::int64_t>(n);
    check_scans<Space, float>(n);
    check_scans<Space, double>(n);
  }
  check_scans<Space, std::int64_t>((1 << 20) + 7);
  // Around the host tiles (ScanTuning<host>::lookback_tile) and the blocks of 4 in them.
  constexpr std::int64_t tile = kp::impl::HostScanTuning::lookback_tile;
  for (const std::int64_t n : {tile - 1, tile, tile + 1, 3 * tile + 6}) {
    check_scans<Space, float>(n);
    check_scans<Space, std::int32_t>(n);
  }
}

// INT32_MAX, -INT32_MAX, ...: every prefix sum is INT32_MAX or 0, but every
// other element summed alone overflows (the host tiles' lanes and blocks
// once did, undefined behaviour that UBSan caught). Exact everywhere.
TEMPLATE_LIST_TEST_CASE("kp scans overflow only where the sequential scan does", "[kp][scan]",
                        Spaces) {
  using Space = TestType;
  for (const std::int64_t n : {std::int64_t{4097}, std::int64_t{3 * 16384 + 5}}) {
    std::vector<std::int32_t> x(n);
    for (std::int64_t i = 0; i < n; ++i) x[i] = i % 2 == 0 ? INT32_MAX : -INT32_MAX;
    for (const kp::ScanAlgorithm a :
         {kp::ScanAlgorithm::automatic, kp::ScanAlgorithm::decoupled_lookback}) {
      INFO("n " << n << ", " << kp::name(a));
      const auto in = to_space<Space>(x, Shape::contiguous);
      auto out = to_space<Space>(std::vector<std::int32_t>(n, -1), Shape::contiguous);
      kp::inclusive_scan(Space(), in, out, a);
      CHECK(to_host<Space>(out) == sequential(x, true, 0));
      kp::exclusive_scan(Space(), in, out, 0, a);
      CHECK(to_host<Space>(out) == sequential(x, false, 0));
    }
  }
}

// The host tile scan with and without streaming (non-temporal) stores, at
// every alignment of the output and the input (the streamed form stores the
// elements before a 16-byte boundary one at a time), in place and not,
// around its blocks of ScanTuning<host>::scan_lanes. On targets without streaming stores
// both forms are the regular one.
TEMPLATE_TEST_CASE("host tile scans store the same values streamed", "[kp][scan]", std::int32_t,
                   std::int64_t, float, double) {
  using T = TestType;
  using Scan = kp::impl::HostTileScan<T>;
  const T init = T(3);
  for (const std::int64_t n : {0, 1, 2, 3, 4, 5, 7, 8, 9, 31, 64, 65, 1001}) {
    std::vector<T> x(n);
    for (std::int64_t i = 0; i < n; ++i) x[i] = T((i * 7919) % 17) - T(8);
    T sum = init;
    for (const T v : x) sum += v;
    for (const bool inclusive : {true, false}) {
      const std::vector<T> want = sequential(x, inclusive, init);
      for (const bool stream : {false, true}) {
        for (int in_off = 0; in_off < 4; ++in_off) {
          for (int out_off = 0; out_off < 4; ++out_off) {
            INFO("n " << n << (inclusive ? " inclusive" : " exclusive")
                      << (stream ? ", streamed" : "") << ", offsets " << in_off << " " << out_off);
            std::vector<T> in_storage(n + 8), out_storage(n + 8, T(-99));
            T* in = in_storage.data() + in_off;
            T* out = out_storage.data() + out_off;
            if (n > 0) std::memcpy(in, x.data(), sizeof(T) * n);
            CHECK(Scan::scan(in, n, init, inclusive, out, stream) == sum);
            CHECK(std::vector<T>(out, out + n) == want);
            CHECK(out_storage[out_off + n] == T(-99));  // nothing past the end
            if (out_off > 0) CHECK(out_storage[out_off - 1] == T(-99));
            CHECK(Scan::scan(in, n, init, inclusive, in, stream) == sum);  // in place
            CHECK(std::vector<T>(in, in + n) == want);
          }
        }
      }
    }
  }
}

// A scan big enough that the host spaces stream its output (its input and
// output past the last-level cache), where that is at most 2^24 elements.
TEMPLATE_LIST_TEST_CASE("kp scans past the last-level cache equal the sequential scan",
                        "[kp][scan]", Spaces) {
  using Space = TestType;
  if (kp::impl::is_gpu_space<Space>()) return;
  std::int64_t n = std::int64_t{1} << 16;
  while (!kp::impl::host_scan_streams(n, sizeof(std::int32_t)) && n < (std::int64_t{1} << 24)) {
    n *= 2;
  }
  n += 3;  // a tail past the last block
  INFO("n " << n << (kp::impl::host_scan_streams(n, 4) ? ", streamed" : ", not streamed"));
  std::vector<std::int32_t> x(n);
  for (std::int64_t i = 0; i < n; ++i) x[i] = static_cast<std::int32_t>((i * 7919) % 17) - 8;
  const auto in = to_space<Space>(x, Shape::contiguous);
  auto out = to_space<Space>(std::vector<std::int32_t>(n, -1), Shape::odd_offset);
  for (const kp::ScanAlgorithm a :
       {kp::ScanAlgorithm::sequential, kp::ScanAlgorithm::decoupled_lookback}) {
    kp::inclusive_scan(Space(), in, out, a);
    CHECK(to_host<Space>(out) == sequential(x, true, 0));
    kp::exclusive_scan(Space(), in, out, 7, a);
    CHECK(to_host<Space>(out) == sequential(x, false, 7));
  }
}

TEMPLATE_LIST_TEST_CASE("kp scans refuse mismatched lengths", "[kp][scan]", Spaces) {
  using Space = TestType;
  const auto in = to_space<Space>(std::vector<float>(10, 1.0f), Shape::contiguous);
  const auto out = to_space<Space>(std::vector<float>(9, 1.0f), Shape::contiguous);
  CHECK_THROWS_AS(kp::inclusive_scan(Space(), in, out), std::invalid_argument);
  CHECK_THROWS_AS(kp::exclusive_scan(Space(), in, out, 0.0f), std::invalid_argument);
  if (kp::impl::is_gpu_space<Space>()) {
    CHECK_THROWS_AS(kp::inclusive_scan(Space(), in, in, kp::ScanAlgorithm::sequential),
                    std::invalid_argument);
  }
}
