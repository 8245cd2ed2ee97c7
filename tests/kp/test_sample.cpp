// kp::sample, kp::sample_indices and kp::AliasTable on every enabled space:
// the invariants (counts sum to the draws, zero weights never drawn), the
// same counts on every space and thread count for one seed, the multinomial
// distribution (chi-square for one seed, each count's mean and variance
// across seeds), extreme weights and sizes, indices that agree with counts,
// bad weights refused, and a few seeds' counts and indices pinned.
#include <kp/sample.hpp>

#include <algorithm>
#include <catch2/catch_template_test_macros.hpp>
#include <catch2/catch_test_macros.hpp>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <stdexcept>
#include <vector>

#include "kp/helpers.hpp"

using namespace kp::test;

namespace {

std::vector<double> test_weights(std::int64_t n) {
  std::vector<double> w(n);
  for (std::int64_t i = 0; i < n; ++i) w[i] = i % 5 == 0 ? 0.0 : double(1 + (i * 7919) % 97);
  if (n == 1) w[0] = 3.0;
  return w;
}

// The counts the host space gives: every space must give the same.
template <class Count>
std::vector<Count> host_counts(const std::vector<double>& w, std::uint64_t draws,
                               std::uint64_t seed) {
  using Host = Kokkos::DefaultHostExecutionSpace;
  const auto weights = to_space<Host>(w, Shape::contiguous);
  auto counts = to_space<Host>(std::vector<Count>(w.size()), Shape::contiguous);
  kp::sample(Host(), weights, draws, seed, counts);
  return to_host<Host>(counts);
}

}  // namespace

TEMPLATE_LIST_TEST_CASE("kp::sample: invariants and the same counts everywhere", "[kp][sample]",
                        Spaces) {
  using Space = TestType;
  for (const std::int64_t n : {1, 2, 33, 4097, 100000}) {
    const auto w = test_weights(n);
    for (const std::uint64_t draws : {std::uint64_t{0}, std::uint64_t{1}, std::uint64_t{1000003}}) {
      const auto expect = host_counts<std::uint64_t>(w, draws, 42);
      for (const Shape shape : kShapes) {
        INFO("n " << n << ", draws " << draws << ", " << shape_name(shape));
        const auto weights = to_space<Space>(w, shape);
        auto counts = to_space<Space>(std::vector<std::uint64_t>(n, 777), shape);
        kp::sample(Space(), weights, draws, 42, counts);
        const auto got = to_host<Space>(counts);
        CHECK(std::accumulate(got.begin(), got.end(), std::uint64_t{0}) == draws);
        for (std::int64_t i = 0; i < n; ++i) {
          if (w[i] == 0) CHECK(got[i] == 0);
        }
        CHECK(got == expect);
        auto counts32 = to_space<Space>(std::vector<std::uint32_t>(n, 777), shape);
        kp::sample(Space(), weights, draws, 42, counts32);
        const auto got32 = to_host<Space>(counts32);
        CHECK(std::equal(got32.begin(), got32.end(), expect.begin()));
      }
    }
  }
}

// Each count's mean and variance over `seeds` seeds against M p and
// M p (1 - p): a sampler that apportions the draws (variance 0) or splits
// them with the wrong spread fails.
template <class Space>
void check_moments(const std::vector<double>& w, std::uint64_t draws, int seeds) {
  const auto n = static_cast<std::int64_t>(w.size());
  const double total = std::accumulate(w.begin(), w.end(), 0.0);
  const auto weights = to_space<Space>(w, Shape::contiguous);
  auto counts = to_space<Space>(std::vector<std::uint64_t>(n), Shape::contiguous);
  std::vector<double> sum(n), sum2(n);
  for (int s = 0; s < seeds; ++s) {
    kp::sample(Space(), weights, draws, 1000 + s, counts);
    const auto c = to_host<Space>(counts);
    for (std::int64_t i = 0; i < n; ++i) {
      sum[i] += double(c[i]);
      sum2[i] += double(c[i]) * double(c[i]);
    }
  }
  for (std::int64_t i = 0; i < n; ++i) {
    const double p = w[i] / total, var = double(draws) * p * (1 - p);
    const double mean = sum[i] / seeds;
    const double sample_var = (sum2[i] - seeds * mean * mean) / (seeds - 1);
    INFO("draws " << draws << ", item " << i << ": mean " << mean << ", variance " << sample_var
                  << ", expected " << double(draws) * p << " and " << var);
    CHECK(std::fabs(mean - double(draws) * p) <= 5 * std::sqrt(var / seeds) + 1e-9);
    // The sample variance's relative spread is about sqrt(2 / seeds).
    CHECK(std::fabs(sample_var - var) <= 5 * std::sqrt(2.0 / seeds) * var + 1e-9);
  }
}

