#pragma once
// kp::mpi::sample: the one-rank alias table of kp::sample (parallel_alias.hpp),
// built and drawn from with each rank holding only its own slice.
//
// The one-rank table pairs light k with heavy c = #{j : E_j < D_(k-1)} and
// heavy j with light k* = #{k : D_k <= E_j} (and heavy j + 1): searches of
// one class's prefix sums in the other's. Distributed:
// 1. Each rank sums its weights; an all-gather gives every rank the global
//    totals (folded in rank order) and so the same Units as one rank.
// 2. Each rank classifies its items with those units (global item numbers),
//    and an all-gather of the per-rank class counts and sums turns its local
//    prefix sums into global ones (offsets folded in rank order).
// 3. A rank's lights search values in [D_lo, D_hi], its heavies in
//    [E_lo, E_hi]: one all-reduce counts, over all ranks, the heavies below
//    and the lights at or below each rank's ends; then each rank receives
//    just the window of the other class those counts span (an all-to-all)
//    and pairs its own columns: their searches start at the window's base.
// 4. Draws: a draw's column comes from its random bits and the global size,
//    so every rank computes every draw's column and makes the draws that fall
//    in its own columns (the random bits of all draws per rank: cheap next to
//    the table reads and count updates, which each rank does for its share).
//    A draw that gives another rank's item (a light's alias) is counted in a
//    slot of its own, and those counts go to their owners (all-to-all).
// Per rank: O(own slice + windows) memory and work for the table, O(draws)
// random bits. The arithmetic is one rank's with global offsets added once,
// so the table and the counts are one rank's exactly for integer weights with
// n * sum < 2^53 (as kp::sample's own guarantee between spaces).
#include <mpi.h>

#include <Kokkos_Core.hpp>
#include <algorithm>
#include <climits>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <kp/impl/mpi_common.hpp>
#include <kp/sample.hpp>

namespace kp::mpi::detail {

// Records of type T to every rank (to[r] for rank r); returns the records
// every rank sent to this one, in rank order.
template <class T>
std::vector<T> all_to_all(MPI_Comm comm, const std::vector<std::vector<T>>& to) {
  static_assert(std::is_trivially_copyable_v<T>, "kp::mpi: records are copied as bytes");
  const int ranks = static_cast<int>(to.size());
  std::vector<int> send_bytes(ranks), send_at(ranks), recv_bytes(ranks), recv_at(ranks);
  std::vector<T> send;
  for (int r = 0; r < ranks; ++r) {
    send_at[r] = mpi_count("kp::mpi", static_cast<std::int64_t>(send.size() * sizeof(T)));
    send_bytes[r] = mpi_count("kp::mpi", static_cast<std::int64_t>(to[r].size() * sizeof(T)));
    send.insert(send.end(), to[r].begin(), to[r].end());
  }
  check(MPI_Alltoall(send_bytes.data(), 1, MPI_INT, recv_bytes.data(), 1, MPI_INT, comm),
        "MPI_Alltoall");
  std::int64_t total = 0;
  for (int r = 0; r < ranks; ++r) {
    recv_at[r] = mpi_count("kp::mpi", total);
    total += recv_bytes[r];
  }
  std::vector<T> received(static_cast<std::size_t>(total) / sizeof(T));
  check(MPI_Alltoallv(send.data(), send_bytes.data(), send_at.data(), MPI_BYTE, received.data(),
                      recv_bytes.data(), recv_at.data(), MPI_BYTE, comm),
        "MPI_Alltoallv");
  return received;
}

namespace alias {

using impl::DrawColumn;
using impl::View;
using impl::WeightTotals;

// Elements [at, at + count), as a subview's range.
inline std::pair<std::int64_t, std::int64_t> range(std::int64_t at, std::int64_t count) {
  return {at, at + count};
}

// A rank's classes after classifying: counts, local prefix sums at the ends
// (before the global offsets), and its first heavy item.
struct Classes {
  std::int64_t lights, heavies;
  double deficit_last, deficit_second_last, excess_first, excess_last;
  std::uint32_t first_heavy;
};

template <class Space>
struct ReadClasses {
  std::int64_t n;
  View<std::int64_t, Space> heavies;
  View<std::uint32_t*, Space> heavy_item;
  View<double*, Space> light_prefix, heavy_prefix;
  View<Classes, Space> out;
  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t) const {
    const std::int64_t b = n > 0 ? heavies() : 0, a = n - b;
    out() = {a,
             b,
             a > 0 ? light_prefix(a - 1) : 0.0,
             a > 1 ? light_prefix(a - 2) : 0.0,
             b > 0 ? heavy_prefix(0) : 0.0,
             b > 0 ? heavy_prefix(b - 1) : 0.0,
             b > 0 ? heavy_item(0) : 0u};
  }
};

template <class Space>
struct AddOffset {
  View<double*, Space> prefix;
  double offset;
  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t i) const { prefix(i) = offset + prefix(i); }
};

