// Each call takes only its own algorithm enum: a choice another call has
// does not compile (checked here by detection, at compile time), and each
// enumerator maps onto the implementation's variant of the same name.
#include <kp/kp.hpp>

#include <catch2/catch_test_macros.hpp>
#include <string>
#include <type_traits>
#include <utility>

// Only named in unevaluated calls: declared, never defined (outside the
// anonymous namespace, which would make it a never-referenced internal name).
struct TestPositive {
  KOKKOS_FUNCTION bool operator()(float x) const;
};

namespace {

using Space = Kokkos::DefaultHostExecutionSpace;
using Floats = Kokkos::View<float*, Kokkos::HostSpace>;
using Ints = Kokkos::View<int*, Kokkos::HostSpace>;
using Counts = Kokkos::View<unsigned*, Kokkos::HostSpace>;

template <class A, class = void>
struct ReduceTakes : std::false_type {};
template <class A>
struct ReduceTakes<A, std::void_t<decltype(kp::reduce(std::declval<Space>(), std::declval<Floats>(),
                                                      std::declval<A>()))>> : std::true_type {};

template <class A, class = void>
struct MinlocTakes : std::false_type {};
template <class A>
struct MinlocTakes<A, std::void_t<decltype(kp::minloc(std::declval<Space>(), std::declval<Floats>(),
                                                      std::declval<A>()))>> : std::true_type {};

template <class A, class = void>
struct ScanTakes : std::false_type {};
template <class A>
struct ScanTakes<
    A, std::void_t<decltype(kp::inclusive_scan(std::declval<Space>(), std::declval<Floats>(),
                                               std::declval<Floats>(), std::declval<A>()))>>
    : std::true_type {};

template <class A, class = void>
struct HistogramTakes : std::false_type {};
template <class A>
struct HistogramTakes<
    A, std::void_t<decltype(kp::histogram(std::declval<Space>(), std::declval<Ints>(),
                                          std::declval<Counts>(), std::declval<A>()))>>
    : std::true_type {};

template <class A, class = void>
struct CopyIfTakes : std::false_type {};
template <class A>
struct CopyIfTakes<A, std::void_t<decltype(kp::copy_if(
                          std::declval<Space>(), std::declval<Floats>(), std::declval<Floats>(),
                          TestPositive{}, std::declval<A>()))>> : std::true_type {};

template <class A, class = void>
struct SampleTakes : std::false_type {};
template <class A>
struct SampleTakes<
    A, std::void_t<decltype(kp::sample(
           std::declval<Space>(), std::declval<Kokkos::View<double*, Kokkos::HostSpace>>(),
           std::uint64_t{1}, std::uint64_t{1},
           std::declval<Kokkos::View<std::uint64_t*, Kokkos::HostSpace>>(), std::declval<A>()))>>
    : std::true_type {};

static_assert(ReduceTakes<kp::ReduceAlgorithm>::value);
static_assert(!ReduceTakes<kp::ScanAlgorithm>::value &&
              !ReduceTakes<kp::HistogramAlgorithm>::value);
static_assert(MinlocTakes<kp::ReduceAlgorithm>::value && !MinlocTakes<kp::ScanAlgorithm>::value);
static_assert(ScanTakes<kp::ScanAlgorithm>::value);
static_assert(!ScanTakes<kp::ReduceAlgorithm>::value && !ScanTakes<kp::CopyIfAlgorithm>::value);
static_assert(HistogramTakes<kp::HistogramAlgorithm>::value);
static_assert(!HistogramTakes<kp::ReduceAlgorithm>::value &&
              !HistogramTakes<kp::SampleAlgorithm>::value);
static_assert(CopyIfTakes<kp::CopyIfAlgorithm>::value && !CopyIfTakes<kp::ScanAlgorithm>::value);
static_assert(SampleTakes<kp::SampleAlgorithm>::value &&
              !SampleTakes<kp::HistogramAlgorithm>::value);

}  // namespace

TEST_CASE("kp algorithm enums name the implementation's variants", "[kp][algorithm]") {
  using std::string;
  CHECK(string(kp::name(kp::ReduceAlgorithm::automatic)) == "automatic");
  CHECK(string(kp::name(kp::ReduceAlgorithm::kokkos)) == "kokkos");
  CHECK(string(kp::name(kp::ReduceAlgorithm::vector)) == "vector");
  CHECK(string(kp::name(kp::ReduceAlgorithm::host_lanes)) == "host-lanes");
  CHECK(string(kp::name(kp::ScanAlgorithm::kokkos)) == "kokkos");
  CHECK(string(kp::name(kp::ScanAlgorithm::decoupled_lookback)) == "decoupled-lookback");
  CHECK(string(kp::name(kp::ScanAlgorithm::sequential)) == "sequential");
  CHECK(string(kp::name(kp::CopyIfAlgorithm::kokkos)) == "kokkos");
  CHECK(string(kp::name(kp::CopyIfAlgorithm::decoupled_lookback)) == "decoupled-lookback");
  CHECK(string(kp::name(kp::HistogramAlgorithm::kokkos)) == "global-atomics");
  CHECK(string(kp::name(kp::HistogramAlgorithm::global_atomics)) == "global-atomics");
  CHECK(string(kp::name(kp::HistogramAlgorithm::team_scratch)) == "team-scratch");
  CHECK(string(kp::name(kp::HistogramAlgorithm::private_bins)) == "private-bins");
  CHECK(string(kp::name(kp::HistogramAlgorithm::cluster)) == "cluster");
  CHECK(string(kp::name(kp::SampleAlgorithm::automatic)) == "automatic");
  CHECK(string(kp::name(kp::SampleAlgorithm::alias)) == "alias");
  CHECK(string(kp::name(kp::SampleAlgorithm::private_bins)) == "private-bins");
  CHECK(string(kp::name(kp::SampleAlgorithm::global_atomics)) == "global-atomics");
}