TEMPLATE_LIST_TEST_CASE("kp::sample: each count's mean and variance across seeds", "[kp][sample]",
                        Spaces) {
  using Space = TestType;
  const std::vector<double> w = {1, 2, 3, 4, 0, 6, 0.5};
  check_moments<Space>(w, 300, 400);     // walks from the block's root
  check_moments<Space>(w, 100000, 400);  // binomials down the tree
  // Items in three blocks, two levels: the block counts split by binomials.
  std::vector<double> wide(2500, 1.0);
  wide[0] = 400;
  wide[1500] = 900;
  wide[2499] = 100;
  check_moments<Space>({wide}, 20000, 200);
}

TEMPLATE_LIST_TEST_CASE("kp::sample: chi-square of one seed", "[kp][sample]", Spaces) {
  using Space = TestType;
  for (const std::uint64_t draws :
       {std::uint64_t{3000}, std::uint64_t{400000}, std::uint64_t{50000000}}) {
    const std::int64_t n = 3001;
    std::vector<double> w(n);
    for (std::int64_t i = 0; i < n; ++i) w[i] = 1 + i % 17;
    const double total = std::accumulate(w.begin(), w.end(), 0.0);
    const auto weights = to_space<Space>(w, Shape::contiguous);
    auto counts = to_space<Space>(std::vector<std::uint64_t>(n), Shape::contiguous);
    kp::sample(Space(), weights, draws, 5, counts);
    const auto c = to_host<Space>(counts);
    // Cells of at least 20 expected draws: consecutive items pooled.
    double chi = 0, expect = 0, seen = 0;
    int cells = 0;
    for (std::int64_t i = 0; i < n; ++i) {
      expect += double(draws) * w[i] / total;
      seen += double(c[i]);
      if (expect >= 20 || i == n - 1) {
        chi += (seen - expect) * (seen - expect) / expect;
        expect = seen = 0;
        ++cells;
      }
    }
    const int dof = cells - 1;
    INFO("draws " << draws << ": chi-square " << chi << " on " << dof << " degrees of freedom");
    CHECK(chi < chi_square_limit(dof));
  }
}

TEMPLATE_LIST_TEST_CASE("kp::sample: extreme weights, one item, 2^33 draws, deep trees",
                        "[kp][sample]", Spaces) {
  using Space = TestType;
  const auto run = [](const auto& w, std::uint64_t draws) {
    const auto weights = to_space<Space>(w, Shape::odd_offset);
    auto counts = to_space<Space>(std::vector<std::uint64_t>(w.size(), 5), Shape::odd_offset);
    kp::sample(Space(), weights, draws, 9, counts);
    return to_host<Space>(counts);
  };
  const std::vector<double> extreme = {1e-300, 1e300, 5e-324, 0, 1e300, 1e-300, 2.5e-308};
  const auto c = run(extreme, 1000000);
  CHECK(c[0] + c[2] + c[3] + c[5] + c[6] == 0);  // each drawn with probability below 1e-600
  CHECK(c[1] + c[4] == 1000000);
  CHECK(std::fabs(double(c[1]) - 500000) < 5 * 500);
  CHECK(run(std::vector<double>{1e-300, 0, 5e-324}, 1000) ==
        std::vector<std::uint64_t>{1000, 0, 0});
  CHECK(run(std::vector<float>{3e38f, 3e38f, 0}, 10)[2] == 0);
  CHECK(run(std::vector<float>{0.25f}, 12345) == std::vector<std::uint64_t>{12345});
  CHECK(run(std::vector<double>{1, 2}, 0) == std::vector<std::uint64_t>{0, 0});
  const std::uint64_t many = (std::uint64_t{1} << 33) + 7;
  const auto big = run(std::vector<double>{1, 1, 2}, many);
  CHECK(big[0] + big[1] + big[2] == many);
  CHECK(std::fabs(double(big[2]) - double(many) / 2) < 6 * std::sqrt(double(many) / 4));
  // Three levels of blocks (2^20 + 3 items): the same counts as the host's.
  std::vector<double> deep(std::size_t{1} << 20 | 3);
  for (std::size_t i = 0; i < deep.size(); ++i) deep[i] = double(i % 7);
  for (const std::uint64_t draws : {std::uint64_t{100}, std::uint64_t{3000000}}) {
    const auto weights = to_space<Space>(deep, Shape::contiguous);
    auto counts = to_space<Space>(std::vector<std::uint32_t>(deep.size()), Shape::contiguous);
    kp::sample(Space(), weights, draws, 11, counts);
    const auto got = to_host<Space>(counts);
    std::uint64_t sum = 0;
    for (std::size_t i = 0; i < deep.size(); ++i) {
      sum += got[i];
      if (deep[i] == 0) REQUIRE(got[i] == 0);
    }
    CHECK(sum == draws);
    const auto expect = host_counts<std::uint64_t>(deep, draws, 11);
    CHECK(std::equal(got.begin(), got.end(), expect.begin()));
  }
}