// For each query q: how many of this rank's values (sorted) are below it
// (or at most it).
template <class Space>
struct CountBelow {
  View<const double*, Space> values;
  View<const double*, Space> queries;
  View<std::int64_t*, Space> counts;
  bool or_equal;
  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t q) const {
    counts(q) =
        impl::alias_build::count_below(values.data(), values.extent(0), queries(q), or_equal);
  }
};

// A window of the heavies a rank's lights alias: global numbers
// [base, base + size), their excess prefix sums and items.
template <class Space>
struct HeavyWindow {
  std::int64_t base, first;  // `first`: c(D_lo), the count below the lowest query (>= base)
  View<const double*, Space> excess;
  View<const std::uint32_t*, Space> item;
  std::int64_t own_at, own_count;  // where this rank's own heavies are in it
  // The window's heavies of other ranks get count slots, in window order.
  KOKKOS_INLINE_FUNCTION std::int64_t others() const { return item.extent(0) - own_count; }
  KOKKOS_INLINE_FUNCTION std::int64_t other_slot(std::int64_t at) const {
    return at < own_at ? at : at - own_count;
  }
};
// A window of the lights a rank's heavies search: global numbers from `base`.
template <class Space>
struct LightWindow {
  std::int64_t base, first;  // `first`: k(E_lo)
  View<const double*, Space> deficit;
};

// Column r of this rank: PairColumns' arithmetic, with global light and
// heavy numbers, the other class's window, and count slots for items:
// this rank's items first, then one per element of the heavy window (used
// where that heavy is another rank's), then the heavy after this rank's
// last and the last positive item (used where they are another rank's).
// As PairColumns, build_chunk() columns an index, whose searches gallop
// forward from the one before (ForwardSearch): on GPUs one column a thread,
// a binary search each.
template <class Space, class Weight>
struct PairSlice {
  View<const Weight*, Space> weights;
  impl::alias_build::Units units;
  std::int64_t lights, heavies;          // this rank's a_r, b_r
  std::int64_t all_lights, all_heavies;  // a, b
  std::int64_t heavy_base;               // global number of this rank's heavy 0
  double deficit_before, deficit_total;  // D before this rank's first light; D_(a-1)
  std::uint32_t first_item;              // this rank's item 0
  std::uint32_t last_positive;
  View<std::uint32_t*, Space> light_item, heavy_item;
  View<double*, Space> light_prefix, heavy_prefix;
  HeavyWindow<Space> heavy_window;
  LightWindow<Space> light_window;
  View<DrawColumn*, Space> table;
  std::int64_t chunk;  // columns an index

  KOKKOS_INLINE_FUNCTION std::uint32_t own_slot(std::uint32_t item) const {
    return item - first_item;
  }
  KOKKOS_INLINE_FUNCTION bool is_own(std::uint32_t item) const {
    return own_slot(item) < table.extent(0);
  }
  // Slots past the window's others: the heavy after this rank's last, then the last
  // positive item.
  KOKKOS_INLINE_FUNCTION std::uint32_t extra_slot(int k) const {
    return static_cast<std::uint32_t>(table.extent(0) + heavy_window.others() + k);
  }
  KOKKOS_INLINE_FUNCTION void store(std::uint32_t item, double keep, std::uint32_t slot) const {
    table(own_slot(item)) = impl::to_draw_column(own_slot(item), {keep, slot});
  }

