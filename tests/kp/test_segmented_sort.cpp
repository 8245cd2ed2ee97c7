// kp::segmented_sort on every enabled space: each segment against
// std::stable_sort in kp::sort's order (written here from the documented
// order), keys alone and with values (their input positions: the stable
// permutation), both directions; empty and one-key segments, many small
// ones, lengths around a GPU team's tile and the host thread's bound, one
// huge segment (the radix path) among small ones, segments that leave keys
// outside, strided Views; bad offsets and lengths refused before any work.
#include <algorithm>
#include <catch2/catch_template_test_macros.hpp>
#include <catch2/catch_test_macros.hpp>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <stdexcept>
#include <vector>

#include <kp/segmented_sort.hpp>

#include "helpers.hpp"

namespace {

using kp::test::Shape;

// The documented order (no NaN here): -0.0 before +0.0.
template <class T>
bool before(T a, T b) {
  if constexpr (std::is_floating_point_v<T>) {
    if (a != b) return a < b;
    return std::signbit(a) && !std::signbit(b);
  } else {
    return a < b;
  }
}

template <class T>
std::vector<T> make_keys(std::int64_t n, std::uint64_t seed) {
  std::mt19937_64 random(seed);
  std::vector<T> keys(static_cast<std::size_t>(n));
  for (auto& key : keys) {
    const std::uint64_t r = random();
    if constexpr (std::is_floating_point_v<T>) {
      key = r % 16 == 0 ? (r & 32 ? T(-0.0) : T(0.0))
                        : static_cast<T>(static_cast<std::int64_t>(r >> 40) % 200 - 100) / T(4);
    } else {
      key = static_cast<T>(r >> 13);
    }
  }
  return keys;
}

// CSR offsets of segments of the given lengths, from `first`.
std::vector<std::int64_t> offsets_of(const std::vector<std::int64_t>& lengths,
                                     std::int64_t first = 0) {
  std::vector<std::int64_t> offsets = {first};
  for (const std::int64_t length : lengths) offsets.push_back(offsets.back() + length);
  return offsets;
}

// Each segment's stable order, the rest of the positions where they are.
template <class T>
std::vector<std::int64_t> segment_order(const std::vector<T>& keys,
                                        const std::vector<std::int64_t>& offsets, bool descending) {
  std::vector<std::int64_t> order(keys.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = static_cast<std::int64_t>(i);
  for (std::size_t s = 0; s + 1 < offsets.size(); ++s) {
    std::stable_sort(order.begin() + offsets[s], order.begin() + offsets[s + 1],
                     [&](std::int64_t a, std::int64_t b) {
                       return descending ? before(keys[b], keys[a]) : before(keys[a], keys[b]);
                     });
  }
  return order;
}

template <class T>
bool same_bits(T a, T b) {
  return std::memcmp(&a, &b, sizeof(T)) == 0;
}

template <class Space, class T>
void check_segments(const std::vector<std::int64_t>& offsets, std::int64_t n, Shape shape,
                    bool descending) {
  INFO("n " << n << ", " << offsets.size() - 1 << " segments, " << kp::test::shape_name(shape)
            << (descending ? ", descending" : ""));
  const Space space;
  const std::vector<T> keys = make_keys<T>(n, static_cast<std::uint64_t>(n) + offsets.size());
  const auto order = segment_order(keys, offsets, descending);
  const auto offs = kp::test::to_space<Space>(offsets, shape);
  auto sorted = kp::test::to_space<Space>(keys, shape);
  std::vector<std::uint32_t> positions(keys.size());
  for (std::size_t i = 0; i < positions.size(); ++i) positions[i] = static_cast<std::uint32_t>(i);
  auto paired = kp::test::to_space<Space>(keys, shape);
  auto values = kp::test::to_space<Space>(positions, shape);
  if (descending) {
    kp::segmented_sort(space, sorted, offs, kp::descending);
    kp::segmented_sort(space, paired, offs, values, kp::descending);
  } else {
    kp::segmented_sort(space, sorted, offs);
    kp::segmented_sort(space, paired, offs, values);
  }
  const auto got = kp::test::to_host<Space>(sorted);
  const auto got_paired = kp::test::to_host<Space>(paired);
  const auto moved = kp::test::to_host<Space>(values);
  bool keys_ok = true, values_ok = true;
  for (std::size_t i = 0; i < keys.size(); ++i) {
    keys_ok =
        keys_ok && same_bits(got[i], keys[order[i]]) && same_bits(got_paired[i], keys[order[i]]);
    values_ok = values_ok && moved[i] == static_cast<std::uint32_t>(order[i]);
  }
  CHECK(keys_ok);
  CHECK(values_ok);
}

// Random lengths in [0, most], summing to about n.
std::vector<std::int64_t> random_lengths(std::int64_t n, std::int64_t most, std::uint64_t seed) {
  std::mt19937_64 random(seed);
  std::vector<std::int64_t> lengths;
  for (std::int64_t total = 0; total < n;) {
    const std::int64_t length =
        std::min(n - total, static_cast<std::int64_t>(random() % (most + 1)));
    lengths.push_back(length);
    total += length;
  }
  return lengths;
}

}  // namespace

TEMPLATE_LIST_TEST_CASE("segmented_sort of no, empty and one-key segments", "[segmented_sort]",
                        kp::test::Spaces) {
  using Space = TestType;
  for (const bool descending : {false, true}) {
    check_segments<Space, float>({}, 0, Shape::contiguous, descending);
    check_segments<Space, float>({0}, 0, Shape::contiguous, descending);
    check_segments<Space, float>({0, 0, 0}, 0, Shape::contiguous, descending);
    check_segments<Space, std::int32_t>({0, 1}, 1, Shape::contiguous, descending);
    check_segments<Space, std::int32_t>(offsets_of({0, 1, 0, 0, 1, 2, 0, 1}), 5, Shape::contiguous,
                                        descending);
  }
}

TEMPLATE_LIST_TEST_CASE("segmented_sort of many small and tile-edge segments", "[segmented_sort]",
                        kp::test::Spaces) {
  using Space = TestType;
  for (const bool descending : {false, true}) {
    const auto small = random_lengths(20000, 40, 1);
    check_segments<Space, float>(offsets_of(small), 20000, Shape::contiguous, descending);
    const auto medium = random_lengths(60000, 2500, 2);
    check_segments<Space, std::int32_t>(offsets_of(medium), 60000, Shape::contiguous, descending);
    check_segments<Space, std::uint8_t>(offsets_of({1023, 1024, 1025, 2047, 2049, 1, 0, 7}), 7176,
                                        Shape::contiguous, descending);
  }
  // Around the host thread's bound (65536).
  check_segments<Space, double>(offsets_of({65535, 65536, 65537, 3}), 196611, Shape::contiguous,
                                false);
}

TEMPLATE_LIST_TEST_CASE("segmented_sort of one huge segment among small ones, keys outside",
                        "[segmented_sort]", kp::test::Spaces) {
  using Space = TestType;
  check_segments<Space, std::int64_t>({0, 300000}, 300000, Shape::contiguous, false);
  check_segments<Space, float>(offsets_of({5, 200000, 3, 0, 100, 40000}, 7), 240200,
                               Shape::contiguous, true);
}

TEMPLATE_LIST_TEST_CASE("segmented_sort of strided and offset Views", "[segmented_sort]",
                        kp::test::Spaces) {
  using Space = TestType;
  for (const Shape shape : kp::test::kShapes) {
    const auto lengths = random_lengths(30000, 3000, 3);
    check_segments<Space, float>(offsets_of(lengths), 30000, shape, false);
    check_segments<Space, std::int16_t>(offsets_of({2, 70000, 9}, 1), 70015, shape, true);
  }
}

TEMPLATE_LIST_TEST_CASE("segmented_sort refuses bad offsets and lengths before any work",
                        "[segmented_sort]", kp::test::Spaces) {
  using Space = TestType;
  const Space space;
  const std::vector<std::int32_t> keys = {5, 4, 3, 2, 1, 0, -1, -2, -3, -4};
  auto view = kp::test::to_space<Space>(keys, Shape::contiguous);
  for (const auto& bad : std::vector<std::vector<std::int64_t>>{
           {0, 5, 4}, {0, 11}, {-1, 3}, {2, 12, 12}, {0, 3, 2, 10}}) {
    const auto offsets = kp::test::to_space<Space>(bad, Shape::contiguous);
    CHECK_THROWS_AS(kp::segmented_sort(space, view, offsets), std::invalid_argument);
    CHECK_THROWS_AS(kp::segmented_sort(space, view, offsets, kp::descending),
                    std::invalid_argument);
  }
  CHECK(kp::test::to_host<Space>(view) == keys);
  const auto offsets = kp::test::to_space<Space>(std::vector<int>{0, 10}, Shape::contiguous);
  const auto values = kp::test::to_space<Space>(std::vector<float>(9), Shape::contiguous);
  CHECK_THROWS_AS(kp::segmented_sort(space, view, offsets, values), std::invalid_argument);
  CHECK(kp::test::to_host<Space>(view) == keys);
}
