// kp::sort, kp::sort_by_key, kp::sort_indices on every enabled space: every
// key type in both directions against std::stable_sort with a comparator
// written from the documented order (not from the library's key images),
// stability, bit ranges, argsort, strided and offset Views, tile edges,
// NaNs, signed zeros and extreme integers, and the refusals.
#include <catch2/catch_template_test_macros.hpp>
#include <catch2/catch_test_macros.hpp>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <stdexcept>
#include <vector>

#include <kp/sort.hpp>

#include "helpers.hpp"

namespace {

using kp::test::Shape;

// The documented order: -NaN < -inf < ... < -0.0 < +0.0 < ... < +inf < +NaN.
template <class T>
bool before(T a, T b) {
  if constexpr (std::is_floating_point_v<T>) {
    const auto group = [](T x) { return std::isnan(x) ? (std::signbit(x) ? 0 : 2) : 1; };
    if (group(a) != group(b)) return group(a) < group(b);
    if (group(a) != 1) return false;  // one NaN of each sign in these tests
    if (a != b) return a < b;
    return std::signbit(a) && !std::signbit(b);
  } else {
    return a < b;
  }
}

template <class T>
bool same_bits(T a, T b) {
  return std::memcmp(&a, &b, sizeof(T)) == 0;
}

// Random keys with many ties, the type's extremes, and for floats NaNs of
// both signs, infinities and signed zeros.
template <class T>
std::vector<T> make_keys(std::int64_t n, std::uint64_t seed) {
  std::mt19937_64 random(seed);
  std::vector<T> keys(static_cast<std::size_t>(n));
  for (auto& key : keys) {
    const std::uint64_t r = random();
    if constexpr (std::is_floating_point_v<T>) {
      const T specials[] = {std::numeric_limits<T>::quiet_NaN(),
                            -std::numeric_limits<T>::quiet_NaN(),
                            std::numeric_limits<T>::infinity(),
                            -std::numeric_limits<T>::infinity(),
                            T(0.0),
                            T(-0.0),
                            std::numeric_limits<T>::denorm_min(),
                            -std::numeric_limits<T>::max()};
      key = r % 16 == 0 ? specials[(r >> 8) % 8]
                        : static_cast<T>(static_cast<std::int64_t>(r >> 40) % 2000 - 1000) / T(8);
    } else {
      const T extremes[] = {std::numeric_limits<T>::min(), std::numeric_limits<T>::max(), T(0)};
      key = r % 16 == 0 ? extremes[(r >> 8) % 3] : static_cast<T>(r >> 7);
    }
  }
  return keys;
}

template <class Space, class T>
std::vector<T> to_host(const kp::test::StridedView<Space, T>& view) {
  Kokkos::View<T*, typename Space::memory_space> contiguous("contiguous", view.extent(0));
  kp::test::copy_elements<Space>(contiguous, view);
  const auto mirror = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), contiguous);
  return std::vector<T>(mirror.data(), mirror.data() + mirror.extent(0));
}