  // Searches of p past its first `skip` values (none where it has no more).
  static KOKKOS_INLINE_FUNCTION impl::alias_build::ForwardSearch search_from(
      const View<const double*, Space>& p, std::int64_t skip, bool or_equal) {
    const auto size = static_cast<std::int64_t>(p.extent(0));
    return skip < size ? impl::alias_build::ForwardSearch(p.data() + skip, size - skip, or_equal)
                       : impl::alias_build::ForwardSearch(p.data(), 0, or_equal);
  }

  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t c) const {
    const impl::alias_build::ChunkRange columns(c, chunk, lights + heavies);
    // A light's search of the heavy window's E, a heavy's of the light
    // window's D, from the window's first searched element.
    auto in_excess =
        search_from(heavy_window.excess, heavy_window.first - heavy_window.base, false);
    auto in_deficit =
        search_from(light_window.deficit, light_window.first - light_window.base, true);
    for (std::int64_t r = columns.begin; r < columns.end; ++r) column(r, in_excess, in_deficit);
  }

  KOKKOS_INLINE_FUNCTION void column(std::int64_t r, impl::alias_build::ForwardSearch& in_excess,
                                     impl::alias_build::ForwardSearch& in_deficit) const {
    if (r < lights) {
      const std::uint32_t item = light_item(r);
      if (all_heavies == 0) {  // see PairColumns
        const bool positive = weights(own_slot(item)) > 0;
        const std::uint32_t alias = positive ? item : last_positive;
        store(item, positive ? 1.0 : 0.0, is_own(alias) ? own_slot(alias) : extra_slot(1));
        return;
      }
      const double before = r > 0 ? light_prefix(r - 1) : deficit_before;
      const HeavyWindow<Space>& w = heavy_window;
      const std::int64_t used_up = w.first + in_excess(before);
      const std::int64_t heavy = used_up < all_heavies - 1 ? used_up : all_heavies - 1;
      const std::uint32_t alias = w.item(heavy - w.base);
      store(item, weights(own_slot(item)) * units.per_weight / units.column,
            is_own(alias)
                ? own_slot(alias)
                : static_cast<std::uint32_t>(table.extent(0) + w.other_slot(heavy - w.base)));
      return;
    }
    const std::int64_t j = r - lights;
    const std::uint32_t item = heavy_item(j);
    const double excess = heavy_prefix(j);
    if (all_lights > 0 && heavy_base + j + 1 < all_heavies && excess < deficit_total) {
      const LightWindow<Space>& w = light_window;
      const std::int64_t k = w.first + in_deficit(excess);
      const double keep = 1 - (w.deficit(k - w.base) - excess) / units.column;
      store(item, keep < 0 ? 0.0 : keep,
            j + 1 < heavies ? own_slot(heavy_item(j + 1)) : extra_slot(0));
    } else {
      store(item, 1.0, own_slot(item));
    }
  }
};

// A draw's count slot on this rank, or impl::kNotHere when its column is
// another rank's.
template <class Space>
struct ReadSlice {
  static constexpr bool kMaySkip = true;
  View<const DrawColumn*, Space> columns;  // this rank's
  std::uint64_t n;                         // all columns
  std::uint32_t first;                     // this rank's first column
  KOKKOS_INLINE_FUNCTION std::uint32_t operator()(std::uint64_t bits) const {
    const auto column = static_cast<std::uint32_t>(((bits >> 32) * n) >> 32);
    const std::uint32_t own = column - first;
    if (own >= columns.extent(0)) return impl::kNotHere;
    return impl::draw_from(own, columns(own), static_cast<std::uint32_t>(bits));
  }
};

// counts(slot) += added(i) for slot = at(i), or, given heavy_item, for the
// item of local heavy at(i).
template <class Counts>
struct AddCounts {
  using Space = typename Counts::execution_space;
  Counts counts;
  View<const std::uint32_t*, Space> at;
  View<const std::uint64_t*, Space> added;
  View<std::uint32_t*, Space> heavy_item;
  std::uint32_t first_item;
  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t i) const {
    const std::uint32_t slot = heavy_item.extent(0) > 0 ? heavy_item(at(i)) - first_item : at(i);
    impl::atomic_count(&counts(slot), static_cast<typename Counts::value_type>(added(i)));
  }
};

// host[first, first + count) of a View of the space; fences.
template <class T, class Space>
std::vector<T> read_range(const Space& space, const View<T*, Space>& v, std::int64_t first,
                          std::int64_t count) {
  std::vector<T> host(count > 0 ? count : 0);
  if (count > 0) {
    Kokkos::deep_copy(space, HostArray<T>(host.data(), count),
                      Kokkos::subview(v, range(first, count)));
    space.fence();
  }
  return host;
}

