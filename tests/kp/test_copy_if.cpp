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

// Selects x where x % modulus == remainder (modulus 0: none, 1: all).
struct Selects {
  std::int64_t modulus, remainder;
  KOKKOS_INLINE_FUNCTION bool operator()(std::int64_t x) const {
    return modulus != 0 && (x % modulus + modulus) % modulus == remainder;
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

}  // namespace

TEMPLATE_LIST_TEST_CASE("kp copy_if keeps the selected elements in order", "[kp][copy_if]",
                        Spaces) {
  using Space = TestType;
  for (const std::int64_t n : kEdgeSizes) check_compaction<Space>(n);
  constexpr std::int64_t tile = kp::impl::kHostLookbackTile;
  for (const std::int64_t n : {tile + 1, 3 * tile + 6}) check_compaction<Space>(n);
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
