// The roulette variants, written once for every execution space. A variant is
// a sampler (how a random number becomes an item) and a counter (how the item
// is tallied), combined by one draw functor.
#include <Kokkos_ScatterView.hpp>
#include <cstdint>
#include <kp/sample.hpp>
#include <memory>
#include <string>
#include <vector>

#include <kp/random.hpp>
#include "harness/variants.hpp"
#include "roulette/alias_table.hpp"
#include "roulette/roulette_app.hpp"

namespace bench::roulette {

using kp::random_bits;
using kp::stream_start;
using kp::unit_interval;

template <class Space>
struct InclusivePrefix {
  View<const Weight*, Space> weights;
  View<double*, Space> prefix;
  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t i, double& sum, bool final) const {
    sum += weights(i);
    if (final) prefix(i) = sum;
  }
};

// Classic roulette: the item whose prefix-sum interval holds u * total.
// Host scaling: a draw is a chain of 17 dependent loads (42 ns a draw on one
// core of the 2-core dev machine, 2.4 ns of it without the search; 50 ns on
// the H100 host), and each core searches its own cached copy of the 800 KB
// prefix, so nothing is shared and it scales with cores (11x on 16 threads).
// The ScatterView's per-thread copies cost one clear and one sum of
// T x 400 KB per run, ~12 MB at 16 threads: about 0.2 ms, under 1% of 45 ms.
template <class Space>
struct SearchPrefix {
  View<const double*, Space> prefix;  // inclusive
  std::int64_t last;                  // the last non-zero weight: prefix(last) is the total
  // The first i in [0, last] with prefix(i) > target. Zero-weight items have
  // empty intervals (prefix(i) == prefix(i - 1)), so they are never the first;
  // a target rounded up to the total falls back to `last`, also non-zero.
  // Branch-free: each step picks a half by a select, not a jump. A search's
  // branches are unpredictable, and mispredicting them made it 4x slower on
  // the host; on a GPU it keeps the lanes of a warp in step.
  KOKKOS_INLINE_FUNCTION std::int64_t operator()(std::uint64_t bits) const {
    const double target = unit_interval(bits) * prefix(last);
    std::int64_t base = 0, length = last + 1;
    while (length > 1) {
      const std::int64_t half = length / 2;
      base = prefix(base + half) <= target ? base + half : base;
      length -= half;
    }
    base += prefix(base) <= target ? 1 : 0;
    return base < last ? base : last;
  }
};

// Alias method: the top 32 bits pick a column (multiply-shift, bias below
// n / 2^32), the low 32 bits are the coin.
template <class Space>
struct ReadAliasTable {
  View<const AliasEntry*, Space> table;
  KOKKOS_INLINE_FUNCTION std::int64_t operator()(std::uint64_t bits) const {
    const std::uint64_t column = ((bits >> 32) * table.extent(0)) >> 32;
    const double coin = static_cast<double>(bits & 0xffffffffu) * 0x1.0p-32;
    const AliasEntry entry = table(column);
    return coin < entry.keep ? static_cast<std::int64_t>(column) : std::int64_t{entry.alias};
  }
};

// The same draws from the DrawColumn form of the table: one 8-byte read and
// an integer compare (parallel_alias.hpp says why the result is identical).
template <class Space>
struct ReadDrawColumns {
  View<const DrawColumn*, Space> columns;
  KOKKOS_INLINE_FUNCTION std::int64_t operator()(std::uint64_t bits) const {
    // n < 2^32 (make_weights): a 32 x 32 -> 64-bit multiply.
    const auto n = static_cast<std::uint32_t>(columns.extent(0));
    const auto column = static_cast<std::uint32_t>(((bits >> 32) * n) >> 32);
    return draw_from(column, columns(column), static_cast<std::uint32_t>(bits));
  }
};

template <class Space>
using Counts = View<Count*, Space>;
template <class Space>
using ScatterCounts =
    Kokkos::Experimental::ScatterView<Count*, typename Counts<Space>::array_layout,
                                      typename Counts<Space>::device_type>;