// The stable order of keys as the documented order (descending: reversed,
// ties still in input order).
template <class T>
std::vector<std::int64_t> stable_order(const std::vector<T>& keys, bool descending) {
  std::vector<std::int64_t> order(keys.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = static_cast<std::int64_t>(i);
  std::stable_sort(order.begin(), order.end(), [&](std::int64_t a, std::int64_t b) {
    return descending ? before(keys[b], keys[a]) : before(keys[a], keys[b]);
  });
  return order;
}

template <class T>
bool keys_in_order(const std::vector<T>& got, const std::vector<T>& keys,
                   const std::vector<std::int64_t>& order) {
  for (std::size_t i = 0; i < got.size(); ++i) {
    if (!same_bits(got[i], keys[order[i]])) {
      UNSCOPED_INFO("first difference at " << i << ": " << got[i] << " against " << keys[order[i]]);
      return false;
    }
  }
  return true;
}

template <class Space, class T>
void check_sorts(std::int64_t n, Shape shape, bool descending) {
  INFO("n " << n << ", " << kp::test::shape_name(shape) << (descending ? ", descending" : ""));
  const Space space;
  const std::vector<T> keys = make_keys<T>(n, static_cast<std::uint64_t>(n) * 7 + sizeof(T));
  const auto order = stable_order(keys, descending);

  auto sorted = kp::test::to_space<Space>(keys, shape);
  if (descending) {
    kp::sort(space, sorted, kp::descending);
  } else {
    kp::sort(space, sorted);
  }
  CHECK(keys_in_order(to_host<Space>(sorted), keys, order));

  // The values are the input positions: the stable permutation, exactly.
  std::vector<std::uint32_t> positions(keys.size());
  for (std::size_t i = 0; i < positions.size(); ++i) positions[i] = static_cast<std::uint32_t>(i);
  auto paired = kp::test::to_space<Space>(keys, shape);
  auto values = kp::test::to_space<Space>(positions, shape);
  if (descending) {
    kp::sort_by_key(space, paired, values, kp::descending);
  } else {
    kp::sort_by_key(space, paired, values);
  }
  CHECK(keys_in_order(to_host<Space>(paired), keys, order));
  const auto moved = to_host<Space>(values);
  bool stable = true;
  for (std::size_t i = 0; i < moved.size(); ++i) stable = stable && moved[i] == order[i];
  CHECK(stable);

  // Argsort: the same permutation, the keys untouched.
  const auto untouched = kp::test::to_space<Space>(keys, shape);
  auto indices = kp::test::to_space<Space>(std::vector<std::int64_t>(keys.size(), -1), shape);
  if (descending) {
    kp::sort_indices(space, untouched, indices, kp::descending);
  } else {
    kp::sort_indices(space, untouched, indices);
  }
  CHECK(to_host<Space>(indices) == order);
  const auto after = to_host<Space>(untouched);
  bool same = after.size() == keys.size();
  for (std::size_t i = 0; same && i < keys.size(); ++i) same = same_bits(after[i], keys[i]);
  CHECK(same);
}

}  // namespace

using KeyTypes = std::tuple<std::uint8_t, std::int8_t, std::uint16_t, std::int16_t, std::uint32_t,
                            std::int32_t, std::uint64_t, std::int64_t, float, double>;

TEMPLATE_LIST_TEST_CASE("sort, sort_by_key and sort_indices of every key type, both directions",
                        "[sort]", kp::test::Spaces) {
  using Space = TestType;
  const auto each_type = [](auto type) {
    using T = decltype(type);
    for (const std::int64_t n : {std::int64_t{0}, std::int64_t{1}, std::int64_t{2},
                                 std::int64_t{33}, std::int64_t{4097}, std::int64_t{70001}}) {
      for (const bool descending : {false, true})
        check_sorts<Space, T>(n, Shape::contiguous, descending);
    }
  };
  std::apply([&](auto... types) { (each_type(types), ...); }, KeyTypes{});
}

TEMPLATE_LIST_TEST_CASE("sort at tile edges, in every View shape", "[sort]", kp::test::Spaces) {
  using Space = TestType;
  for (const std::int64_t n : kp::test::kEdgeSizes) {
    for (const Shape shape : kp::test::kShapes) {
      check_sorts<Space, float>(n, shape, false);
      check_sorts<Space, std::int32_t>(n, shape, true);
    }
  }
  check_sorts<Space, std::uint64_t>(300000, Shape::contiguous, false);
}

TEMPLATE_LIST_TEST_CASE("sort by a bit range compares those bits only, stably", "[sort]",
                        kp::test::Spaces) {
  using Space = TestType;
  const Space space;
  const std::vector<std::uint32_t> keys = make_keys<std::uint32_t>(50000, 3);
  for (const auto& [begin, end] :
       {std::pair{0, 8}, std::pair{4, 13}, std::pair{20, 32}, std::pair{7, 7}, std::pair{0, 32}}) {
    INFO("bits [" << begin << ", " << end << ")");
    const std::uint32_t mask = end - begin == 32 ? ~0u : ((1u << (end - begin)) - 1u);
    std::vector<std::uint32_t> want = keys;
    std::stable_sort(want.begin(), want.end(), [&](std::uint32_t a, std::uint32_t b) {
      return ((a >> begin) & mask) < ((b >> begin) & mask);
    });
    auto view = kp::test::to_space<Space>(keys, Shape::contiguous);
    kp::sort(space, view, begin, end);
    CHECK(to_host<Space>(view) == want);
    // The argsort by the same bits gives the permutation to those keys.
    auto indices =
        kp::test::to_space<Space>(std::vector<std::int32_t>(keys.size()), Shape::strided);
    kp::sort_indices(space, kp::test::to_space<Space>(keys, Shape::contiguous), indices, begin,
                     end);
    const auto order = to_host<Space>(indices);
    bool permutes = true;
    for (std::size_t i = 0; i < order.size(); ++i) permutes = permutes && keys[order[i]] == want[i];
    CHECK(permutes);
  }
  // Descending by the low byte: equal low bytes keep their order.
  std::vector<std::uint32_t> want = keys;
  std::stable_sort(want.begin(), want.end(),
                   [](std::uint32_t a, std::uint32_t b) { return (a & 255u) > (b & 255u); });
  auto view = kp::test::to_space<Space>(keys, Shape::contiguous);
  kp::sort(space, view, 0, 8, kp::descending);
  CHECK(to_host<Space>(view) == want);
}

