// The sort variants, written once for every execution space: make_typed_case
// builds the ones the run asks for. Each timed run of an in-place row first
// restores the unsorted keys (and an iota of values) into its working Views,
// then sorts them; the copy row times that restore alone.
#include <Kokkos_Core.hpp>
#include <Kokkos_Sort.hpp>
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <execution>
#include <functional>
#include <initializer_list>
#include <iostream>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

#include <kp/segmented_sort.hpp>
#include <kp/sort.hpp>

#include "harness/variants.hpp"
#ifdef KP_HAVE_STD_PAR
#include <tbb/parallel_sort.h>
#endif
#include "sort/cub_sort.hpp"
#include "sort/sort_app.hpp"

namespace bench::sort {

namespace {

// Calls the library may lack (their rows are then left out: variant_limit).
template <class Space, class K, class V>
concept PairsDescendingByBits = requires(Space space, View<K*, Space> keys,
                                         View<V*, Space> values) {
  kp::sort_by_key(space, keys, values, 0, 1, kp::descending);
};
template <class Space, class K, class I>
concept IndicesByBits = requires(Space space, View<K*, Space> keys, View<I*, Space> indices) {
  kp::sort_indices(space, keys, indices, 0, 1);
  kp::sort_indices(space, keys, indices, 0, 1, kp::descending);
};

// The first step of a timed run: keys(i) = in(i) and, where values are
// given, values(i) = i. On a host space it is done when launch() returns,
// since a host algorithm reads the keys next.
template <class Space, class T, class V = std::uint32_t>
struct Restore {
  View<const T*, Space> in;
  View<T*, Space> keys;
  View<V*, Space> values;  // empty: the keys alone

  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t i) const {
    keys(i) = in(i);
    if (values.extent(0) > 0) values(i) = static_cast<V>(i);
  }
  void launch() const {
    const auto n = static_cast<std::int64_t>(in.extent(0));
    Kokkos::parallel_for("sort::restore", Kokkos::RangePolicy<Space>(0, n), *this);
    if constexpr (!is_gpu_space<Space>()) Space().fence();
  }
};

// kp::sort, kp::sort_by_key and kp::sort_indices as the run asks: --order,
// and --bits B as the bit range [0, B).
template <class Space, class T>
void kp_sort(const View<T*, Space>& keys, const Order& order) {
  const Space space;
  if (order.bits < kKeyBits<T>) {
    if (order.descending) {
      kp::sort(space, keys, 0, order.bits, kp::descending);
    } else {
      kp::sort(space, keys, 0, order.bits);
    }
  } else if (order.descending) {
    kp::sort(space, keys, kp::descending);
  } else {
    kp::sort(space, keys);
  }
}

template <class Space, class T, class V>
void kp_sort_by_key(const View<T*, Space>& keys, const View<V*, Space>& values,
                    const Order& order) {
  const Space space;
  if (order.bits < kKeyBits<T>) {
    if (!order.descending) {
      kp::sort_by_key(space, keys, values, 0, order.bits);
    } else if constexpr (PairsDescendingByBits<Space, T, V>) {
      kp::sort_by_key(space, keys, values, 0, order.bits, kp::descending);
    }
  } else if (order.descending) {
    kp::sort_by_key(space, keys, values, kp::descending);
  } else {
    kp::sort_by_key(space, keys, values);
  }
}

template <class Space, class T, class I>
void kp_sort_indices(const View<const T*, Space>& keys, const View<I*, Space>& indices,
                     const Order& order) {
  const Space space;
  if (order.bits < kKeyBits<T>) {
    if constexpr (IndicesByBits<Space, const T, I>) {
      if (order.descending) {
        kp::sort_indices(space, keys, indices, 0, order.bits, kp::descending);
      } else {
        kp::sort_indices(space, keys, indices, 0, order.bits);
      }
    }
  } else if (order.descending) {
    kp::sort_indices(space, keys, indices, kp::descending);
  } else {
    kp::sort_indices(space, keys, indices);
  }
}

// Returns make(less) for the run's strict order of T keys: std::less where
// the keys' own < is that order (the std baselines as users write them),
// else the order's comparator.
template <class T, class Make>
std::function<void()> with_less(const Order& order, const Make& make) {
  if (order.is_natural<T>()) return make(std::less<T>());
  return make([order](T a, T b) { return order.before(a, b); });
}

// The timed run of an in-place row: the restore, then `sort`.
template <class Restore, class Sort>
std::function<void()> after(const Restore& restore, const Sort& sort) {
  return [=] {
    restore.launch();
    sort();
  };
}

// The run of a std-style row: sort(first, first + n, less) after the
// restore, in the run's order.
template <class Restore, class T, class Sort>
std::function<void()> sort_after(const Restore& restore, const Order& order, T* first,
                                 std::int64_t n, const Sort& sort) {
  return with_less<T>(
      order, [=](auto less) { return after(restore, [=] { sort(first, first + n, less); }); });
}

// The array that std-stable-sort-pairs sorts, a key and its value together.
template <class T>
struct KeyValue {
  T key;
  std::uint32_t value;
};

// One member of an array of structs, as the checks read it.
template <class S, class M>
HostStrided<M> member_view(const Kokkos::View<S*, Kokkos::HostSpace>& array, M S::*member) {
  static_assert(sizeof(S) % sizeof(M) == 0, "the members' stride is a whole number of them");
  if (array.extent(0) == 0) return {};
  return HostStrided<M>(&(array.data()->*member),
                        Kokkos::LayoutStride(array.extent(0), sizeof(S) / sizeof(M)));
}

// A View's contents in host memory (itself on a host space), for a check.
template <class V>
HostStrided<typename V::non_const_value_type> host(const V& view) {
  return Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), view);
}