template <class T, class Space>
View<const T*, Space> to_space(const Space& space, const std::vector<T>& host, const char* label) {
  View<T*, Space> v(Kokkos::view_alloc(Kokkos::WithoutInitializing, std::string(label)),
                    host.size());
  Kokkos::deep_copy(space, v, HostArray<const T>(host.data(), host.size()));
  return v;
}

// A rank's work arrays for its slice (kept in the workspace cache).
template <class Space>
struct SliceBuffers {
  View<std::uint32_t*, Space> light_item, heavy_item;
  View<double*, Space> light_prefix, heavy_prefix;
  View<DrawColumn*, Space> table;
  std::int64_t capacity() const { return light_item.extent(0); }
};
template <class Space, class Count>
struct SlotCounts {
  View<Count*, Space> counts;
};

// Global numbers [lo, hi] of an array (empty when hi < lo); `first` is
// where a window's searches start (see PairSlice).
struct Window {
  std::int64_t first, lo, hi;
};

// A part of an array: `count` elements from element `at`.
struct Part {
  std::int64_t at, count;
};

// The elements of window w that rank q holds (elements [base[q], base[q + 1]))
// as a part counted from w.lo.
inline Part part_on(const Window& w, const std::vector<std::int64_t>& base, int q) {
  const std::int64_t lo = std::max(w.lo, base[q]), hi = std::min(w.hi, base[q + 1] - 1);
  return Part{lo - w.lo, std::max<std::int64_t>(0, hi - lo + 1)};
}

// MPI_Alltoallv of elements of T: send[r] of send_data to rank r, recv[r]
// of recv_data from rank r (offsets and counts below 2^31: the caller checks).
template <class T>
void all_to_all_parts(MPI_Comm comm, const T* send_data, const std::vector<Part>& send,
                      T* recv_data, const std::vector<Part>& recv) {
  std::vector<int> send_count, send_at, recv_count, recv_at;
  for (std::size_t r = 0; r < send.size(); ++r) {
    send_count.push_back(static_cast<int>(send[r].count));
    send_at.push_back(static_cast<int>(send[r].count > 0 ? send[r].at : 0));
    recv_count.push_back(static_cast<int>(recv[r].count));
    recv_at.push_back(static_cast<int>(recv[r].count > 0 ? recv[r].at : 0));
  }
  check(MPI_Alltoallv(send_data, send_count.data(), send_at.data(), datatype<T>(), recv_data,
                      recv_count.data(), recv_at.data(), datatype<T>(), comm),
        "MPI_Alltoallv");
}

// The elements [lo, hi] = window_of(rank) of an array spread over the ranks
// in rank order (rank q holds elements [base[q], base[q + 1]) in `local`),
// as a View of the space: this rank's own part copied on the space, the
// others' received straight into the window (host spaces) or through a host
// buffer. Collective: window_of(r) is rank r's window on every rank.
template <class T, class Space, class WindowOf>
View<const T*, Space> gather_window(MPI_Comm comm, const Space& space, const View<T*, Space>& local,
                                    const std::vector<std::int64_t>& base,
                                    const WindowOf& window_of) {
  const int ranks = comm_size(comm), rank = comm_rank(comm);
  const Window w = window_of(rank);
  const std::int64_t size = w.hi >= w.lo ? w.hi - w.lo + 1 : 0;
  const Part own = part_on(w, base, rank);
  const std::int64_t own_first = own.at + w.lo - base[rank];  // in `local`
  // A window of this rank's elements only (all of them on one rank) is a
  // part of `local`; any other is a new array with this rank's part copied.
  const View<T*, Space> window =
      own.count == size ? View<T*, Space>(Kokkos::subview(local, range(own_first, size)))
                        : View<T*, Space>(Kokkos::view_alloc(Kokkos::WithoutInitializing,
                                                             std::string("kp::mpi::sample window")),
                                          size);
  if (own.count > 0 && own.count < size) {
    Kokkos::deep_copy(space, Kokkos::subview(window, range(own.at, own.count)),
                      Kokkos::subview(local, range(own_first, own.count)));
  }
  // What this rank sends, as parts of `local`, and receives, as parts of the window.
  std::vector<Part> send(ranks, Part{0, 0}), recv(ranks, Part{0, 0});
  std::int64_t send_lo = base[rank + 1] - base[rank], send_hi = 0;  // the parts' hull
  for (int r = 0; r < ranks; ++r) {
    if (r == rank) continue;
    const Window wr = window_of(r);
    const Part p = part_on(wr, base, rank);
    send[r] = {p.at + wr.lo - base[rank], p.count};
    if (p.count > 0) {
      send_lo = std::min(send_lo, send[r].at);
      send_hi = std::max(send_hi, send[r].at + p.count);
    }
    recv[r] = part_on(w, base, r);
  }
  constexpr bool kHost =
      Kokkos::SpaceAccessibility<Kokkos::HostSpace, impl::Memory<Space>>::accessible;
  if constexpr (kHost) {
    space.fence();  // `local` written
    all_to_all_parts(comm, local.data(), send, window.data(), recv);
  } else {  // through host buffers: the sends' hull, and the whole window
    std::vector<T> out(std::max<std::int64_t>(0, send_hi - send_lo)),
        in(own.count < size ? size : 0);
    if (!out.empty()) {
      Kokkos::deep_copy(space, HostArray<T>(out.data(), out.size()),
                        Kokkos::subview(local, range(send_lo, out.size())));
      space.fence();
    }
    for (Part& p : send) p.at -= p.count > 0 ? send_lo : 0;
    all_to_all_parts(comm, out.data(), send, in.data(), recv);
    const std::int64_t below = std::min(own.count > 0 ? own.at : size, size);
    const std::int64_t above = own.count > 0 ? own.at + own.count : size;
    if (below > 0) {
      Kokkos::deep_copy(space, Kokkos::subview(window, range(0, below)),
                        HostArray<const T>(in.data(), below));
    }
    if (above < size) {
      Kokkos::deep_copy(space, Kokkos::subview(window, range(above, size - above)),
                        HostArray<const T>(in.data() + above, size - above));
    }
    space.fence();  // before the buffers go
  }
  return window;
}