// ScatterView picks per space: per-thread duplicates on OpenMP, atomics on
// CUDA, plain adds on Serial.
template <class Space>
struct AddThroughScatter {
  ScatterCounts<Space> scatter;
  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t item) const {
    auto access = scatter.access();
    access(item) += 1;
  }
};

template <class Space>
struct AddAtomically {
  Counts<Space> counts;
  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t item) const {
    Kokkos::atomic_add(&counts(item), Count(1));
  }
};

template <class Sample, class Add>
struct Draw {
  Sample sample;
  Add add;
  std::uint64_t stream;
  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t i) const {
    add(sample(random_bits(stream, static_cast<std::uint64_t>(i))));
  }
};

// Draws [kSize * batch, kSize * batch + kSize) in one work item: every table
// read of the batch is issued before its first counter update, so a GPU
// thread has kSize independent loads in flight rather than one load followed
// by a dependent atomic, and the per-item index math is shared. Draw i still
// uses random_bits(stream, i): the counts equal Draw's.
template <class Sample, class Add>
struct DrawBatch {
  static constexpr std::int64_t kSize = 8;
  Sample sample;
  Add add;
  std::uint64_t stream;
  std::int64_t draws;
  static std::int64_t batches(std::int64_t draws) { return (draws + kSize - 1) / kSize; }
  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t batch) const {
    const std::int64_t first = batch * kSize;
    if (first + kSize <= draws) {
      std::int64_t items[kSize];
      for (std::int64_t k = 0; k < kSize; ++k)
        items[k] = sample(random_bits(stream, static_cast<std::uint64_t>(first + k)));
      for (std::int64_t k = 0; k < kSize; ++k) add(items[k]);
    } else {
      for (std::int64_t i = first; i < draws; ++i)
        add(sample(random_bits(stream, static_cast<std::uint64_t>(i))));
    }
  }
};

template <class Space>
using DrawRange = Kokkos::RangePolicy<Space, Kokkos::IndexType<std::int64_t>>;

// Zeroes the counts on the space's queue. Kokkos 3.4's deep_copy(view, value)
// fences the whole device first: a host-device round trip in every timed run.
template <class Space>
void clear_counts(Counts<Space> counts) {
  Kokkos::deep_copy(Space(), counts, Count{0});
}

// One run's counting through the ScatterView into counts that are already
// zero: zero the duplicates (where there are any), run the draw kernel over
// `range`, and add the duplicates into counts.
template <class Space, class Kernel>
void count_through_scatter(const DrawRange<Space>& range, const Kernel& kernel,
                           Counts<Space> counts, ScatterCounts<Space> scatter) {
  scatter.reset_except(counts);
  Kokkos::parallel_for("roulette::draw", range, kernel);
  Kokkos::Experimental::contribute(counts, scatter);
}

// Zeroes the counts, then makes draw i for every i in `draws`.
template <class Space, class Sample>
void draw_through_scatter(const DrawRange<Space>& draws, Sample sample, std::uint64_t stream,
                          Counts<Space> counts, ScatterCounts<Space> scatter) {
  clear_counts(counts);
  count_through_scatter(draws, Draw<Sample, AddThroughScatter<Space>>{sample, {scatter}, stream},
                        counts, scatter);
}

// The same counts as draw_through_scatter, DrawBatch::kSize draws a work
// item, into counts that are already zero.
template <class Space, class Sample>
void draw_batches_through_scatter(std::int64_t draws, Sample sample, std::uint64_t stream,
                                  Counts<Space> counts, ScatterCounts<Space> scatter) {
  using Kernel = DrawBatch<Sample, AddThroughScatter<Space>>;
  count_through_scatter(DrawRange<Space>(0, Kernel::batches(draws)),
                        Kernel{sample, {scatter}, stream, draws}, counts, scatter);
}

