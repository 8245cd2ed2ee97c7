#pragma once
// sort: keys sorted (and pairs by key, and argsort) by every variant on every
// enabled space, each checked bit for bit against std::stable_sort.
#include <tuple>

#include "harness/app.hpp"
#include "sort/input.hpp"

namespace bench::sort {

// What the rows a run can have depend on: its order and what its keys hold.
struct RunFacts {
  int key_bits = 32;
  int bits = 32;  // sorted by the low `bits` bits of the keys' images
  bool descending = false;
  std::uint64_t size = 0;
  bool has_nan = false, both_zeros = false;
  std::string binsort;  // binsort_limit(), where asked for
  int ranks = 1;        // MPI ranks: above 1, only kp-mpi runs
};

template <class T>
RunFacts facts_of(const Input<T>& input, bool with_binsort) {
  RunFacts facts;
  facts.key_bits = kKeyBits<T>;
  facts.bits = input.order.bits;
  facts.descending = input.order.descending;
  facts.size = input.keys.extent(0);
  facts.has_nan = input.has_nan;
  facts.both_zeros = input.both_zeros;
  if (with_binsort) facts.binsort = binsort_limit(input);
  return facts;
}

// Why `variant` cannot express such a run on a space (gpu: a GPU space), ""
// where it can: the rows left out with a note.
std::string variant_limit(const std::string& variant, bool gpu, const RunFacts& facts);

class SortApp : public AppBase {
 public:
  KP_APP(
      "sort", std::uint64_t{1} << 22,
      "Sorts --size keys (--type, --dist; --order; --bits B: by the low B bits of each key's "
      "order-preserving image) with every variant on every enabled execution space, each checked "
      "bit for bit against std::stable_sort in the same total order (floats: -NaN < -inf < -0.0 "
      "< +0.0 < +inf < +NaN). The pairs rows sort uint32 values (each key's index) with the "
      "keys, the indices rows compute the stable permutation into int64. Every timed run of an "
      "in-place row first copies the unsorted keys (and, for pairs, an iota of values) into its "
      "working View: that copy is in the time, and the copy row times it alone, so that it can "
      "be subtracted. GB/s counts one read and one write of the keys (and values) for that copy "
      "and one of each for the sort (indices: one read of the keys and one write of the "
      "indices), whatever the number of passes an algorithm makes. Rows that cannot express a "
      "run are left out with a note: Kokkos::sort (ascending, whole keys, no NaN nor both "
      "signed zeros; its BinSort, on a GPU and in kokkos-binsort, no infinities and no crowded "
      "bins), CUB's radix sorts (no -0.0 beside +0.0: it holds them equal), the segmented rows "
      "(the whole key). The comparator rows (kp-comparator, cub-merge-sort) sort the same keys "
      "by a comparator of the run's order. The segments rows (kp-segmented, std-sort-segments, "
      "cub-segmented) cut the keys into segments of random lengths in [0, 2 L] (L: "
      "--segment-length) and sort each on its own, checked against each segment's "
      "std::stable_sort. "
      "In an MPI build the kp-mpi row "
      "is kp::mpi::sort of each rank's slice (ascending, whole keys; the only row on more than one "
      "rank): each timed run copies the rank's slice into a fresh View, which the call resizes to "
      "the rank's share; its check gathers the ranks' keys in rank order, and its detail (CSV, "
      "JSON; stderr on rank 0) is the breakdown of one more run after the checked one: local "
      "sort, splitters, exchange and merge (the slowest rank's), bytes moved per key.");

  std::vector<std::string> default_variants() const;  // all but kokkos-binsort
  std::string params() const {
    return "type=" + type_ + ",dist=" + dist_ + ",order=" + order_ +
           (bits_ >= 0 ? ",bits=" + std::to_string(bits_) : "") +
           (segment_length_ != 1000 ? ",segment_length=" + std::to_string(segment_length_) : "");
  }

 private:
  // Calls f with the input of the chosen --type.
  template <class F>
  decltype(auto) with_input(F&& f) {
    if (type_ == "uint8") return f(std::get<Input<std::uint8_t>>(inputs_));
    if (type_ == "uint16") return f(std::get<Input<std::uint16_t>>(inputs_));
    if (type_ == "int32") return f(std::get<Input<std::int32_t>>(inputs_));
    if (type_ == "uint64") return f(std::get<Input<std::uint64_t>>(inputs_));
    if (type_ == "int64") return f(std::get<Input<std::int64_t>>(inputs_));
    if (type_ == "float") return f(std::get<Input<float>>(inputs_));
    if (type_ == "double") return f(std::get<Input<double>>(inputs_));
    return f(std::get<Input<std::uint32_t>>(inputs_));
  }

  std::string type_ = "uint32";
  std::string dist_ = "uniform";
  std::string order_ = "ascending";
  int bits_ = -1;                       // --bits B (-1: the whole key)
  std::int64_t segment_length_ = 1000;  // --segment-length (the segmented rows)
  std::tuple<Input<std::uint8_t>, Input<std::uint16_t>, Input<std::uint32_t>, Input<std::int32_t>,
             Input<std::uint64_t>, Input<std::int64_t>, Input<float>, Input<double>>
      inputs_;
  std::optional<npy::Array> file_;  // --input's values until prepare()
  RunFacts facts_;                  // prepare()
};

// The variants make_typed_case builds: those asked for that can run the input.
struct Selection {
  std::vector<std::string> variants;
  std::int64_t segment_length = 1000;  // the segmented rows' mean segment length
  bool wants(const std::string& variant) const;
};

// The variants on one space for one key type (explicitly instantiated in
// variants.cpp for every enabled space and key type).
template <class Space, class T>
SpaceCase make_typed_case(const Input<T>& input, const Selection& selection);

// Whether kp/sort.hpp has these calls (their rows are left out where not).
bool kp_sorts_pairs_descending_by_bits();
bool kp_sorts_indices_by_bits();

}  // namespace bench::sort
