// kp::copy_if and kp::copy_index_if on every enabled space: no, all,
// alternating and sparse selections, around the tile edges, every View
// shape and algorithm, an output shorter than the count; and on OpenMP
// teams of two, the staged path a GPU takes.
#include <kp/copy_if.hpp>

#include <catch2/catch_template_test_macros.hpp>
#include <catch2/catch_test_macros.hpp>
#include <cstdint>
#include <vector>

#include "kp/helpers.hpp"

using namespace kp::test;

namespace {

// Selects x where x % modulus == remainder (modulus 0: none, 1: all), or
// where it is not (invert).
struct Selects {
  std::int64_t modulus, remainder;
  bool invert = false;
  KOKKOS_INLINE_FUNCTION bool operator()(std::int64_t x) const {
    return (modulus != 0 && (x % modulus + modulus) % modulus == remainder) != invert;
  }
};

// The same selection of 4-byte values (floats hold these integers exactly).
template <class T>
struct SelectsOf {
  Selects selects;
  KOKKOS_INLINE_FUNCTION bool operator()(T x) const {
    return selects(static_cast<std::int64_t>(x));
  }
};

const std::vector<Selects> kSelections = {{0, 0}, {1, 0}, {2, 0}, {2, 1}, {100, 7}, {100000, 5}};

std::vector<std::int64_t> values(std::int64_t n) {
  std::vector<std::int64_t> x(n);
  for (std::int64_t i = 0; i < n; ++i) x[i] = i * 3 + 1;  // alternately odd and even
  return x;
}

template <class Space>
void check_compaction(std::int64_t n) {
  const auto x = values(n);
  for (const Selects& pred : kSelections) {
    std::vector<std::int64_t> kept, where;
    for (std::int64_t i = 0; i < n; ++i) {
      if (pred(x[i])) {
        kept.push_back(x[i]);
        where.push_back(i);
      }
    }
    const std::int64_t count = static_cast<std::int64_t>(kept.size());
    for (const Shape shape : kShapes) {
      for (const kp::CopyIfAlgorithm a :
           {kp::CopyIfAlgorithm::automatic, kp::CopyIfAlgorithm::kokkos,
            kp::CopyIfAlgorithm::decoupled_lookback}) {
        INFO("n " << n << ", select x % " << pred.modulus << " == " << pred.remainder << ", "
                  << shape_name(shape) << ", " << kp::name(a));
        const auto in = to_space<Space>(x, shape);
        auto out = to_space<Space>(std::vector<std::int64_t>(n, -1), shape);
        CHECK(kp::copy_if(Space(), in, out, pred, a) == count);
        auto got = to_host<Space>(out);
        CHECK(std::vector<std::int64_t>(got.begin(), got.begin() + count) == kept);
        CHECK(std::vector<std::int64_t>(got.begin() + count, got.end()) ==
              std::vector<std::int64_t>(n - count, -1));
        auto index = to_space<Space>(std::vector<std::int32_t>(n, -1), shape);
        CHECK(kp::copy_index_if(Space(), in, index, pred, a) == count);
        const auto indices = to_host<Space>(index);
        CHECK(std::vector<std::int64_t>(indices.begin(), indices.begin() + count) == where);
        // Room for half: the first half written, the count still whole.
        const std::int64_t room = count / 2;
        auto short_out = to_space<Space>(std::vector<std::int64_t>(room, -1), shape);
        CHECK(kp::copy_if(Space(), in, short_out, pred, a) == count);
        CHECK(to_host<Space>(short_out) ==
              std::vector<std::int64_t>(kept.begin(), kept.begin() + room));
      }
    }
  }
}

// 4-byte values `offset` elements into an allocation (offsets 1 to 3 leave
// them off 16-byte alignment): x[i] = 3i + 1, every selection, the values
// and their indices (32- and 64-bit), and an output with room for half.
template <class Space, class T>
void check_offset(std::int64_t n, std::int64_t offset) {
  using Memory = typename Space::memory_space;
  const std::vector<Selects> selections = {{0, 0}, {1, 0},   {2, 0},         {2, 1},
                                           {3, 2}, {100, 7}, {100, 7, true}, {100000, 5}};
  // Before the offset, values every selection keeps, which must not leak in.
  Kokkos::View<T*, Memory> storage("storage", n + offset);
  const auto host = Kokkos::create_mirror_view(storage);
  for (std::int64_t i = 0; i < offset; ++i) host(i) = T(0);
  for (std::int64_t i = 0; i < n; ++i) host(offset + i) = static_cast<T>(i * 3 + 1);
  Kokkos::deep_copy(storage, host);
  const auto in = Kokkos::subview(storage, std::make_pair(offset, offset + n));
  for (const Selects& selects : selections) {
    const SelectsOf<T> pred{selects};
    std::vector<T> kept;
    std::vector<std::int64_t> where;
    for (std::int64_t i = 0; i < n; ++i) {
      if (pred(host(offset + i))) {
        kept.push_back(host(offset + i));
        where.push_back(i);
      }
    }
    const auto count = static_cast<std::int64_t>(kept.size());
    INFO("n " << n << ", offset " << offset << ", select x % " << selects.modulus
              << (selects.invert ? " != " : " == ") << selects.remainder);
    Kokkos::View<T*, Memory> out("out", n);
    Kokkos::deep_copy(out, T(-1));
    CHECK(kp::copy_if(Space(), in, out, pred) == count);
    const auto got = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), out);
    CHECK(std::vector<T>(got.data(), got.data() + count) == kept);
    CHECK(std::vector<T>(got.data() + count, got.data() + n) == std::vector<T>(n - count, T(-1)));
    Kokkos::View<std::int32_t*, Memory> index32("index32", n);
    CHECK(kp::copy_index_if(Space(), in, index32, pred) == count);
    const auto got32 = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), index32);
    CHECK(std::vector<std::int64_t>(got32.data(), got32.data() + count) == where);
    Kokkos::View<std::int64_t*, Memory> index64("index64", n);
    CHECK(kp::copy_index_if(Space(), in, index64, pred) == count);
    const auto got64 = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), index64);
    CHECK(std::vector<std::int64_t>(got64.data(), got64.data() + count) == where);
    const std::int64_t room = count / 2 + 1 < n ? count / 2 + 1 : n;
    Kokkos::View<T*, Memory> short_out("short_out", room);
    Kokkos::deep_copy(short_out, T(-1));
    CHECK(kp::copy_if(Space(), in, short_out, pred) == count);
    const auto got_short = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), short_out);
    const std::int64_t written = count < room ? count : room;
    CHECK(std::vector<T>(got_short.data(), got_short.data() + written) ==
          std::vector<T>(kept.begin(), kept.begin() + written));
  }
}

}  // namespace