template <class Space>
SpaceCase make_space_case(const Problem& problem) {
  const auto host_weights = my_part(problem.weights.values);  // this rank's (all on one rank)
  const std::int64_t n = static_cast<std::int64_t>(host_weights.extent(0));
  const auto n_global = static_cast<std::int64_t>(problem.weights.values.extent(0));
  const std::int64_t m = static_cast<std::int64_t>(problem.draws);
  const std::uint64_t stream = stream_start(problem.seed);
  const DrawRange<Space> items(0, n), draws(0, m);

  // Everything a run needs is allocated here, outside the timed region, and
  // only for the variants that run (the others' buffers are empty: their
  // variants are never called).
  const auto sized = [&](bool needed) { return needed ? n : std::int64_t{0}; };
  const bool host_alias = builds_host_alias(problem.variants);
  const View<Weight*, Space> weights(
      Kokkos::view_alloc(Kokkos::WithoutInitializing, "roulette weights"), n);
  Kokkos::deep_copy(weights, host_weights);
  const View<double*, Space> prefix(
      Kokkos::view_alloc(Kokkos::WithoutInitializing, "roulette prefix"),
      sized(problem.runs("classic")));
  const View<AliasEntry*, Space> table(
      Kokkos::view_alloc(Kokkos::WithoutInitializing, "roulette alias table"), sized(host_alias));
  // On host spaces the mirrors are the views themselves and their copies no-ops.
  const auto weights_mirror = Kokkos::create_mirror_view(
      host_alias ? weights : View<Weight*, Space>("roulette no weights", 0));
  const auto table_mirror = Kokkos::create_mirror_view(table);
  const auto builder = std::make_shared<AliasBuilder>(static_cast<std::size_t>(sized(host_alias)));
  const bool parallel = problem.runs("alias-parallel");
  const View<DrawColumn*, Space> parallel_table(
      Kokkos::view_alloc(Kokkos::WithoutInitializing, "roulette parallel alias table"),
      sized(parallel));
  const ParallelAliasBuilder<Space> parallel_builder(static_cast<std::size_t>(sized(parallel)));
  const Counts<Space> counts("roulette counts", n);
  // Per-thread copies of the counts on OpenMP: only for the variants that count through it.
  const ScatterCounts<Space> scatter(
      counts_through_scatter(problem.variants) ? counts : Counts<Space>("roulette no counts", 0));

  // The alias build is part of every alias run: the weights go to the host,
  // Vose's algorithm runs there, and the table comes back.
  const auto build_alias = [=] {
    Kokkos::deep_copy(weights_mirror, weights);
    builder->build(weights_mirror.data(), table_mirror.data());
    Kokkos::deep_copy(table, table_mirror);
  };
  const SearchPrefix<Space> search{prefix,
                                   static_cast<std::int64_t>(problem.weights.last_positive)};
  const ReadAliasTable<Space> alias{table};

  SpaceCase c;
  c.bytes_per_run = static_cast<double>(n) * (sizeof(Weight) + sizeof(Count));
  c.items_per_run = static_cast<double>(my_slice(m).count);  // this rank's draws
  // Under MPI each rank holds its items' counts: the check sees all of them.
  const auto check = [&problem, counts, n_global] {
    const auto host = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), counts);
    return check_counts(problem, gather_parts(host.data(), n_global).data());
  };
  const auto poison = [counts] { Kokkos::deep_copy(counts, Count{0xdeadbeef}); };

  // The library call, as a user makes it (kp/sample.hpp): what users get.
  // Under MPI it is the only variant that runs on more than one rank: the
  // others have no combine (each draw may land on any rank's items).
#ifdef KP_HAVE_MPI
  c.variants.push_back(
      {"kp", [=] { kp::mpi::sample(world(), Space(), weights, m, problem.seed, counts); }, check,
       poison});
  c.variants.back().global = true;
#else
  c.variants.push_back(
      {"kp", [=] { kp::sample(Space(), weights, m, problem.seed, counts); }, check, poison});
