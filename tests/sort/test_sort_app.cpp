// The sort app's own pieces: the total order its checks use (floats: -NaN <
// -inf < -0.0 < +0.0 < +inf < +NaN), the reference and its checks, the limits
// of Kokkos' BinSort, and every variant on every enabled space on small
// inputs of every key type.
#include <bit>
#include <catch2/catch_template_test_macros.hpp>
#include <catch2/catch_test_macros.hpp>
#include <catch2/generators/catch_generators.hpp>
#include <catch2/matchers/catch_matchers_string.hpp>
#include <cmath>
#include <cstdint>
#include <limits>
#include <tuple>
#include <vector>

#include "common/run_variants.hpp"
#include "common/spaces.hpp"
#include "harness/usage.hpp"
#include "sort/order.hpp"
#include "sort/sort_app.hpp"

using namespace bench;
using namespace bench::sort;

namespace {

template <class T>
T with_bits(Image<T> bits) {
  return std::bit_cast<T>(bits);
}

// The float keys of the total order, smallest first.
template <class T>
std::vector<T> ordered_specials() {
  using limits = std::numeric_limits<T>;
  using U = Image<T>;
  const U quiet = std::bit_cast<U>(limits::quiet_NaN());
  const U sign = sign_bit<T>();
  return {with_bits<T>(static_cast<U>(quiet | sign | 5)),  // -NaN, larger payload first
          with_bits<T>(static_cast<U>(quiet | sign)),
          -limits::infinity(),
          -limits::max(),
          T(-1),
          -limits::denorm_min(),
          -T(0),
          T(0),
          limits::denorm_min(),
          T(1),
          limits::max(),
          limits::infinity(),
          with_bits<T>(quiet),
          with_bits<T>(static_cast<U>(quiet | 5))};  // +NaN, larger payload last
}

template <class T>
Input<T> input_of(std::vector<T> keys, Order order) {
  return input_from_values(std::move(keys), order);
}

}  // namespace

TEMPLATE_TEST_CASE("sort: the float total order: -NaN < -inf < -0.0 < +0.0 < +inf < +NaN", "[sort]",
                   float, double) {
  const std::vector<TestType> keys = ordered_specials<TestType>();
  const Order ascending{kKeyBits<TestType>, false}, descending{kKeyBits<TestType>, true};
  for (std::size_t i = 0; i + 1 < keys.size(); ++i) {
    INFO("keys " << i << " and " << i + 1);
    CHECK(order_image(keys[i]) < order_image(keys[i + 1]));
    CHECK(ascending.before(keys[i], keys[i + 1]));
    CHECK_FALSE(ascending.before(keys[i + 1], keys[i]));
    CHECK(descending.before(keys[i + 1], keys[i]));
    // The image is a bijection: from_image takes it back, bit for bit.
    CHECK(std::bit_cast<Image<TestType>>(from_image<TestType>(order_image(keys[i]))) ==
          std::bit_cast<Image<TestType>>(keys[i]));
  }
  CHECK_FALSE(ascending.is_natural<TestType>());
}

TEST_CASE("sort: integer images keep the integers' order", "[sort]") {
  CHECK(order_image(std::int32_t{-1}) < order_image(std::int32_t{0}));
  CHECK(order_image(std::numeric_limits<std::int64_t>::min()) == 0);
  CHECK(order_image(std::numeric_limits<std::int64_t>::max()) == ~std::uint64_t{0});
  CHECK(order_image(std::uint8_t{200}) == 200);
  CHECK(from_image<std::int32_t>(order_image(std::int32_t{-12345})) == -12345);
  const Order whole{32, false};
  CHECK(whole.is_natural<std::int32_t>());
  // By the low 4 bits only: 0x13 and 0x23 tie, 0x0f goes after both.
  const Order low{4, false};
  CHECK(low.rank(std::uint32_t{0x13}) == low.rank(std::uint32_t{0x23}));
  CHECK(low.before(std::uint32_t{0x23}, std::uint32_t{0x0f}));
  CHECK_FALSE(low.is_natural<std::uint32_t>());
}

TEST_CASE("sort: the reference is the stable sort, in both orders and by bits", "[sort]") {
  SECTION("ascending: equal keys keep their input order") {
    const auto input = input_of<std::int32_t>({3, -1, 3, 0, -1}, {32, false});
    CHECK(std::vector<std::int32_t>(input.reference.data(), input.reference.data() + 5) ==
          std::vector<std::int32_t>{-1, -1, 0, 3, 3});
    CHECK(std::vector<std::uint32_t>(input.permutation.data(), input.permutation.data() + 5) ==
          std::vector<std::uint32_t>{1, 4, 3, 0, 2});
  }
  SECTION("descending is stable too: it does not reverse equal keys") {
    const auto input = input_of<std::int32_t>({3, -1, 3, 0, -1}, {32, true});
    CHECK(std::vector<std::uint32_t>(input.permutation.data(), input.permutation.data() + 5) ==
          std::vector<std::uint32_t>{0, 2, 3, 1, 4});
  }
  SECTION("by the low 4 bits") {
    const auto input = input_of<std::uint32_t>({0x21, 0x12, 0x11, 0x02}, {4, false});
    CHECK(std::vector<std::uint32_t>(input.permutation.data(), input.permutation.data() + 4) ==
          std::vector<std::uint32_t>{0, 2, 1, 3});
  }
  SECTION("floats: the total order, and what the keys hold") {
    std::vector<float> keys = ordered_specials<float>();
    std::reverse(keys.begin(), keys.end());
    const auto input = input_of(keys, {32, false});
    const auto expected = ordered_specials<float>();
    for (std::size_t i = 0; i < expected.size(); ++i) {
      CHECK(std::bit_cast<std::uint32_t>(input.reference(i)) ==
            std::bit_cast<std::uint32_t>(expected[i]));
    }
    CHECK(input.has_nan);
    CHECK(input.has_inf);
    CHECK(input.both_zeros);
  }
}