TEMPLATE_LIST_TEST_CASE("kp copy_if keeps the selected elements in order", "[kp][copy_if]",
                        Spaces) {
  using Space = TestType;
  for (const std::int64_t n : kEdgeSizes) check_compaction<Space>(n);
  constexpr std::int64_t tile = kp::impl::HostScanTuning::lookback_tile;
  for (const std::int64_t n : {tile + 1, 3 * tile + 6}) check_compaction<Space>(n);
}

// The space's own tiles (on CUDA: 16-byte loads of whole, aligned tiles,
// each warp's run of them, and the last, partial tile), 4-byte values.
TEMPLATE_LIST_TEST_CASE("kp copy_if of 4-byte values around the tile edges, aligned or not",
                        "[kp][copy_if]", Spaces) {
  using Space = TestType;
  const std::int64_t tile = kp::impl::compact_plan<Space, std::int32_t>(1).tile;
  const bool gpu = kp::impl::is_gpu_space<Space>();
  std::vector<std::int64_t> sizes = {1, 31, 32, 33, tile - 1, tile, tile + 1, 2 * tile + 37};
  // GPUs: a warp's run of a tile of 8 warps, and more tiles than a warp's
  // look-back window of 32, at every 4-byte offset from 16-byte alignment.
  // Hosts copy no runs: their tiles, aligned and not.
  if (gpu) {
    const std::int64_t warp_run = tile / 8;
    sizes.insert(sizes.end(), {warp_run - 1, warp_run, warp_run + 1, 40 * tile + 17});
  }
  const int offsets = gpu ? 5 : 2;
  for (const std::int64_t n : sizes) {
    for (std::int64_t offset = 0; offset < offsets; ++offset) {
      check_offset<Space, std::int32_t>(n, offset);
      if (offset < 2) check_offset<Space, float>(n, offset);
    }
  }
}

#if defined(KOKKOS_ENABLE_OPENMP)
TEST_CASE("kp copy_if staged through scratch by teams of two threads", "[kp][copy_if]") {
  using Space = Kokkos::OpenMP;
  if (Space().concurrency() < 2) SKIP("needs 2 OpenMP threads");
  for (const std::int64_t n : {1, 9, 10, 11, 1000, 100003}) {
    const auto x = values(n);
    for (const Selects& pred : kSelections) {
      std::vector<std::int64_t> kept;
      for (const std::int64_t v : x) {
        if (pred(v)) kept.push_back(v);
      }
      for (const int items : {1, 5, 64}) {
        INFO("n " << n << ", select x % " << pred.modulus << " == " << pred.remainder << ", items "
                  << items);
        const auto plan = kp::impl::make_tile_plan(n, 2, items);
        const auto in = to_space<Space>(x, Shape::contiguous);
        auto out = to_space<Space>(std::vector<std::int64_t>(n, -1), Shape::contiguous);
        const std::int64_t count = kp::impl::compact<kp::impl::EmitValue>(
            "test", Space(), in, out, pred, kp::impl::Algorithm::decoupled_lookback, &plan);
        CHECK(count == static_cast<std::int64_t>(kept.size()));
        const auto got = to_host<Space>(out);
        CHECK(std::vector<std::int64_t>(got.begin(), got.begin() + count) == kept);
      }
    }
  }
}
#endif