TEMPLATE_LIST_TEST_CASE("kp::sample_indices: draws in order, the alias table's counts",
                        "[kp][sample]", Spaces) {
  using Space = TestType;
  const auto w = test_weights(5003);
  const auto weights = to_space<Space>(w, Shape::strided);
  const kp::AliasTable<Space> table(Space(), weights);
  for (const std::int64_t draws : {0, 1, 7, 8, 9, 100003}) {
    auto counts = to_space<Space>(std::vector<std::uint64_t>(w.size()), Shape::contiguous);
    table.sample(Space(), draws, 21, counts);
    const auto expect = to_host<Space>(counts);
    auto indices = to_space<Space>(std::vector<std::int64_t>(draws), Shape::odd_offset);
    kp::sample_indices(Space(), weights, 21, indices);
    const auto got = to_host<Space>(indices);
    std::vector<std::uint64_t> tally(w.size());
    for (const std::int64_t i : got) {
      REQUIRE(i >= 0);
      REQUIRE(i < static_cast<std::int64_t>(w.size()));
      ++tally[i];
    }
    INFO("draws " << draws);
    CHECK(tally == expect);
    auto narrow = to_space<Space>(std::vector<std::uint32_t>(draws), Shape::contiguous);
    table.sample_indices(Space(), 21, narrow);
    const auto got32 = to_host<Space>(narrow);
    CHECK(std::equal(got32.begin(), got32.end(), got.begin()));
  }
  auto tiny = to_space<Space>(std::vector<std::uint8_t>(4), Shape::contiguous);
  CHECK_THROWS_AS(kp::sample_indices(Space(), weights, 1, tiny), std::invalid_argument);
}

TEMPLATE_LIST_TEST_CASE("kp::AliasTable: reuse, seeds, frequencies", "[kp][sample]", Spaces) {
  using Space = TestType;
  const std::vector<float> w = {1, 0, 2, 3, 0, 4};
  const auto weights = to_space<Space>(w, Shape::contiguous);
  const kp::AliasTable<Space> table(Space(), weights);
  CHECK(table.size() == 6);
  const std::uint64_t draws = 10000000;
  auto a = to_space<Space>(std::vector<std::uint64_t>(6), Shape::contiguous);
  auto b = to_space<Space>(std::vector<std::uint64_t>(6), Shape::contiguous);
  table.sample(Space(), draws, 1, a);
  table.sample(Space(), draws, 1, b);
  CHECK(to_host<Space>(a) == to_host<Space>(b));
  table.sample(Space(), draws, 2, b);
  CHECK(to_host<Space>(a) != to_host<Space>(b));
  const auto counts = to_host<Space>(a);
  for (int i = 0; i < 6; ++i) {
    const double expect = draws * w[i] / 10.0;
    INFO("item " << i);
    // 6 standard deviations of a binomial count.
    CHECK(std::fabs(double(counts[i]) - expect) <= 6 * std::sqrt(expect + 1));
  }
}