TEMPLATE_LIST_TEST_CASE("sort of few distinct, equal, sorted and reversed keys", "[sort]",
                        kp::test::Spaces) {
  using Space = TestType;
  const Space space;
  const std::int64_t n = 100003;
  std::vector<std::vector<std::int64_t>> inputs(4, std::vector<std::int64_t>(n));
  for (std::int64_t i = 0; i < n; ++i) {
    inputs[0][i] = (i * 7919) % 3 - 1;  // three values: most passes skip
    inputs[1][i] = -5;                  // all equal: every pass skips
    inputs[2][i] = i - n / 2;
    inputs[3][i] = n / 2 - i;
  }
  for (const auto& keys : inputs) {
    auto view = kp::test::to_space<Space>(keys, Shape::contiguous);
    std::vector<std::uint32_t> positions(n);
    for (std::int64_t i = 0; i < n; ++i) positions[i] = static_cast<std::uint32_t>(i);
    auto values = kp::test::to_space<Space>(positions, Shape::contiguous);
    kp::sort_by_key(space, view, values);
    const auto order = stable_order(keys, false);
    CHECK(keys_in_order(to_host<Space>(view), keys, order));
    const auto moved = to_host<Space>(values);
    CHECK(std::equal(moved.begin(), moved.end(), order.begin()));
  }
}

namespace {
// A value wider than the 8 bytes the GPU scatter stages in shared memory.
struct Wide {
  std::uint64_t position, check;
  bool operator==(const Wide&) const = default;
};
}  // namespace

TEMPLATE_LIST_TEST_CASE("sort_by_key moves values of any width with their keys", "[sort]",
                        kp::test::Spaces) {
  using Space = TestType;
  const Space space;
  for (const std::int64_t n : {std::int64_t{4095}, std::int64_t{70001}}) {
    INFO("n " << n);
    const std::vector<std::uint16_t> keys = make_keys<std::uint16_t>(n, 11);
    std::vector<Wide> wide(keys.size());
    for (std::size_t i = 0; i < wide.size(); ++i) wide[i] = Wide{i, ~std::uint64_t{i} * 3};
    auto view = kp::test::to_space<Space>(keys, Shape::contiguous);
    auto values = kp::test::to_space<Space>(wide, Shape::contiguous);
    kp::sort_by_key(space, view, values, kp::descending);
    const auto order = stable_order(keys, true);
    CHECK(keys_in_order(to_host<Space>(view), keys, order));
    const auto moved = to_host<Space>(values);
    bool follows = true;
    for (std::size_t i = 0; i < moved.size(); ++i) follows = follows && moved[i] == wide[order[i]];
    CHECK(follows);
  }
}

TEMPLATE_LIST_TEST_CASE("sort refuses bad bit ranges and lengths before any work", "[sort]",
                        kp::test::Spaces) {
  using Space = TestType;
  const Space space;
  Kokkos::View<std::uint16_t*, typename Space::memory_space> keys("keys", 10);
  Kokkos::View<float*, typename Space::memory_space> values("values", 9);
  Kokkos::View<std::int32_t*, typename Space::memory_space> indices("indices", 11);
  CHECK_THROWS_AS(kp::sort(space, keys, 0, 17), std::invalid_argument);
  CHECK_THROWS_AS(kp::sort(space, keys, 9, 8), std::invalid_argument);
  CHECK_THROWS_AS(kp::sort(space, keys, -1, 8), std::invalid_argument);
  CHECK_THROWS_AS(kp::sort_by_key(space, keys, values), std::invalid_argument);
  CHECK_THROWS_AS(kp::sort_indices(space, keys, indices), std::invalid_argument);
}