template <class V, class Space>
View<V*, Space> buffer(const std::string& label, std::int64_t n, bool used) {
  return View<V*, Space>(Kokkos::view_alloc(Kokkos::WithoutInitializing, "sort " + label),
                         used ? n : 0);
}

void add(SpaceCase& c, const char* name, std::function<void()> run, std::function<Check()> check,
         std::function<void()> poison, const char* form = "", double bytes = 0) {
  Variant variant{name, std::move(run), std::move(check), std::move(poison), bytes};
  variant.form = form;
  c.variants.push_back(std::move(variant));
}

#ifdef KP_HAVE_MPI
// The checked run's breakdown (a collective): each phase's slowest rank,
// the bytes every rank sent to the others per key, the largest rank's keys.
std::string breakdown(const kp::mpi::SortStats& stats, std::int64_t n) {
  const double local = max_over_ranks(stats.local_sort_s), split = max_over_ranks(stats.split_s);
  const double exchange = max_over_ranks(stats.exchange_s), merge = max_over_ranks(stats.merge_s);
  const double bytes = sum_over_ranks(static_cast<double>(stats.bytes_sent));
  const double largest = max_over_ranks(static_cast<double>(stats.count));
  char text[256];
  std::snprintf(text, sizeof text,
                "local sort %.3g ms, splitters %.3g ms, exchange %.3g ms, merge %.3g ms; "
                "%.3g B/key moved; largest rank %.0f keys (bound %lld)",
                1e3 * local, 1e3 * split, 1e3 * exchange, 1e3 * merge,
                n > 0 ? bytes / static_cast<double>(n) : 0.0, largest,
                static_cast<long long>(kp::mpi::sort_count_bound(n, ranks())));
  return text;
}

// kp::mpi::sort of this rank's slice (all of it on one rank): each timed
// run copies the slice into a fresh View, which the call resizes to the
// rank's share. The check gathers every rank's keys in rank order against
// the reference; its detail is the breakdown of one more run, warm.
template <class Space, class T>
void add_kp_mpi(SpaceCase& c, const Input<T>& input, const char* space) {
  const auto part = my_part(input.keys);
  const auto n = static_cast<std::int64_t>(input.keys.extent(0));
  const auto mine = buffer<T, Space>("mpi slice", static_cast<std::int64_t>(part.extent(0)), true);
  Kokkos::deep_copy(mine, part);
  const auto work = std::make_shared<View<T*, Space>>();
  const auto stats = std::make_shared<kp::mpi::SortStats>();
  const auto run = [=] {
    *work = buffer<T, Space>("kp-mpi keys", static_cast<std::int64_t>(mine.extent(0)), true);
    Kokkos::deep_copy(*work, mine);
    *stats = kp::mpi::sort(world(), Space(), *work);
  };
  const auto check = [&input, work, stats, n, space, run] {
    const auto keys = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), *work);
    const auto bytes = all_gather_varying(keys.data(), keys.extent(0) * sizeof(T));
    const Kokkos::View<T*, Kokkos::HostSpace> all("sort kp-mpi gathered", bytes.size() / sizeof(T));
    if (!bytes.empty()) std::memcpy(all.data(), bytes.data(), bytes.size());
    Check result = check_keys(input, all);
    run();  // the breakdown of a warm run (the checked one was the first)
    const std::string detail = breakdown(*stats, n);
    if (rank() == 0) std::cerr << "sort: kp-mpi on " << space << ": " << detail << "\n";
    if (result.pass) result.detail = detail;
    return result;
  };
  const auto poison = [work] { Kokkos::deep_copy(*work, poison_value<T>()); };
  add(c, "kp-mpi", run, check, poison);
  c.variants.back().global = true;
  // The case's items and bytes: this rank's share (the ranks' are summed;
  // on one rank, all of them, as for the other rows).
  c.items_per_run = static_cast<double>(part.extent(0));
  c.bytes_per_run = 4.0 * c.items_per_run * sizeof(T);
}
#endif