TEMPLATE_LIST_TEST_CASE("kp::sample refuses bad weights", "[kp][sample]", Spaces) {
  using Space = TestType;
  auto counts = to_space<Space>(std::vector<std::uint32_t>(3), Shape::contiguous);
  for (const auto& w :
       std::vector<std::vector<double>>{{1, -1, 1}, {1, NAN, 1}, {1, INFINITY, 1}, {0, 0, 0}}) {
    const auto weights = to_space<Space>(w, Shape::contiguous);
    CHECK_THROWS_AS(kp::sample(Space(), weights, 10, 1, counts), std::invalid_argument);
  }
  const auto none = to_space<Space>(std::vector<double>{}, Shape::contiguous);
  CHECK_THROWS_AS(kp::sample(Space(), none, 10, 1, counts), std::invalid_argument);
  const auto four = to_space<Space>(std::vector<double>(4, 1.0), Shape::contiguous);
  CHECK_THROWS_AS(kp::sample(Space(), four, 10, 1, counts), std::invalid_argument);
  const auto huge = to_space<Space>(std::vector<double>(3, 1e308), Shape::contiguous);
  CHECK_THROWS_AS(kp::sample(Space(), huge, 10, 1, counts), std::invalid_argument);
  for (const Shape shape : kShapes) {
    const auto bad = to_space<Space>(std::vector<float>{2, 1, -0.5f}, shape);
    CHECK_THROWS_AS(kp::AliasTable<Space>(Space(), bad), std::invalid_argument);
  }
  // A refused call leaves the library's workspaces fit for the next one.
  const auto good = to_space<Space>(std::vector<double>{0, 3, 1}, Shape::contiguous);
  kp::sample(Space(), good, 1000, 7, counts);
  const auto host = to_host<Space>(counts);
  CHECK(host[0] == 0);
  CHECK(host[1] + host[2] == 1000);
}

// Host draws pick the column or its alias by a branch or, for tables whose
// coins a branch predictor would often miss, by arithmetic: both give the
// same item for every draw, and the choice follows the table.
TEST_CASE("kp::sample host draws: the select reads as the branch does", "[kp][sample]") {
  using Host = Kokkos::DefaultHostExecutionSpace;
  const std::int64_t n = 1000;
  kp::impl::View<kp::impl::DrawColumn*, Host> full("full", n), mixed("mixed", n);
  for (std::int64_t c = 0; c < n; ++c) {
    const auto alias = static_cast<std::uint32_t>((c * 7919) % n);
    full(c) = {0xffffffffu, static_cast<std::uint32_t>(c)};
    // Thresholds across the whole range, both ends included.
    const std::uint32_t threshold =
        c % 3 == 0 ? 0u : (c % 3 == 1 ? 0xffffffffu : static_cast<std::uint32_t>(c * 4294967u));
    mixed(c) = {threshold, alias};
  }
  const kp::impl::ReadColumns<Host, false> branch{mixed};
  const kp::impl::ReadColumns<Host, true> select{mixed};
  for (std::uint64_t i = 0; i < 200000; ++i) {
    const std::uint64_t bits = kp::impl::random_bits(kp::impl::stream_start(7), i);
    INFO("draw " << i);
    REQUIRE(select(bits) == branch(bits));
  }
  CHECK_FALSE(kp::impl::draws_by_select(Host(), full, 1000000));
  CHECK(kp::impl::draws_by_select(Host(), mixed, 1000000));
  CHECK_FALSE(kp::impl::draws_by_select(Host(), mixed, n - 1));  // fewer draws than columns
}

namespace {
// One block's leaf weights for the split tests: zeros among them.
std::vector<double> block_weights() {
  std::vector<double> w(kp::impl::multinomial::kBlock);
  for (std::size_t i = 0; i < w.size(); ++i) w[i] = i % 7 == 0 ? 0.0 : double(1 + (i * 7919) % 97);
  return w;
}

struct LeafWeights {
  const double* w;
  std::int64_t n;
  KOKKOS_INLINE_FUNCTION double operator()(std::int64_t g) const { return g < n ? w[g] : 0.0; }
};
}  // namespace

