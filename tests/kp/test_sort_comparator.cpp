// kp::sort and kp::sort_by_key with a comparator on every enabled space:
// records ordered by one field descending then another ascending, floats by
// magnitude, integers by a few of their bits (many ties), each against
// std::stable_sort with the same comparator, exactly (stability: the
// records carry their input position); sizes 0, 1 and around the tile
// edges; strided and offset Views; small plans that make many merge passes
// whose shares cross pairs of runs; the refusals.
#include <algorithm>
#include <catch2/catch_template_test_macros.hpp>
#include <catch2/catch_test_macros.hpp>
#include <cstdint>
#include <random>
#include <stdexcept>
#include <vector>

#include <kp/impl/agent/segment_sort.hpp>
#include <kp/sort.hpp>

#include "helpers.hpp"

namespace {

using kp::test::Shape;

struct Record {
  std::int32_t group;  // few values
  float weight;        // few values
  std::uint32_t position;
  bool operator==(const Record&) const = default;
};

// By group descending, then by weight ascending; ties keep their order.
struct GroupDownWeightUp {
  KOKKOS_INLINE_FUNCTION bool operator()(const Record& a, const Record& b) const {
    if (a.group != b.group) return a.group > b.group;
    return a.weight < b.weight;
  }
};

// Floats by magnitude, larger first (not the natural <; -x and x tie).
struct ByMagnitudeDown {
  KOKKOS_INLINE_FUNCTION bool operator()(float a, float b) const {
    return (a < 0 ? -a : a) > (b < 0 ? -b : b);
  }
};

// Integers by their low 4 bits only.
struct LowBits {
  KOKKOS_INLINE_FUNCTION bool operator()(std::int64_t a, std::int64_t b) const {
    return (a & 15) < (b & 15);
  }
};

std::vector<Record> make_records(std::int64_t n, std::uint64_t seed) {
  std::mt19937_64 random(seed);
  std::vector<Record> records(static_cast<std::size_t>(n));
  for (std::size_t i = 0; i < records.size(); ++i) {
    const std::uint64_t r = random();
    records[i] = {static_cast<std::int32_t>(r % 7) - 3, static_cast<float>((r >> 8) % 5) / 2,
                  static_cast<std::uint32_t>(i)};
  }
  return records;
}

template <class T, class Comp>
std::vector<T> stable_sorted(std::vector<T> v, const Comp& comp) {
  std::stable_sort(v.begin(), v.end(), comp);
  return v;
}

template <class Space>
void check_records(std::int64_t n, Shape shape) {
  INFO("n " << n << ", " << kp::test::shape_name(shape));
  const std::vector<Record> records = make_records(n, static_cast<std::uint64_t>(n) + 5);
  auto view = kp::test::to_space<Space>(records, shape);
  kp::sort(Space(), view, GroupDownWeightUp{});
  CHECK(kp::test::to_host<Space>(view) == stable_sorted(records, GroupDownWeightUp{}));
}

template <class Space>
void check_pairs(std::int64_t n, Shape shape) {
  INFO("n " << n << ", " << kp::test::shape_name(shape));
  std::mt19937_64 random(static_cast<std::uint64_t>(n) * 3 + 1);
  std::vector<std::int64_t> keys(static_cast<std::size_t>(n));
  std::vector<std::uint16_t> values(keys.size());
  for (std::size_t i = 0; i < keys.size(); ++i) {
    keys[i] = static_cast<std::int64_t>(random());
    values[i] = static_cast<std::uint16_t>(i);
  }
  std::vector<std::size_t> order(keys.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return LowBits{}(keys[a], keys[b]); });
  auto k = kp::test::to_space<Space>(keys, shape);
  auto v = kp::test::to_space<Space>(values, shape);
  kp::sort_by_key(Space(), k, v, LowBits{});
  const auto got_keys = kp::test::to_host<Space>(k);
  const auto got_values = kp::test::to_host<Space>(v);
  bool follows = true;
  for (std::size_t i = 0; i < order.size(); ++i) {
    follows = follows && got_keys[i] == keys[order[i]] &&
              got_values[i] == static_cast<std::uint16_t>(order[i]);
  }
  CHECK(follows);
}

}  // namespace

TEMPLATE_LIST_TEST_CASE("sort by a comparator is std::stable_sort's order, at tile edges",
                        "[sort][comparator]", kp::test::Spaces) {
  using Space = TestType;
  for (const std::int64_t n : kp::test::kEdgeSizes) check_records<Space>(n, Shape::contiguous);
  for (const std::int64_t n : {1023, 1024, 1025, 3000, 16383, 16384, 16385, 40000, 300001}) {
    check_records<Space>(n, Shape::contiguous);
  }
}

TEMPLATE_LIST_TEST_CASE("sort by a comparator in every View shape", "[sort][comparator]",
                        kp::test::Spaces) {
  using Space = TestType;
  for (const Shape shape : kp::test::kShapes) {
    for (const std::int64_t n : {0, 1, 2, 33, 2049, 70001}) {
      check_records<Space>(n, shape);
      check_pairs<Space>(n, shape);
    }
  }
}

TEMPLATE_LIST_TEST_CASE("sort of floats by magnitude and of integers by a comparator",
                        "[sort][comparator]", kp::test::Spaces) {
  using Space = TestType;
  std::mt19937_64 random(42);
  std::vector<float> floats(50001);
  for (auto& x : floats)
    x = static_cast<float>(static_cast<std::int64_t>(random() % 2001) - 1000) / 8;
  auto view = kp::test::to_space<Space>(floats, Shape::contiguous);
  kp::sort(Space(), view, ByMagnitudeDown{});
  CHECK(kp::test::to_host<Space>(view) == stable_sorted(floats, ByMagnitudeDown{}));
  // Arithmetic keys with a comparator take the merge sort, stable by it.
  std::vector<std::int64_t> ints(30000);
  for (auto& x : ints) x = static_cast<std::int64_t>(random() >> 20);
  auto iview = kp::test::to_space<Space>(ints, Shape::strided);
  kp::sort(Space(), iview, LowBits{});
  CHECK(kp::test::to_host<Space>(iview) == stable_sorted(ints, LowBits{}));
}

