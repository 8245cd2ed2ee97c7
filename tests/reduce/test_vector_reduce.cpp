// The device-level vector reduction (primitives/device/vector_reduce.hpp) on
// its own: every split of an array into scalar head, 16-byte packs and scalar
// tail (sizes around the pack width, starts off the 16-byte boundary), many
// teams on few threads (the last-team combine), repeated launches of other
// data (the team counter must reset), and the tail of units that teams take
// at run time. Integer-valued data make every sum exact.
#include <catch2/catch_template_test_macros.hpp>
#include <catch2/catch_test_macros.hpp>
#include <catch2/generators/catch_generators.hpp>
#include <cstdint>
#include <cstring>
#include <utility>
#include <vector>

#include <kp/impl/agent/vector_reduce.hpp>
#include <kp/impl/thread/combine_ops.hpp>
#include "common/spaces.hpp"

using namespace kp;
using kp::impl::View;

namespace {

// Values in [-8, 8], distinct enough that a lost or doubled element changes the sum.
template <class T>
T value_at(std::int64_t i) {
  return static_cast<T>((i * 7919 + 13) % 17 - 8);
}

// Sums x[offset, offset + n) of a device array on Space, `runs` times, and
// compares each result with the host's exact sum. Launch r sums the values
// times r (1, 2, ...), so a partial left from the launch before, or a
// counter not reset, shows. `tail_from` 0 forces a tail of units handed out
// at run time, on any space.
template <class Space, class T>
void require_exact_sum(std::int64_t n, std::int64_t offset, int league = 0, int runs = 1,
                       std::int64_t tail_from = impl::kTailFromPacksOn<Space>) {
  INFO("n = " << n << ", offset = " << offset << ", league = " << league
              << ", sizeof(T) = " << sizeof(T) << ", tail_from = " << tail_from);
  View<T*, Space> storage("storage", n + offset);
  auto host = Kokkos::create_mirror_view(storage);
  const View<const T*, Space> x = Kokkos::subview(storage, std::make_pair(offset, offset + n));
  const View<T*, Space> result("result", 1);
  const auto reduce = impl::make_vector_reduce<Space, impl::Sum<T>>(x, Kokkos::subview(result, 0),
                                                                    league, tail_from);
  if (league > 0) CHECK(reduce.league() == league);
  if (tail_from == 0) {
    REQUIRE(reduce.tail().units > 0);
    // The teams' shares before it are whole rounds of every thread's loads.
    CHECK(reduce.tail().from % (std::int64_t{reduce.league()} * impl::GpuReduceTuning::unroll) ==
          0);
  }
  for (int run = 1; run <= runs; ++run) {
    long double expected = 0;
    for (std::int64_t i = 0; i < n + offset; ++i) {
      host(i) = static_cast<T>(run * value_at<T>(i));
      if (i >= offset) expected += host(i);
    }
    Kokkos::deep_copy(storage, host);
    Kokkos::deep_copy(result, T(99999));  // a poison no sum here reaches
    reduce();
    const auto out = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), result);
    CHECK(static_cast<long double>(out(0)) == expected);
  }
}

}  // namespace

TEMPLATE_LIST_TEST_CASE("vector_reduce: every head/pack/tail split sums exactly", "[vector]",
                        bench::test::Spaces) {
  // 0..9 around the pack width, 4k+1 and 4k+3, odd and large sizes.
  const std::int64_t n = GENERATE(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 4001, 4003, 65537, 1000003);
  // Starts 0..3 elements past a 16-byte boundary (floats: every misalignment).
  const std::int64_t offset = GENERATE(0, 1, 2, 3);
  require_exact_sum<TestType, float>(n, offset);
  require_exact_sum<TestType, double>(n, offset);
  require_exact_sum<TestType, std::int64_t>(n, offset);
}

TEMPLATE_LIST_TEST_CASE("vector_reduce: many teams, idle teams, repeated launches", "[vector]",
                        bench::test::Spaces) {
  // More teams than host threads (the last-team combine under contention),
  // more teams than work (teams that only publish the identity), and three
  // launches in a row (the counter resets).
  const int league = GENERATE(1, 2, 7, 64, 1000);
  const std::int64_t n = GENERATE(0, 5, 4099, 100003);
  require_exact_sum<TestType, float>(n, 1, league, 3);
  require_exact_sum<TestType, std::int64_t>(n, 0, league, 3);
}