TEST_CASE("sort: the checks compare bits and name the first mismatch", "[sort]") {
  const auto input = input_of<float>({0.0f, -0.0f, 1.0f}, {32, false});
  Kokkos::View<float*, Kokkos::HostSpace> keys("keys", 3);
  keys(0) = -0.0f, keys(1) = 0.0f, keys(2) = 1.0f;
  CHECK(check_keys(input, keys).pass);
  // +0.0 == -0.0 as numbers, but not as bits: the order checked puts -0.0 first.
  keys(0) = 0.0f, keys(1) = -0.0f;
  const Check swapped = check_keys(input, keys);
  CHECK_FALSE(swapped.pass);
  CHECK_THAT(swapped.detail, Catch::Matchers::ContainsSubstring("first mismatch at index 0"));
  // Values of equal keys out of their input order: the unstable result fails.
  const auto ties = input_of<std::uint16_t>({7, 7, 1}, {16, false});
  Kokkos::View<std::uint32_t*, Kokkos::HostSpace> values("values", 3);
  values(0) = 2, values(1) = 1, values(2) = 0;
  CHECK_FALSE(check_values(ties, values).pass);
  values(1) = 0, values(2) = 1;
  CHECK(check_values(ties, values).pass);
}

TEST_CASE("sort: --dist nan is for floats only", "[sort]") {
  CHECK_THROWS_AS(make_input<std::int64_t>(10, Dist::nan, {64, false}), UsageError);
  const auto input = make_input<double>(1000, Dist::nan, {64, false});
  CHECK(input.has_nan);
  CHECK(input.both_zeros);
}

TEST_CASE("sort: Kokkos' BinSort is left out where it cannot sort the keys", "[sort]") {
  const Order order{64, false};
  CHECK(binsort_limit(make_input<std::uint32_t>(1 << 12, Dist::uniform, order)).empty());
  CHECK(binsort_limit(make_input<float>(1 << 12, Dist::uniform, order)).empty());
  CHECK(binsort_limit(make_input<std::uint32_t>(1 << 12, Dist::equal, order)).empty());
  // 16 values in 2048 bins: a bubble sort of 256 keys a bin.
  CHECK_THAT(binsort_limit(make_input<std::uint32_t>(1 << 12, Dist::few, order)),
             Catch::Matchers::ContainsSubstring("bubble sort"));
  // The whole int32 range: BinSort's max - min overflows.
  CHECK_THAT(binsort_limit(make_input<std::int32_t>(1 << 12, Dist::uniform, order)),
             Catch::Matchers::ContainsSubstring("overflows"));
  CHECK_THAT(binsort_limit(make_input<double>(1 << 12, Dist::nan, order)),
             Catch::Matchers::ContainsSubstring("NaN or infinite"));
}

namespace {

// Every variant of the app (those the input allows) on one space.
template <class Space, class T>
void require_variants_pass(std::uint64_t n, Dist dist, Order order) {
  INFO("n = " << n << ", bits = " << order.bits << (order.descending ? ", descending" : ""));
  const auto input = make_input<T>(n, dist, order);
  // The rows the app builds for such a run: those that can express it.
  const RunFacts facts = facts_of(input, true);
  Selection selection;
  for (const std::string& name : SortApp().variant_names()) {
    if (variant_limit(name, is_gpu_space<Space>(), facts).empty()) {
      selection.variants.push_back(name);
    }
  }
  const SpaceCase c = make_typed_case<Space>(input, selection);
  bench::test::require_all_pass(c);
  if (n > 0) bench::test::require_poison_detected(c);
}

}  // namespace

TEMPLATE_LIST_TEST_CASE("sort: every variant passes on small inputs", "[sort]",
                        bench::test::Spaces) {
  using Space = TestType;
  const std::uint64_t n = GENERATE(0, 1, 2, 1000, 70001);
  SECTION("uint32, every distribution") {
    for (const Dist dist : {Dist::uniform, Dist::few, Dist::sorted, Dist::reversed, Dist::equal}) {
      require_variants_pass<Space, std::uint32_t>(n, dist, {32, false});
    }
  }
  SECTION("every key type, both orders") {
    const bool descending = GENERATE(false, true);
    require_variants_pass<Space, std::uint8_t>(n, Dist::uniform, {8, descending});
    require_variants_pass<Space, std::uint16_t>(n, Dist::few, {16, descending});
    require_variants_pass<Space, std::int32_t>(n, Dist::uniform, {32, descending});
    require_variants_pass<Space, std::uint64_t>(n, Dist::uniform, {64, descending});
    require_variants_pass<Space, std::int64_t>(n, Dist::few, {64, descending});
    require_variants_pass<Space, float>(n, Dist::nan, {32, descending});
    require_variants_pass<Space, double>(n, Dist::uniform, {64, descending});
  }
  SECTION("a bit range") {
    const bool descending = GENERATE(false, true);
    require_variants_pass<Space, std::uint32_t>(n, Dist::uniform, {12, descending});
    require_variants_pass<Space, std::int64_t>(n, Dist::uniform, {40, descending});
    require_variants_pass<Space, double>(n, Dist::nan, {0, descending});
  }
}