// The comparator sorts of the keys by the run's order (OrderLess): kp::sort
// with a comparator on every space, CUB's merge sort on CUDA. Main form:
// the same keys in the same stable order as the radix rows.
template <class Space, class T>
void add_comparator_rows(SpaceCase& c, const Input<T>& input, const Selection& selection,
                         const Restore<Space, T>& restore, const View<T*, Space>& keys,
                         const std::function<void()>& poison) {
  const Order order = input.order;
  const auto sorted = [&input, keys] { return check_keys(input, host(keys)); };
  if (selection.wants("kp-comparator")) {
    add(c, "kp-comparator", after(restore, [=] { kp::sort(Space(), keys, OrderLess<T>{order}); }),
        sorted, poison);
  }
#if defined(KOKKOS_ENABLE_CUDA)
  if constexpr (std::is_same_v<Space, Kokkos::Cuda>) {
    if (selection.wants("cub-merge-sort")) {
      add(c, "cub-merge-sort", after(restore, make_cub_merge_sort_keys<T>(keys, order)), sorted,
          poison);
    }
  }
#endif
}

// Each segment [offsets[s], offsets[s + 1]) of keys by std::sort, a host
// thread a segment (OpenMP: handed out dynamically).
template <class Space, class T, class Less>
void std_sort_segments(T* keys, const std::int64_t* offsets, std::int64_t segments, Less less) {
  Kokkos::parallel_for(
      "sort::std_sort_segments",
      Kokkos::RangePolicy<Space, Kokkos::Schedule<Kokkos::Dynamic>>(0, segments),
      [=](std::int64_t s) { std::sort(keys + offsets[s], keys + offsets[s + 1], less); });
  Space().fence();
}

template <class Space, class T>
void kp_segmented_sort(const View<T*, Space>& keys, const View<std::int64_t*, Space>& offsets,
                       bool descending) {
  if (descending) {
    kp::segmented_sort(Space(), keys, offsets, kp::descending);
  } else {
    kp::segmented_sort(Space(), keys, offsets);
  }
}

#if defined(KOKKOS_ENABLE_CUDA)
// CUB's segmented sort, keys in a DoubleBuffer with keys_alt.
template <class T>
void add_cub_segmented(SpaceCase& c, const Restore<Kokkos::Cuda, T>& restore,
                       const View<T*, Kokkos::Cuda>& keys,
                       const std::shared_ptr<Segmented<T>>& segmented, bool descending,
                       const std::function<void()>& poison) {
  using Space = Kokkos::Cuda;
  const auto n = static_cast<std::int64_t>(keys.extent(0));
  const auto keys_alt = buffer<T, Space>("keys alt", n, true);
  const View<int*, Space> offsets =
      buffer<int, Space>("int offsets", segmented->offsets.extent(0), true);
  const auto mirror = Kokkos::create_mirror_view(offsets);
  for (std::size_t i = 0; i < mirror.extent(0); ++i)
    mirror(i) = static_cast<int>(segmented->offsets(i));
  Kokkos::deep_copy(offsets, mirror);
  const auto current = std::make_shared<int>(0);
  add(
      c, "cub-segmented",
      after(restore, make_cub_segmented_sort_keys<T>(keys, keys_alt, offsets, descending, current)),
      [segmented, keys, keys_alt, current] {
        return check_segmented(*segmented, host(*current ? keys_alt : keys));
      },
      [=] {
        poison();
        Kokkos::deep_copy(keys_alt, poison_value<T>());
      },
      "segments");
}
#endif