TEMPLATE_LIST_TEST_CASE("vector_reduce: the tail handed out at run time", "[vector]",
                        bench::test::Spaces) {
  // A tail forced on every space: the teams' shares, then units that any
  // team may take, three launches in a row.
  const int league = GENERATE(2, 7, 64);
  const std::int64_t n = GENERATE(4099, 100003, 1000003);
  const std::int64_t offset = GENERATE(0, 3);
  require_exact_sum<TestType, std::int64_t>(n, offset, league, 3, /*tail_from=*/0);
}

TEMPLATE_LIST_TEST_CASE("vector_reduce: a float sum with a tail has the same bits every launch",
                        "[vector]", bench::test::Spaces) {
  // Which team takes which unit changes from launch to launch; the order of
  // the sum must not.
  const std::int64_t n = 1000003;
  View<float*, TestType> x("x", n);
  auto host = Kokkos::create_mirror_view(x);
  for (std::int64_t i = 0; i < n; ++i) host(i) = 1.0f / static_cast<float>(i % 977 + 1);
  Kokkos::deep_copy(x, host);
  const View<float*, TestType> result("result", 1);
  const auto reduce = impl::make_vector_reduce<TestType, impl::Sum<float>>(
      View<const float*, TestType>(x), Kokkos::subview(result, 0), 64, /*tail_from=*/0);
  REQUIRE(reduce.tail().units > 0);
  std::vector<std::uint32_t> bits;
  for (int run = 0; run < 8; ++run) {
    reduce();
    const auto out = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), result);
    std::uint32_t word = 0;
    std::memcpy(&word, &out(0), sizeof word);
    bits.push_back(word);
  }
  for (const std::uint32_t word : bits) CHECK(word == bits[0]);
}

TEST_CASE("vector_reduce: the tail's shape", "[vector]") {
  const auto split = [](std::int64_t packs) { return impl::PackSplit{0, packs, packs * 4}; };
  // Below the threshold, or one team: no tail.
  CHECK(impl::reduce_tail<impl::GpuReduceTuning>(split(1000), 8, 256, 1001).units == 0);
  CHECK(impl::reduce_tail<impl::GpuReduceTuning>(split(1 << 20), 1, 256, 0).units == 0);
  for (const std::int64_t packs :
       {std::int64_t{1} << 20, std::int64_t{1} << 28, std::int64_t{12345679}}) {
    for (const int league : {2, 660, 528}) {
      INFO("packs " << packs << ", league " << league);
      const impl::ReduceTail tail =
          impl::reduce_tail<impl::GpuReduceTuning>(split(packs), league, 256, 0);
      const std::int64_t grid_round = std::int64_t{league} * 256 * impl::GpuReduceTuning::unroll;
      CHECK(tail.from % grid_round == 0);  // the shares are whole rounds
      CHECK(packs - tail.from >= (packs >> impl::GpuReduceTuning::tail_shift));
      CHECK(packs - tail.from < (packs >> impl::GpuReduceTuning::tail_shift) + grid_round);
      CHECK(tail.unit ==
            256 * impl::GpuReduceTuning::unroll * impl::GpuReduceTuning::tail_unit_rounds);
      // The units cover the tail, the last one possibly short.
      CHECK((tail.units - 1) * tail.unit < packs - tail.from);
      CHECK(tail.units * tail.unit >= packs - tail.from);
    }
  }
}

TEST_CASE("vector_reduce: the split covers every element once", "[vector]") {
  alignas(16) float data[32] = {};
  for (std::int64_t offset = 0; offset < 8; ++offset) {
    for (std::int64_t n = 0; n + offset <= 32; ++n) {
      INFO("offset " << offset << ", n " << n);
      const auto split = impl::split_into_packs(data + offset, n);
      const int w = impl::Pack<float>::width;
      CHECK(split.head >= 0);
      CHECK(split.head < w);
      CHECK(split.head <= n);
      CHECK(split.head + split.packs * w <= n);
      CHECK(n - split.bulk_end(w) < w);
      CHECK(split.scalars(w) == n - split.packs * w);
      if (split.packs > 0) {
        CHECK(reinterpret_cast<std::uintptr_t>(data + offset + split.head) % impl::kPackBytes == 0);
      }
    }
  }
}