// The blocks just below the top follow the top's split each down its own
// path (path_count): every leaf's count must be what the top's whole split
// gives it, through binomials, walks from the root (few draws) and walks
// from deeper nodes.
TEST_CASE("kp::sample: a leaf's path through a block counts what the block's split gives it",
          "[kp][sample]") {
  using namespace kp::impl::multinomial;
  std::vector<char> bytes(HostBlockTree::bytes());
  const HostBlockTree tree = HostBlockTree::at(bytes.data());
  const std::vector<double> w = block_weights();
  const std::uint64_t stream = kp::impl::stream_start(11);
  for (const std::int64_t leaves : {std::int64_t{1}, std::int64_t{98}, kBlock}) {
    for (const std::uint64_t draws : {0ull, 1ull, 30ull, 1000ull, 40000ull, 1000000000ull}) {
      INFO(leaves << " leaves, " << draws << " draws");
      tree.build(SoloTeam{}, LeafWeights{w.data(), leaves}, 0);
      tree.split(SoloTeam{}, stream, 2, 0, draws);
      std::uint64_t total = 0;
      for (std::int64_t leaf = 0; leaf < kBlock; ++leaf) {
        total += tree.counts[kBlock + leaf];
        REQUIRE(tree.path_count(SoloTeam{}, stream, 2, leaf, draws) == tree.counts[kBlock + leaf]);
      }
      CHECK(total == draws);
    }
  }
}

namespace {
// One block's build and split by a team of the space (as the GPUs run it),
// its leaves' counts into `out`.
template <class Space, bool kPaths>
struct TeamSplit {
  kp::impl::View<const double*, Space> leaves;
  kp::impl::View<std::uint64_t*, Space> out;
  std::uint64_t stream, draws;
  KOKKOS_INLINE_FUNCTION void operator()(
      const typename Kokkos::TeamPolicy<Space>::member_type& team) const {
    using namespace kp::impl::multinomial;
    const auto tree = BlockTree<std::uint64_t>::in(team, true);
    tree.build(team, ReadSums<Space>{leaves}, 0);
    tree.template split<kPaths>(team, stream, 2, 0, draws);
    team_for(team, kBlock, [&](std::int64_t k) { out(k) = tree.counts[kBlock + k]; });
  }
};
}  // namespace

// A team splits a block as one thread does, by levels or by paths (each
// thread follows its path from the root, the first thread under a node
// writes it). Every team size the space allows, through binomials only,
// walks from the root (few draws) and walks from deeper nodes.
TEMPLATE_LIST_TEST_CASE("kp::sample: a team of any size splits a block as one thread does",
                        "[kp][sample]", Spaces) {
  using Space = TestType;
  using namespace kp::impl::multinomial;
  std::vector<char> bytes(HostBlockTree::bytes());
  const HostBlockTree tree = HostBlockTree::at(bytes.data());
  const std::vector<double> w = block_weights();
  const std::uint64_t stream = kp::impl::stream_start(13);
  kp::impl::View<std::uint64_t*, Space> out("out", kBlock);
  for (const std::int64_t leaves : {std::int64_t{1}, std::int64_t{98}, kBlock}) {
    kp::impl::View<double*, Space> weights("weights", leaves);
    Kokkos::deep_copy(weights, Kokkos::View<const double*, Kokkos::HostSpace>(w.data(), leaves));
    for (const std::uint64_t draws : {0ull, 1ull, 30ull, 1000ull, 40000ull, 1000000000ull}) {
      tree.build(SoloTeam{}, LeafWeights{w.data(), leaves}, 0);
      tree.split(SoloTeam{}, stream, 2, 0, draws);
      const std::vector<std::uint64_t> want(tree.counts + kBlock, tree.counts + 2 * kBlock);
      const TeamSplit<Space, false> by_levels{weights, out, stream, draws};
      const TeamSplit<Space, true> by_paths{weights, out, stream, draws};
      const auto bytes_per_team = Kokkos::PerTeam(BlockTree<std::uint64_t>::bytes(true));
      const int most = std::min(512, Kokkos::TeamPolicy<Space>(1, 1)
                                         .set_scratch_size(0, bytes_per_team)
                                         .team_size_max(by_paths, Kokkos::ParallelForTag()));
      for (int team = 1; team <= most; team *= 2) {
        INFO(leaves << " leaves, " << draws << " draws, teams of " << team);
        const auto policy = Kokkos::TeamPolicy<Space>(1, team).set_scratch_size(0, bytes_per_team);
        Kokkos::deep_copy(out, std::uint64_t{0});
        Kokkos::parallel_for(policy, by_levels);
        CHECK(to_host<Space>(out) == want);
        Kokkos::deep_copy(out, std::uint64_t{0});
        Kokkos::parallel_for(policy, by_paths);
        REQUIRE(to_host<Space>(out) == want);
      }
    }
  }
}

