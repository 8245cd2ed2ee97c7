#pragma once
// kp::mpi::sort: a sample sort of the ranks' slices of one global array.
//
// Each rank sorts its slice with the radix sort (impl/dispatch/sort.hpp) and
// cuts it into blocks of `block` keys; each block's first key is a sample,
// weighted by the block's length. The samples are all-gathered and sorted
// alike on every rank; the splitter of rank d is the first sample with at
// least d n / p of the weight before it. A key's place in the global order
// is (its order-preserving image, its position in the concatenation of the
// ranks' sorted slices): equal keys order by rank and then by their stable
// local order, i.e. by their global input position, and places are
// distinct, so equal keys are split between ranks like any others. Each
// rank sends the keys below rank d + 1's splitter and not below rank d's to
// rank d (one MPI_Alltoallv), and sorts the runs it received, which arrive
// in rank order: the stable radix sort puts equal keys in (source rank,
// position) order, the global input order.
//
// Balance: a rank's keys below a splitter are those of its blocks whose
// sample is below it, except for the rest of the last such block; so the
// keys below splitter d are within [W - p (block - 1), W] of the weight W
// before it, which is within [d n / p, d n / p + block - 1]. A rank ends
// with at most ceil(n / p) + (p + 1) (block - 1) keys (sort_count_bound),
// exactly its even share when block is 1 (n <= p kSortSamples).
#include <mpi.h>

#include <Kokkos_Core.hpp>
#include <algorithm>
#include <chrono>
#include <climits>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include <kp/impl/dispatch/sort.hpp>
#include <kp/impl/mpi/common.hpp>
#include <kp/impl/thread/radix_keys.hpp>

namespace kp::mpi::detail {

// Samples per rank, for a rank of an even share of the keys.
inline constexpr std::int64_t kSortSamples = 256;

// The keys of a block: one sample each (at least 1; 1 for n <= p kSortSamples).
inline std::int64_t sort_block(std::int64_t n, int ranks) {
  const std::int64_t samples = kSortSamples * ranks;
  return std::max<std::int64_t>(1, (n + samples - 1) / samples);
}

// The most keys a rank holds after the sort of n keys over `ranks` ranks.
inline std::int64_t sort_count_bound(std::int64_t n, int ranks) {
  return (n + ranks - 1) / ranks + (ranks + 1) * (sort_block(n, ranks) - 1);
}

// What one call did on this rank (kp::mpi::SortStats).
struct SortStats {
  std::int64_t count = 0;      // this rank's keys afterwards
  std::int64_t samples = 0;    // this rank's samples
  std::int64_t keys_sent = 0;  // this rank's keys sent to other ranks
  // Bytes this rank sent to other ranks in every collective (an
  // all-gather's counted once per receiving rank).
  std::int64_t bytes_sent = 0;
  // Seconds of each phase on this rank (wall clock; each phase ends with
  // `space` fenced): the local sort (with the all-gather of the sizes);
  // the samples, splitters and counts; the host copies and all-to-alls of
  // keys and values; the sort of the runs received.
  double local_sort_s = 0, split_s = 0, exchange_s = 0, merge_s = 0;
};

// Seconds since the last lap.
class Laps {
 public:
  double lap() {
    const auto now = std::chrono::steady_clock::now();
    const double s = std::chrono::duration<double>(now - last_).count();
    last_ = now;
    return s;
  }