#endif
  // The same call drawing one by one from an alias table: O(draws).
  c.variants.push_back(
      {"kp-alias",
       [=] { kp::sample(Space(), weights, m, problem.seed, counts, kp::SampleAlgorithm::alias); },
       check, poison});
  // kp::AliasTable's build alone (kp-indices draws from a table built once);
  // the check counts draws from the table the last run built.
  const auto kp_table = std::make_shared<kp::AliasTable<Space>>();
  c.variants.push_back({"kp-table", [=] { *kp_table = kp::AliasTable<Space>(Space(), weights); },
                        [=] {
                          if (kp_table->size() != n) return Check{false, "no table was built"};
                          kp_table->sample(Space(), m, problem.seed, counts);
                          return check();
                        },
                        [=] { *kp_table = kp::AliasTable<Space>(); }});
  c.variants.back().form = "table";  // times the build, not the draws
  // Draws as indices in draw order (kp::AliasTable::sample_indices), from a
  // table built before the timed runs; the check counts the indices. The
  // indices (4 bytes a draw) are allocated by the first (untimed) run.
  const auto indices = std::make_shared<View<std::uint32_t*, Space>>();
  const auto index_table = std::make_shared<kp::AliasTable<Space>>();
  c.variants.push_back(
      {"kp-indices",
       [=] {
         if (index_table->size() != n || indices->extent(0) != static_cast<std::size_t>(m)) {
           *index_table = kp::AliasTable<Space>(Space(), weights);
           *indices = View<std::uint32_t*, Space>(
               Kokkos::view_alloc(Kokkos::WithoutInitializing, "roulette indices"), m);
         }
         index_table->sample_indices(Space(), problem.seed, *indices);
       },
       [=, &problem] {
         const auto host = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), *indices);
         std::vector<Count> tally(static_cast<std::size_t>(n_global));
         for (std::size_t j = 0; j < host.extent(0); ++j) {
           if (host(j) >= tally.size())
             return Check{false, "draw " + std::to_string(j) + " gave no item"};
           ++tally[host(j)];
         }
         const Check check = check_counts(problem, tally.data());
         if (problem.indices_output) {
           problem.indices_output->offer(check.pass, host.data(), {host.extent(0)});
         }
         return check;
       },
       [=] {
         if (indices->extent(0) > 0) Kokkos::deep_copy(*indices, 0xffffffffu);
       },
       static_cast<double>(m) * (32 + sizeof(std::uint32_t))});
  c.variants.back().form = "indices";
  c.variants.push_back(
      {"classic",
       [=] {
         Kokkos::parallel_scan("roulette::prefix", items, InclusivePrefix<Space>{weights, prefix});
         draw_through_scatter(draws, search, stream, counts, scatter);
       },
       check, poison});
  c.variants.push_back({"alias",
                        [=] {
                          build_alias();
                          draw_through_scatter(draws, alias, stream, counts, scatter);
                        },
                        check, poison});
  c.variants.push_back({"alias-atomic",
                        [=] {
                          build_alias();
                          clear_counts(counts);
                          Kokkos::parallel_for("roulette::draw", draws,
                                               Draw<ReadAliasTable<Space>, AddAtomically<Space>>{
                                                   alias, {counts}, stream});
                        },
                        check, poison});
  // The table built where the draws run, in three kernels and no copies:
  // on a GPU the host round trip of `alias` (weights down, table up, a serial
  // build in between) disappears from the timed run. The table is built in
  // its 8-byte DrawColumn form (the build also zeroes the counts) and drawn
  // from in batches; the counts are the same as alias's.
  c.variants.push_back({"alias-parallel",
                        [=] {
                          parallel_builder.build(Space(), weights, parallel_table, counts);
                          draw_batches_through_scatter(m, ReadDrawColumns<Space>{parallel_table},
                                                       stream, counts, scatter);
                        },
                        check, poison});
  return c;
}

#define KP_ROULETTE_INSTANTIATE(Space) template SpaceCase make_space_case<Space>(const Problem&);
KP_FOR_EACH_SPACE(KP_ROULETTE_INSTANTIATE)

}  // namespace bench::roulette