// The segmented rows (form "segments"): the keys cut into segments of
// random lengths about selection.segment_length, each sorted on its own.
template <class Space, class T>
void add_segmented_rows(SpaceCase& c, const Input<T>& input, const Selection& selection,
                        const Restore<Space, T>& restore, const View<T*, Space>& keys,
                        const std::function<void()>& poison) {
  const std::vector<std::string> rows = {"kp-segmented", "std-sort-segments", "cub-segmented"};
  if (std::none_of(rows.begin(), rows.end(), [&](const auto& r) { return selection.wants(r); })) {
    return;
  }
  const auto segmented =
      std::make_shared<Segmented<T>>(make_segmented(input, selection.segment_length));
  const auto host_offsets = segmented->offsets;
  const auto segments = static_cast<std::int64_t>(host_offsets.extent(0)) - 1;
  const View<std::int64_t*, Space> offsets =
      buffer<std::int64_t, Space>("offsets", segments + 1, true);
  Kokkos::deep_copy(offsets, host_offsets);
  const auto check = [segmented, keys] { return check_segmented(*segmented, host(keys)); };
  const bool descending = input.order.descending;
  if (selection.wants("kp-segmented")) {
    add(c, "kp-segmented",
        after(restore, [=] { kp_segmented_sort<Space>(keys, offsets, descending); }), check, poison,
        "segments");
  }
  if constexpr (!is_gpu_space<Space>()) {
    if (selection.wants("std-sort-segments")) {
      const auto run = with_less<T>(input.order, [=](auto less) -> std::function<void()> {
        return after(restore, [=] {
          std_sort_segments<Space>(keys.data(), host_offsets.data(), segments, less);
        });
      });
      add(c, "std-sort-segments", run, check, poison, "segments");
    }
  }
#if defined(KOKKOS_ENABLE_CUDA)
  if constexpr (std::is_same_v<Space, Kokkos::Cuda>) {
    if (selection.wants("cub-segmented")) {
      add_cub_segmented(c, restore, keys, segmented, descending, poison);
    }
  }
#endif
}

}  // namespace

bool kp_sorts_pairs_descending_by_bits() {
  return PairsDescendingByBits<Kokkos::DefaultHostExecutionSpace, std::uint32_t, std::uint32_t>;
}

bool kp_sorts_indices_by_bits() {
  return IndicesByBits<Kokkos::DefaultHostExecutionSpace, const std::uint32_t, std::int64_t>;
}