 private:
  std::chrono::steady_clock::time_point last_ = std::chrono::steady_clock::now();
};

// A key's place in the global order: its order-preserving image, then its
// position in the concatenation of the ranks' sorted slices.
struct Place {
  std::uint64_t image;
  std::int64_t position;
  friend bool operator<(const Place& a, const Place& b) {
    return a.image < b.image || (a.image == b.image && a.position < b.position);
  }
};
// Above every key's place.
inline constexpr Place kPastAll{UINT64_MAX, INT64_MAX};

// The first key of a block of `weight` keys of one rank's sorted slice.
struct Sample {
  Place place;
  std::int64_t weight;
};

// floor(n d / p) without overflow.
inline std::int64_t share_end(std::int64_t n, std::int64_t d, std::int64_t p) {
  return n / p * d + n % p * d / p;
}

// Ranks 1 .. p - 1's splitters, from every rank's samples sorted by place:
// rank d's is the first sample with at least d n / p of the weight before
// it (past all keys where there is none).
inline std::vector<Place> splitters(const std::vector<Sample>& samples, std::int64_t n, int p) {
  std::vector<Place> out;
  std::size_t k = 0;
  std::int64_t before = 0;
  for (int d = 1; d < p; ++d) {
    const std::int64_t target = share_end(n, d, p);
    while (k < samples.size() && before < target) before += samples[k++].weight;
    out.push_back(k < samples.size() ? samples[k].place : kPastAll);
  }
  return out;
}

// How many of this rank's sorted keys (its global positions from `lo`)
// have places below `cut`.
template <class K>
std::int64_t count_below(const std::vector<K>& keys, std::int64_t lo, const Place& cut) {
  std::int64_t first = 0, count = static_cast<std::int64_t>(keys.size());
  while (count > 0) {  // the first key not below cut
    const std::int64_t step = count / 2, j = first + step;
    if (Place{impl::sort::image(keys[j], false), lo + j} < cut) {
      first = j + 1;
      count -= step + 1;
    } else {
      count = step;
    }
  }
  return first;
}

// How many of this rank's sorted keys go to each rank: samples from every
// rank (all-gathered), the same splitters on every rank, and the counts
// below each. `samples` gets this rank's number of samples.
template <class K>
std::vector<int> send_counts(MPI_Comm comm, const char* call, const std::vector<K>& keys,
                             const Slices& slice, int p, std::int64_t& samples) {
  const std::int64_t block = sort_block(slice.n_global, p);
  std::vector<Sample> mine;
  for (std::int64_t j = 0; j < slice.n; j += block) {
    mine.push_back(
        {Place{impl::sort::image(keys[j], false), slice.lo + j}, std::min(block, slice.n - j)});
  }
  samples = static_cast<std::int64_t>(mine.size());
  std::vector<Sample> all = all_gather_v(comm, call, mine);
  std::sort(all.begin(), all.end(),
            [](const Sample& a, const Sample& b) { return a.place < b.place; });
  const std::vector<Place> cuts = splitters(all, slice.n_global, p);
  std::vector<int> counts(p);
  std::int64_t below = 0;
  for (int d = 0; d < p; ++d) {
    const std::int64_t next = d + 1 < p ? count_below(keys, slice.lo, cuts[d]) : slice.n;
    counts[d] = static_cast<int>(next - below);
    below = next;
  }
  return counts;
}

// The runs of `send` (send_counts[d] elements to rank d, in order) received
// from every rank, in rank order (one MPI_Alltoallv).
template <class T>
std::vector<T> all_to_all(MPI_Comm comm, const char* call, const std::vector<T>& send,
                          const std::vector<int>& send_counts,
                          const std::vector<int>& recv_counts) {
  const auto send_at = displacements(call, send_counts).first;
  const auto [recv_at, total] = displacements(call, recv_counts);
  std::vector<T> received(static_cast<std::size_t>(total));
  const BytesType<T> type;
  check(MPI_Alltoallv(send.data(), send_counts.data(), send_at.data(), type.get(), received.data(),
                      recv_counts.data(), recv_at.data(), type.get(), comm),
        "MPI_Alltoallv");
  return received;
}

// The user's View holds `host`: written in place when its length is
// host's, else a new allocation of that length (the View's label) first.
template <class Space, class V>
void assign(const Space& space, V& view, const std::vector<impl::value_t<V>>& host) {
  if (view.extent(0) != host.size()) {
    const std::string label = view.label().empty() ? "kp::mpi::sort" : view.label();
    view = V(Kokkos::view_alloc(Kokkos::WithoutInitializing, label), host.size());
  }
  from_host(space, host, view);
}

// The keys and values a sort can reallocate: owning rank-1 Views whose
// layout a length alone describes.
template <class V>
void check_resizable() {
  static_assert(std::is_same_v<typename V::array_layout, Kokkos::LayoutRight> ||
                    std::is_same_v<typename V::array_layout, Kokkos::LayoutLeft>,
                "kp::mpi::sort: keys and values are LayoutRight or LayoutLeft Views (resized)");
  static_assert(!V::traits::memory_traits::is_unmanaged,
                "kp::mpi::sort: keys and values own their memory (they are resized)");
}

// The checks every rank can make alike from every rank's size.
inline void check_counts(const char* call, const Slices& slice, int p) {
  const std::int64_t bound = sort_count_bound(slice.n_global, p);
  std::int64_t largest = bound;
  for (std::size_t r = 0; r + 1 < slice.starts.size(); ++r) {
    largest = std::max(largest, slice.starts[r + 1] - slice.starts[r]);
  }
  if (largest > INT_MAX) {
    throw std::invalid_argument(std::string(call) + ": a rank may send or receive " +
                                std::to_string(largest) + " elements; MPI counts stop at 2^31 - 1");
  }
}

// The bytes a value takes (none without values).
template <class ValueView>
constexpr std::int64_t value_bytes() {
  if constexpr (std::is_same_v<ValueView, impl::sort::NoValues>) {
    return 0;
  } else {
    return sizeof(impl::value_t<ValueView>);
  }
}

// The bytes this rank sent to each other rank, times the others: its size
// and error flag (16 bytes, all_gather's record), its sample count and its
// samples, its count for that rank; plus the keys (and values) that left.
template <class KeyView, class ValueView>
std::int64_t bytes_sent(const SortStats& stats, int p) {
  const auto sample = static_cast<std::int64_t>(sizeof(Sample));
  const auto per_key =
      static_cast<std::int64_t>(sizeof(impl::value_t<KeyView>)) + value_bytes<ValueView>();
  return (p - 1) * (16 + 4 + stats.samples * sample + 4) + stats.keys_sent * per_key;
}

template <class Space, class KeyView, class ValueView>
SortStats sort(MPI_Comm comm, const char* call, const Space& space, KeyView& keys,
               ValueView& values) {
  constexpr bool has_values = !std::is_same_v<ValueView, impl::sort::NoValues>;
  check_resizable<KeyView>();
  if constexpr (has_values) check_resizable<ValueView>();
  SortStats stats;
  Laps laps;
  // The local sort, its errors agreed on by every rank.
  const std::vector<std::int64_t> sizes = all_gather(comm, call, [&] {
    impl::sort::sort_keys(call, space, keys, impl::sort::all_bits, values, false);
    return static_cast<std::int64_t>(keys.extent(0));
  });
  stats.local_sort_s = laps.lap();
  stats.count = static_cast<std::int64_t>(keys.extent(0));
  const int p = comm_size(comm), me = comm_rank(comm);
  if (p == 1) return stats;  // sorted: nothing moves
  const Slices slice = slices_of(sizes, me);
  check_counts(call, slice, p);
  const auto host_keys = to_host(space, keys);
  stats.exchange_s = laps.lap();
  const std::vector<int> send = send_counts(comm, call, host_keys, slice, p, stats.samples);
  std::vector<int> receive(p);
  check(MPI_Alltoall(send.data(), 1, MPI_INT, receive.data(), 1, MPI_INT, comm), "MPI_Alltoall");
  stats.split_s = laps.lap();
  assign(space, keys, all_to_all(comm, call, host_keys, send, receive));
  if constexpr (has_values) {
    assign(space, values, all_to_all(comm, call, to_host(space, values), send, receive));
  }
  stats.exchange_s += laps.lap();
  // The runs merged: none to merge where at most one rank sent any.
  if (std::count_if(receive.begin(), receive.end(), [](int c) { return c > 0; }) > 1) {
    impl::sort::sort_keys(call, space, keys, impl::sort::all_bits, values, false);
  }
  stats.merge_s = laps.lap();
  stats.count = static_cast<std::int64_t>(keys.extent(0));
  stats.keys_sent = slice.n - send[me];
  stats.bytes_sent = bytes_sent<KeyView, ValueView>(stats, p);
  return stats;
}

}  // namespace kp::mpi::detail