struct RemoteCount {
  std::uint64_t item, count;
};

// See the header. `weights`: this rank's, contiguous on the space; `counts`:
// one per weight, written. The caller has checked that their sizes agree.
template <class Space, class Weight, class CountsView>
void sample(MPI_Comm comm, const char* call, const Space& space,
            const View<const Weight*, Space>& weights, std::uint64_t draws, std::uint64_t seed,
            const CountsView& counts) {
  using Count = impl::value_t<CountsView>;
  const int ranks = comm_size(comm), rank = comm_rank(comm);
  const std::int64_t own = weights.extent(0);

  // 1. The global totals.
  struct Slice {
    std::int64_t size;
    WeightTotals totals;
  };
  const auto slices = all_gather(comm, call, [&] {
    WeightTotals t;
    Kokkos::parallel_reduce("kp::mpi::sample::totals", impl::IndexRange<Space>(space, 0, own),
                            impl::alias_build::SumWeights<Space, Weight>{weights}, t);
    return Slice{own, t};
  });
  std::vector<std::int64_t> start(ranks + 1, 0);
  WeightTotals totals;
  impl::alias_build::SumWeights<Space, Weight>{}.init(totals);
  for (int r = 0; r < ranks; ++r) {
    WeightTotals t = slices[r].totals;
    if (t.last_positive >= 0) t.last_positive += start[r];
    impl::alias_build::SumWeights<Space, Weight>{}.join(totals, t);
    start[r + 1] = start[r] + slices[r].size;
  }
  const std::int64_t n = start[ranks];
  impl::check_weight_count(n);
  impl::check_totals(totals);  // the same totals, so the same error, on every rank
  const auto first_item = static_cast<std::uint32_t>(start[rank]);

  // 2. Classes and global prefix sums.
  const View<WeightTotals, Space> totals_view("kp::mpi::sample totals");
  Kokkos::deep_copy(space, totals_view, totals);
  const View<std::int64_t, Space> heavies_view("kp::mpi::sample heavies");
  const auto alloc = [&](const char* label) {
    return Kokkos::view_alloc(Kokkos::WithoutInitializing, std::string(label));
  };
  // The slice's work arrays and table, from the workspace cache.
  const auto buffers = impl::workspace<SliceBuffers<Space>>(
      space, [&](const SliceBuffers<Space>& b) { return b.capacity() >= own; },
      [&] {
        using Items = View<std::uint32_t*, Space>;
        using Prefix = View<double*, Space>;
        return SliceBuffers<Space>{Items(alloc("kp::mpi::sample lights"), own),
                                   Items(alloc("kp::mpi::sample heavies"), own),
                                   Prefix(alloc("kp::mpi::sample deficits"), own),
                                   Prefix(alloc("kp::mpi::sample excesses"), own),
                                   View<DrawColumn*, Space>(alloc("kp::mpi::sample table"), own)};
      });
  const auto first = [](const auto& v, std::int64_t count) {
    return Kokkos::subview(v, range(0, count));
  };
  const View<std::uint32_t*, Space> light_item = first(buffers->light_item, own),
                                    heavy_item = first(buffers->heavy_item, own);
  const View<double*, Space> light_prefix = first(buffers->light_prefix, own),
                             heavy_prefix = first(buffers->heavy_prefix, own);
  const impl::IndexRange<Space> items(space, 0, own);
  impl::alias_build::classify(space, "kp::mpi::sample::classify",
                              impl::alias_build::ClassifyAndCompact<Space, Weight>{
                                  weights, totals_view, heavies_view, light_item, heavy_item,
                                  light_prefix, heavy_prefix, n, first_item});
  const View<Classes, Space> classes_view("kp::mpi::sample classes");
  Kokkos::parallel_for(
      "kp::mpi::sample::ends", impl::IndexRange<Space>(space, 0, 1),
      ReadClasses<Space>{own, heavies_view, heavy_item, light_prefix, heavy_prefix, classes_view});
  Classes mine;
  Kokkos::deep_copy(space, Kokkos::View<Classes, Kokkos::HostSpace>(&mine), classes_view);
  space.fence();
  std::vector<Classes> classes(ranks);
  check(MPI_Allgather(&mine, sizeof(Classes), MPI_BYTE, classes.data(), sizeof(Classes), MPI_BYTE,
                      comm),
        "MPI_Allgather");
  // Offsets in rank order: light and heavy numbers, and the D and E before
  // each rank (the last light's global D is the next rank's offset, so a
  // rank's values and its neighbours' agree to the bit).
  std::vector<std::int64_t> light_base(ranks + 1, 0), heavy_base(ranks + 1, 0);
  std::vector<double> deficit_before(ranks + 1, 0.0), excess_before(ranks + 1, 0.0);
  for (int r = 0; r < ranks; ++r) {
    const Classes& c = classes[r];
    light_base[r + 1] = light_base[r] + c.lights;
    heavy_base[r + 1] = heavy_base[r] + c.heavies;
    deficit_before[r + 1] = c.lights > 0 ? deficit_before[r] + c.deficit_last : deficit_before[r];
    excess_before[r + 1] = c.heavies > 0 ? excess_before[r] + c.excess_last : excess_before[r];
  }
  const std::int64_t a = light_base[ranks], b = heavy_base[ranks];
  if (mine.lights > 0 && rank > 0) {
    Kokkos::parallel_for("kp::mpi::sample::deficit-offset",
                         impl::IndexRange<Space>(space, 0, mine.lights),
                         AddOffset<Space>{light_prefix, deficit_before[rank]});
  }
  if (mine.heavies > 0 && rank > 0) {
    Kokkos::parallel_for("kp::mpi::sample::excess-offset",
                         impl::IndexRange<Space>(space, 0, mine.heavies),
                         AddOffset<Space>{heavy_prefix, excess_before[rank]});
  }

  // 3. Each rank's query ends, counted against every rank's values: rank
  // r's lights search D_lo(r), D_hi(r) in the heavies (strictly below), its
  // heavies E_lo(r), E_hi(r) in the lights (at most). Summed over the ranks,
  // the counts are global. A rank without lights or heavies asks -inf.
  const double none = -std::numeric_limits<double>::infinity();
  std::vector<double> queries(4 * ranks, none);  // [2r, 2r+1] lights', [2p + 2r, ..] heavies'
  for (int r = 0; r < ranks; ++r) {
    const Classes& c = classes[r];
    if (c.lights > 0) {
      queries[2 * r] = deficit_before[r];
      queries[2 * r + 1] =
          c.lights > 1 ? deficit_before[r] + c.deficit_second_last : deficit_before[r];
    }
    if (c.heavies > 0) {
      queries[2 * ranks + 2 * r] = excess_before[r] + c.excess_first;
      queries[2 * ranks + 2 * r + 1] = excess_before[r] + c.excess_last;
    }
  }
  const View<const double*, Space> query_view = to_space(space, queries, "kp::mpi::sample queries");
  const View<std::int64_t*, Space> below_view(alloc("kp::mpi::sample below"), 4 * ranks);
  Kokkos::parallel_for("kp::mpi::sample::count-heavies",
                       impl::IndexRange<Space>(space, 0, 2 * ranks),
                       CountBelow<Space>{Kokkos::subview(heavy_prefix, range(0, mine.heavies)),
                                         Kokkos::subview(query_view, range(0, 2 * ranks)),
                                         Kokkos::subview(below_view, range(0, 2 * ranks)), false});
  Kokkos::parallel_for(
      "kp::mpi::sample::count-lights", impl::IndexRange<Space>(space, 0, 2 * ranks),
      CountBelow<Space>{Kokkos::subview(light_prefix, range(0, mine.lights)),
                        Kokkos::subview(query_view, range(2 * ranks, 2 * ranks)),
                        Kokkos::subview(below_view, range(2 * ranks, 2 * ranks)), true});
  std::vector<std::int64_t> below = read_range(space, below_view, 0, 4 * ranks);
  check(MPI_Allreduce(MPI_IN_PLACE, below.data(), 4 * ranks, MPI_INT64_T, MPI_SUM, comm),
        "MPI_Allreduce");

  // The windows, as global numbers [lo, hi] (empty when hi < lo): the heavies
  // rank r's lights alias, the lights rank r's heavies search.
  const auto heavy_window_of = [&](int r) {
    if (classes[r].lights == 0 || b == 0) return Window{0, 0, -1};
    const std::int64_t first = below[2 * r];
    return Window{first, std::min(first, b - 1), std::min(below[2 * r + 1], b - 1)};
  };
  const auto light_window_of = [&](int r) {
    if (classes[r].heavies == 0 || a == 0) return Window{0, 0, -1};
    const std::int64_t first = below[2 * ranks + 2 * r];
    return Window{first, std::min(first, a - 1), std::min(below[2 * ranks + 2 * r + 1], a - 1)};
  };
  // MPI counts and offsets are ints: windows and slices below 2^31 elements
  // (checked alike on every rank: all know every rank's).
  for (int r = 0; r < ranks; ++r) {
    const std::int64_t widest =
        std::max({heavy_window_of(r).hi - heavy_window_of(r).lo,
                  light_window_of(r).hi - light_window_of(r).lo, ranks > 1 ? slices[r].size : 0});
    if (widest >= INT_MAX) {
      throw std::invalid_argument(std::string(call) + ": rank " + std::to_string(r) +
                                  " would exchange 2^31 or more elements (MPI's int counts)");
    }
  }
  // The windows on this rank: its own part copied on the space, the other
  // ranks' parts received.
  const auto window_excess = gather_window(comm, space, heavy_prefix, heavy_base, heavy_window_of);
  const auto window_item = gather_window(comm, space, heavy_item, heavy_base, heavy_window_of);
  const auto window_deficit = gather_window(comm, space, light_prefix, light_base, light_window_of);
  // The heavy after this rank's last (the first of the next rank with heavies).
  std::uint32_t next_heavy = 0;
  for (int r = rank + 1; r < ranks; ++r) {
    if (classes[r].heavies > 0) {
      next_heavy = classes[r].first_heavy;
      break;
    }
  }
  const auto last_positive = static_cast<std::uint32_t>(totals.last_positive);

  const View<DrawColumn*, Space> table = first(buffers->table, own);
  const auto in_rank = [&](const Window& w, int q) { return part_on(w, heavy_base, q); };
  const Window hw = heavy_window_of(rank), lw = light_window_of(rank);
  const Part own_heavies = in_rank(hw, rank);
  const std::int64_t pair_chunk = impl::alias_build::build_chunk<Space>();
  Kokkos::parallel_for(
      "kp::mpi::sample::pair", impl::alias_build::chunk_indices(space, own, pair_chunk),
      PairSlice<Space, Weight>{
          weights,
          impl::alias_build::Units(n, totals),
          mine.lights,
          mine.heavies,
          a,
          b,
          heavy_base[rank],
          deficit_before[rank],
          deficit_before[ranks],
          first_item,
          last_positive,
          light_item,
          heavy_item,
          light_prefix,
          heavy_prefix,
          {hw.lo, hw.first, window_excess, window_item, own_heavies.at, own_heavies.count},
          {lw.lo, lw.first, window_deficit},
          table,
          pair_chunk});

  // 4. The draws into this rank's count slots; then each rank sends the
  // counts of the heavies in its window to their owners (plain counts: the
  // owner knows the window), and the two extra slots as (item, count).
  const std::int64_t window_slots = (hw.hi >= hw.lo ? hw.hi - hw.lo + 1 : 0) - own_heavies.count;
  const std::int64_t slots = own + window_slots + 2;
  const auto slot_buffer = impl::workspace<SlotCounts<Space, Count>>(
      space,
      [&](const SlotCounts<Space, Count>& c) { return c.counts.extent(0) >= std::size_t(slots); },
      [&] {
        return SlotCounts<Space, Count>{
            View<Count*, Space>(alloc("kp::mpi::sample counts"), slots)};
      });
  const View<Count*, Space> slot_counts = first(slot_buffer->counts, slots);
  impl::draw_with(space, ReadSlice<Space>{table, static_cast<std::uint64_t>(n), first_item}, draws,
                  seed, slot_counts, Algorithm::automatic, false);
  const std::vector<Count> drawn = read_range(space, slot_counts, own, window_slots + 2);
  std::vector<Part> send(ranks, Part{0, 0}), recv(ranks, Part{0, 0});
  std::int64_t received = 0;
  for (int q = 0; q < ranks; ++q) {
    if (q == rank) continue;
    send[q] = in_rank(hw, q);  // wholly below or above this rank's own heavies
    send[q].at -= send[q].at < own_heavies.at ? 0 : own_heavies.count;
    recv[q] = {received, in_rank(heavy_window_of(q), rank).count};
    received += recv[q].count;
  }
  std::vector<Count> window_counts(received);
  all_to_all_parts(comm, drawn.data(), send, window_counts.data(), recv);
  std::vector<std::vector<RemoteCount>> extra_sends(ranks);
  for (const auto& [item, count] : {std::make_pair(next_heavy, drawn[window_slots]),
                                    std::make_pair(last_positive, drawn[window_slots + 1])}) {
    if (count == 0) continue;
    const auto owner =
        std::upper_bound(start.begin(), start.end(), std::int64_t{item}) - start.begin() - 1;
    extra_sends[owner].push_back({item, count});
  }
  const std::vector<RemoteCount> extra_counts = all_to_all(comm, extra_sends);
  // Received in rank order: for each rank q, the counts of this rank's heavies
  // in q's window, by local heavy number; then the extra items.
  std::vector<std::uint32_t> add_heavy, add_item;
  std::vector<std::uint64_t> add_heavy_count(window_counts.begin(), window_counts.end()),
      add_item_count;
  for (int q = 0; q < ranks; ++q) {
    const Window wq = heavy_window_of(q);
    const Part p = in_rank(wq, rank);
    for (std::int64_t k = 0; q != rank && k < p.count; ++k) {
      add_heavy.push_back(static_cast<std::uint32_t>(wq.lo + p.at + k - heavy_base[rank]));
    }
  }
  for (const RemoteCount& c : extra_counts) {
    add_item.push_back(static_cast<std::uint32_t>(c.item - start[rank]));
    add_item_count.push_back(c.count);
  }
  if (!add_heavy.empty()) {
    Kokkos::parallel_for(
        "kp::mpi::sample::add-window-counts",
        impl::IndexRange<Space>(space, 0, static_cast<std::int64_t>(add_heavy.size())),
        AddCounts<View<Count*, Space>>{slot_counts, to_space(space, add_heavy, "kp::mpi::heavies"),
                                       to_space(space, add_heavy_count, "kp::mpi::counts"),
                                       heavy_item, first_item});
  }
  if (!add_item.empty()) {
    Kokkos::parallel_for(
        "kp::mpi::sample::add-extra-counts",
        impl::IndexRange<Space>(space, 0, static_cast<std::int64_t>(add_item.size())),
        AddCounts<View<Count*, Space>>{slot_counts,
                                       to_space(space, add_item, "kp::mpi::items"),
                                       to_space(space, add_item_count, "kp::mpi::counts"),
                                       {},
                                       0});
  }
  Kokkos::parallel_for("kp::mpi::sample::counts", items,
                       CopyElements<CountsView, View<Count*, Space>>{counts, slot_counts});
  space.fence();
}

}  // namespace alias
}  // namespace kp::mpi::detail