template <class Space, class T>
SpaceCase make_typed_case(const Input<T>& input, const Selection& selection) {
  const auto n = static_cast<std::int64_t>(input.keys.extent(0));
  const Order order = input.order;
  const auto wants_any = [&selection](std::initializer_list<const char*> names) {
    return std::any_of(names.begin(), names.end(),
                       [&selection](const char* name) { return selection.wants(name); });
  };
  const View<T*, Space> unsorted = buffer<T, Space>("input", n, true);
  Kokkos::deep_copy(unsorted, input.keys);
  const View<const T*, Space> in = unsorted;
  // The working Views, allocated for the rows that use them.
  const bool keys_used =
      std::any_of(selection.variants.begin(), selection.variants.end(),
                  [](const std::string& name) { return name != "kp-indices" && name != "kp-mpi"; });
  const auto keys = buffer<T, Space>("keys", n, keys_used);
  const auto values =
      buffer<std::uint32_t, Space>("values", n, wants_any({"kp-pairs", "cub-radix-pairs"}));
  const auto indices =
      buffer<std::int64_t, Space>("indices", n, wants_any({"kp-indices", "cub-radix-indices"}));

  SpaceCase c;
  // Compulsory traffic (SortApp::summary): the restore's read and write of
  // the keys, and the sort's; pairs add the iota's write and the sort's read
  // and write of the values; indices read the keys once and write the indices.
  const double key_bytes = static_cast<double>(n) * sizeof(T);
  c.bytes_per_run = 4 * key_bytes;
  c.items_per_run = static_cast<double>(n);
  const double pair_bytes = 4 * key_bytes + 12.0 * static_cast<double>(n);
  const double index_bytes = key_bytes + 8.0 * static_cast<double>(n);
  const double copy_bytes = 2 * key_bytes;

  const Restore<Space, T> restore{in, keys, {}};
  const Restore<Space, T> restore_pairs{in, keys, values};
  const auto poison = [keys] { Kokkos::deep_copy(keys, poison_value<T>()); };
  const auto poison_pairs = [keys, values] {
    Kokkos::deep_copy(keys, poison_value<T>());
    Kokkos::deep_copy(values, ~std::uint32_t{0});
  };
  const auto poison_indices = [indices] { Kokkos::deep_copy(indices, std::int64_t{-1}); };
  const auto sorted = [&input, keys] { return check_keys(input, host(keys)); };
  const auto sorted_unstable = [&input, keys] { return check_unstable(input, host(keys)); };
  const auto sorted_pairs = [&input, keys, values] {
    return check_pairs(input, host(keys), host(values));
  };

  // The library calls, as a user makes them (kp/sort.hpp): what users get.
  if (selection.wants("kp")) {
    add(
        c, "kp", after(restore, [=] { kp_sort<Space>(keys, order); }),
        [&input, keys] { return check_keys(input, host(keys), true); }, poison);
  }
  if (selection.wants("kp-pairs")) {
    add(c, "kp-pairs", after(restore_pairs, [=] { kp_sort_by_key<Space>(keys, values, order); }),
        sorted_pairs, poison_pairs, "pairs", pair_bytes);
  }
  if (selection.wants("kp-indices")) {
    // The keys are not modified: nothing to restore.
    add(
        c, "kp-indices", [=] { kp_sort_indices<Space>(in, indices, order); },
        [&input, indices] { return check_indices(input, host(indices)); }, poison_indices,
        "indices", index_bytes);
  }
#ifdef KP_HAVE_MPI
  if (selection.wants("kp-mpi")) add_kp_mpi<Space>(c, input, space_name<Space>());
#endif
  if (selection.wants("copy")) {
    add(
        c, "copy", [=] { restore.launch(); },
        [&input, keys] { return check_copy(input, host(keys)); }, poison, "copy", copy_bytes);
  }
  // The std-style rows: sort(first, last, less) of the working keys after
  // the restore, in the run's order.
  [[maybe_unused]] const auto add_sorter = [&](const char* name, auto sort,
                                               const std::function<Check()>& check) {
    if (selection.wants(name)) {
      add(c, name, sort_after(restore, order, keys.data(), n, sort), check, poison);
    }
  };
#ifdef KOKKOS_ENABLE_SERIAL
  // The standard library's sorts on one thread, in the same total order.
  if constexpr (std::is_same_v<Space, Kokkos::Serial>) {
    add_sorter(
        "std-sort", [](auto f, auto l, auto less) { std::sort(f, l, less); }, sorted_unstable);
    add_sorter(
        "std-stable-sort", [](auto f, auto l, auto less) { std::stable_sort(f, l, less); }, sorted);
    if (selection.wants("std-stable-sort-pairs")) {
      // (key, value) structs sorted by key, as a C++ user sorts records.
      const Kokkos::View<KeyValue<T>*, Kokkos::HostSpace> pairs(
          Kokkos::view_alloc(Kokkos::WithoutInitializing, "sort std pairs"), n);
      const auto run = with_less<T>(order, [=](auto less) -> std::function<void()> {
        return [=] {
          KeyValue<T>* const p = pairs.data();
          for (std::int64_t i = 0; i < n; ++i) p[i] = {in(i), static_cast<std::uint32_t>(i)};
          std::stable_sort(p, p + n,
                           [less](const auto& a, const auto& b) { return less(a.key, b.key); });
        };
      });
      const auto check = [&input, pairs] {
        return check_pairs(input, member_view(pairs, &KeyValue<T>::key),
                           member_view(pairs, &KeyValue<T>::value));
      };
      const auto poison_std_pairs = [pairs] {
        Kokkos::deep_copy(pairs, KeyValue<T>{poison_value<T>(), ~std::uint32_t{0}});
      };
      add(c, "std-stable-sort-pairs", run, check, poison_std_pairs, "pairs", pair_bytes);
    }
  }
#endif
#if defined(KOKKOS_ENABLE_OPENMP) && defined(KP_HAVE_STD_PAR)
  // The parallel standard library and TBB on every core (TBB's threads,
  // given the OpenMP threads' CPUs).
  if constexpr (std::is_same_v<Space, Kokkos::OpenMP>) {
    if (wants_any({"std-sort-par", "tbb-parallel-sort"})) start_tbb_on_openmp_cpus();
    add_sorter(
        "std-sort-par",
        [](auto f, auto l, auto less) { std::sort(std::execution::par_unseq, f, l, less); },
        sorted_unstable);
    add_sorter(
        "tbb-parallel-sort", [](auto f, auto l, auto less) { tbb::parallel_sort(f, l, less); },
        sorted_unstable);
  }
#endif
  // Kokkos' own: std::sort on a host View, BinSort on a GPU's (3.4); not stable.
  if (selection.wants("kokkos-sort")) {
    add(c, "kokkos-sort", after(restore, [=] { Kokkos::sort(keys); }), sorted_unstable, poison);
  }
#if KOKKOS_VERSION < 40000
  if constexpr (!is_gpu_space<Space>()) {
    if (selection.wants("kokkos-binsort")) {
      add(c, "kokkos-binsort", after(restore, [=] { Kokkos::sort(keys, true); }), sorted_unstable,
          poison);
    }
  }
#endif
#if defined(KOKKOS_ENABLE_CUDA)
  // CUB's radix sorts by the same bit range, DoubleBuffer form (cub_sort.hpp).
  if constexpr (std::is_same_v<Space, Kokkos::Cuda>) {
    const int end_bit = std::min(order.bits, kKeyBits<T>);
    const auto keys_alt = buffer<T, Space>(
        "keys alt", n, wants_any({"cub-radix", "cub-radix-pairs", "cub-radix-indices"}));
    const auto values_alt =
        buffer<std::uint32_t, Space>("values alt", n, selection.wants("cub-radix-pairs"));
    const auto indices_alt =
        buffer<std::int64_t, Space>("indices alt", n, selection.wants("cub-radix-indices"));
    if (selection.wants("cub-radix")) {
      const auto current = std::make_shared<int>(0);
      const auto run = make_cub_sort_keys<T>(keys, keys_alt, end_bit, order.descending, current);
      add(
          c, "cub-radix", after(restore, run),
          [&input, keys, keys_alt, current] {
            return check_keys(input, host(*current ? keys_alt : keys));
          },
          [=] {
            poison();
            Kokkos::deep_copy(keys_alt, poison_value<T>());
          });
    }
    if (selection.wants("cub-radix-pairs")) {
      const auto current = std::make_shared<int>(0);
      const auto run = make_cub_sort_pairs<T, std::uint32_t>(keys, keys_alt, values, values_alt,
                                                             end_bit, order.descending, current);
      add(
          c, "cub-radix-pairs", after(restore_pairs, run),
          [&input, keys, keys_alt, values, values_alt, current] {
            return *current ? check_pairs(input, host(keys_alt), host(values_alt))
                            : check_pairs(input, host(keys), host(values));
          },
          [=] {
            poison_pairs();
            Kokkos::deep_copy(keys_alt, poison_value<T>());
            Kokkos::deep_copy(values_alt, ~std::uint32_t{0});
          },
          "pairs", pair_bytes);
    }
    if (selection.wants("cub-radix-indices")) {
      // Argsort with CUB: a copy of the keys sorted with an iota of indices.
      const Restore<Space, T, std::int64_t> restore_indices{in, keys, indices};
      const auto current = std::make_shared<int>(0);
      const auto run = make_cub_sort_pairs<T, std::int64_t>(keys, keys_alt, indices, indices_alt,
                                                            end_bit, order.descending, current);
      add(
          c, "cub-radix-indices", after(restore_indices, run),
          [&input, indices, indices_alt, current] {
            return check_indices(input, host(*current ? indices_alt : indices));
          },
          [=] {
            poison_indices();
            Kokkos::deep_copy(indices_alt, std::int64_t{-1});
          },
          "indices", index_bytes);
    }
  }
#endif
  add_comparator_rows(c, input, selection, restore, keys, poison);
  add_segmented_rows(c, input, selection, restore, keys, poison);
  set_kind(c,
           {"std-sort", "std-stable-sort", "std-stable-sort-pairs", "std-sort-par",
            "tbb-parallel-sort", "kokkos-sort", "kokkos-binsort", "cub-radix", "cub-radix-pairs",
            "cub-radix-indices", "std-sort-segments", "cub-merge-sort", "cub-segmented"},
           "baseline");
  set_kind(c, {"copy"}, "ceiling");
  return c;
}

#define KP_SORT_INSTANTIATE_TYPE(T, Space) \
  template SpaceCase make_typed_case<Space, T>(const Input<T>&, const Selection&);
#define KP_SORT_INSTANTIATE(Space) KP_SORT_FOR_EACH_KEY(KP_SORT_INSTANTIATE_TYPE, Space)
KP_FOR_EACH_SPACE(KP_SORT_INSTANTIATE)

}  // namespace bench::sort