namespace {

// Small plans that make many passes: teams of `team` threads of 3 items,
// tiles of 96 (on host spaces a team of one thread: the GPU's team sort and
// its chunked merges, run by one thread); or (host) threads' tiles of 100
// in runs of 4 and shares of 37.
template <class Space, class K, class V>
kp::impl::merge_sort::MergePlan small_plan(std::int64_t n, bool teams) {
  using namespace kp::impl::merge_sort;
  MergePlan plan = merge_plan<Space, K, V>(Space(), n);
  if (teams) {
    plan.teams = true;
    plan.team = kp::impl::is_gpu_space<Space>() ? 32 : 1;
    plan.items = 3;
    plan.tile = 96;
    plan.chunk = 3;
    plan.level = 0;
    plan.shared = 2 * buffer_bytes<K, V>(plan.tile);
  } else {
    plan.tile = 100;
    plan.chunk = 37;
    plan.run = 4;
  }
  return plan;
}

template <class Space>
std::vector<bool> small_plan_kinds() {
  if (kp::impl::is_gpu_space<Space>()) return {true};
  return {false, true};
}

}  // namespace

TEMPLATE_LIST_TEST_CASE("merge sort by small plans: many passes, shares crossing pairs",
                        "[sort][comparator]", kp::test::Spaces) {
  using Space = TestType;
  using namespace kp::impl::merge_sort;
  const Space space;
  for (const bool teams : small_plan_kinds<Space>()) {
    for (const std::int64_t n : {2, 95, 96, 97, 1000, 4099, 20011}) {
      INFO("n " << n << (teams ? ", team plan" : ", thread plan"));
      const std::vector<Record> records = make_records(n, 9);
      Kokkos::View<Record*, typename Space::memory_space> view("records", n);
      auto mirror = Kokkos::create_mirror_view(view);
      std::copy(records.begin(), records.end(), mirror.data());
      Kokkos::deep_copy(view, mirror);
      Buffers<Record, NoValue> data;
      data.keys = view.data();
      merge_sort(space, data, n, GroupDownWeightUp{}, small_plan<Space, Record, NoValue>(n, teams));
      Kokkos::deep_copy(mirror, view);
      CHECK(std::vector<Record>(mirror.data(), mirror.data() + n) ==
            stable_sorted(records, GroupDownWeightUp{}));
    }
  }
}

TEMPLATE_LIST_TEST_CASE("tile sorts of segments, with values: a team or a thread a segment",
                        "[sort][comparator]", kp::test::Spaces) {
  using Space = TestType;
  using namespace kp::impl::merge_sort;
  using Memory = typename Space::memory_space;
  const Space space;
  // Segments of 3 to 300 sorted (a team: those over its tile of 96 by
  // parts, then merged in global memory); the one of 2 and the longer one
  // (350) left as they are.
  const std::vector<std::int64_t> offsets = {0, 0, 1, 3, 50, 146, 243, 443, 443, 539, 889};
  const std::int64_t n = offsets.back();
  const std::vector<Record> records = make_records(n, 17);
  std::vector<Record> want = records;
  for (std::size_t s = 0; s + 1 < offsets.size(); ++s) {
    const std::int64_t len = offsets[s + 1] - offsets[s];
    if (len >= 3 && len <= 300) {
      std::stable_sort(want.begin() + offsets[s], want.begin() + offsets[s + 1],
                       GroupDownWeightUp{});
    }
  }
  for (const bool teams : {false, true}) {  // GPU: threads take the short segments
    INFO((teams ? "team plan" : "thread plan"));
    auto keys = kp::test::to_space<Space>(records, Shape::contiguous);
    std::vector<std::uint32_t> positions(records.size());
    for (std::size_t i = 0; i < positions.size(); ++i) positions[i] = records[i].position;
    auto values = kp::test::to_space<Space>(positions, Shape::contiguous);
    const auto offs = kp::test::to_space<Space>(offsets, Shape::contiguous);
    Kokkos::View<Record*, Memory> other_keys("other", n);
    Kokkos::View<std::uint32_t*, Memory> other_values("other values", n);
    const Buffers<Record, std::uint32_t> data{keys.data(), values.data()};
    const Buffers<Record, std::uint32_t> other{other_keys.data(), other_values.data()};
    sort_tiles(space, data, other, SegmentBounds<decltype(offs)>{offs},
               static_cast<std::int64_t>(offsets.size()) - 1, 3, 300,
               small_plan<Space, Record, std::uint32_t>(n, teams), GroupDownWeightUp{});
    space.fence();
    const auto got = kp::test::to_host<Space>(keys);
    const auto moved = kp::test::to_host<Space>(values);
    CHECK(got == want);
    bool follows = true;
    for (std::size_t i = 0; i < got.size(); ++i) follows = follows && moved[i] == got[i].position;
    CHECK(follows);
  }
}

TEMPLATE_LIST_TEST_CASE("sort_by_key by a comparator refuses values of another length",
                        "[sort][comparator]", kp::test::Spaces) {
  using Space = TestType;
  Kokkos::View<std::int64_t*, typename Space::memory_space> keys("keys", 10);
  Kokkos::View<float*, typename Space::memory_space> values("values", 9);
  CHECK_THROWS_AS(kp::sort_by_key(Space(), keys, values, LowBits{}), std::invalid_argument);
}