// Host spaces run the GPUs' schedule too when asked (fold_top_on_hosts):
// the blocks below the top follow its split themselves, and every count is
// the same as when the top splits on its own.
TEMPLATE_LIST_TEST_CASE("kp::sample: the same counts with the top's split folded below it",
                        "[kp][sample]", Spaces) {
  using Space = TestType;
  auto& fold = kp::impl::multinomial::fold_top_on_hosts();
  for (const std::int64_t n :
       {std::int64_t{5}, std::int64_t{4097}, std::int64_t{100000}, (std::int64_t{1} << 20) + 3}) {
    const auto w = test_weights(n);
    const auto weights = to_space<Space>(w, Shape::contiguous);
    for (const std::uint64_t draws :
         {std::uint64_t{7}, std::uint64_t{900}, std::uint64_t{5000003}}) {
      INFO("n " << n << ", draws " << draws);
      std::vector<std::uint64_t> got[2];
      for (const bool folded : {false, true}) {
        fold = folded;
        auto counts = to_space<Space>(std::vector<std::uint64_t>(n), Shape::contiguous);
        kp::sample(Space(), weights, draws, 5, counts);
        got[folded] = to_host<Space>(counts);
      }
      fold = false;
      CHECK(std::accumulate(got[1].begin(), got[1].end(), std::uint64_t{0}) == draws);
      CHECK(got[0] == got[1]);
    }
  }
}

namespace {
// FNV-1a of the values' bytes, least significant first.
std::uint64_t digest(const std::vector<std::uint64_t>& values) {
  std::uint64_t h = 0xcbf29ce484222325ull;
  for (const std::uint64_t x : values) {
    for (int byte = 0; byte < 8; ++byte) {
      h ^= (x >> (8 * byte)) & 0xff;
      h *= 0x100000001b3ull;
    }
  }
  return h;
}
}  // namespace

// A few seeds' counts and indices, pinned by their digests: the tests above
// compare the spaces with each other and with the distribution, which a
// change of every space's random numbers alike (a node's stream, the tree's
// shape, the cost model, the binomials, the alias table) would pass. Cases:
// BTRD at every node (2^40 draws), two levels of dense draws, sparse draws
// that walk from the top, three levels; the alias draws' counts and indices.
TEMPLATE_LIST_TEST_CASE("kp::sample: a seed's counts and indices are pinned", "[kp][sample]",
                        Spaces) {
  using Space = TestType;
  struct Case {
    std::int64_t n;
    std::uint64_t draws, seed, digest;
  };
  for (const Case c :
       {Case{33, (std::uint64_t{1} << 40) + 17, 3, 0xf8d0055de7cf8c85ull},
        Case{4097, 1000003, 42, 0x92ae9c532f8d4ec4ull}, Case{100000, 900, 5, 0x038b7462702a1a65ull},
        Case{(std::int64_t{1} << 20) + 3, 5000003, 5, 0x0b152511374dbeacull}}) {
    INFO("n " << c.n << ", draws " << c.draws << ", seed " << c.seed);
    const auto weights = to_space<Space>(test_weights(c.n), Shape::contiguous);
    auto counts = to_space<Space>(std::vector<std::uint64_t>(c.n), Shape::contiguous);
    kp::sample(Space(), weights, c.draws, c.seed, counts);
    CHECK(digest(to_host<Space>(counts)) == c.digest);
  }
  const auto weights = to_space<Space>(test_weights(4097), Shape::contiguous);
  auto counts = to_space<Space>(std::vector<std::uint64_t>(4097), Shape::contiguous);
  kp::sample(Space(), weights, 1000003, 9, counts, kp::SampleAlgorithm::alias);
  CHECK(digest(to_host<Space>(counts)) == 0x3be619c75db89781ull);
  auto indices = to_space<Space>(std::vector<std::uint64_t>(100003), Shape::contiguous);
  kp::sample_indices(Space(), weights, 11, indices);
  CHECK(digest(to_host<Space>(indices)) == 0xd2346cc39328a4dcull);
}
