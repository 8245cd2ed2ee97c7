// The minloc variants, written once for every execution space and for both
// orders (min and max through Order<op>). Each functor is one algorithm;
// make_ordered_case wires them to the runner. Every variant writes the same
// (value, index) pair into `result`, and the one check compares it exactly.
#include <kp/minloc.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <execution>
#include <limits>
#include <memory>
#include <vector>
#ifdef KOKKOS_ENABLE_OPENMP
#include <omp.h>
#endif

#include "harness/variants.hpp"
#include "minloc/cub_variant.hpp"
#include "minloc/first_loc_op.hpp"
#include "minloc/first_loc_reducer.hpp"
#include "minloc/minloc_app.hpp"
#include "minloc/order.hpp"
#include "minloc/packing.hpp"

namespace bench::minloc {

// One element into a thread's running best; Prefer decides equal values.
template <class Space, class Prefer>
struct UpdateBest {
  View<const float*, Space> x;
  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t i, ValLoc& best) const {
    ValLoc candidate;
    candidate.val = x(i);
    candidate.loc = i;
    if (Prefer::prefer(candidate, best)) best = candidate;
  }
};

// cas-naive: every element goes straight to the shared word with the
// always-CAS loop: N atomics on one address, the baseline the others improve on.
template <class Space, class Packing>
struct CasEachElement {
  View<const float*, Space> x;
  View<Word, Space> word;
  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t i) const {
    atomic_min_word<Packing, false>(word.data(),
                                    Packing::pack(x(i), static_cast<std::uint32_t>(i)));
  }
};

// cas-skip and cas-tiebreak: each thread first reduces its slice in registers
// (one comparison per element, no atomics), then offers its one candidate to
// the shared word with the skipping CAS loop: at most one CAS per thread
// instead of per element, and none once a better word is there.
template <class Space, class Packing>
struct CasPerThread {
  // GPU threads read grid-strided slices (neighbouring threads read
  // neighbouring elements: coalesced); host threads read contiguous chunks.
  static constexpr bool kStrided = is_gpu_space<Space>();
  View<const float*, Space> x;
  View<Word, Space> word;
  std::int64_t threads;

  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t t) const {
    const std::int64_t n = x.extent(0);
    const std::int64_t chunk = (n + threads - 1) / threads;
    const std::int64_t begin = kStrided ? t : (t * chunk < n ? t * chunk : n);
    const std::int64_t end = kStrided ? n : (begin + chunk < n ? begin + chunk : n);
    const std::int64_t step = kStrided ? threads : 1;
    Word best = kEmptyWord;
    for (std::int64_t i = begin; i < end; i += step) {
      const Word candidate = Packing::pack(x(i), static_cast<std::uint32_t>(i));
      if (Packing::before(candidate, best)) best = candidate;
    }
    if (best != kEmptyWord) atomic_min_word<Packing, true>(word.data(), best);
  }
};

template <class Space>
struct ResetWord {
  View<Word, Space> word;
  KOKKOS_INLINE_FUNCTION void operator()(int) const { word() = kEmptyWord; }
};

// The winning word's index, and the element itself as the value: the key of
// -0.0 was canonicalized, the element keeps its sign bit.
template <class Space, class Packing>
struct DecodeWord {
  View<const float*, Space> x;
  View<Word, Space> word;
  View<ValLoc, Space> result;
  KOKKOS_INLINE_FUNCTION void operator()(int) const {
    const std::int64_t index = Packing::index(word());
    result().val = x(index);
    result().loc = index;
  }
};

namespace {

// The standard library's first extremum: std::min_element and max_element
// both return the first of equal elements, whatever the policy.
template <class O, class... Policy>
ValLoc std_extremum(const float* first, std::int64_t n, Policy... policy) {
  const float* best = O::op == Op::min ? std::min_element(policy..., first, first + n)
                                       : std::max_element(policy..., first, first + n);
  ValLoc out;
  out.val = *best;
  out.loc = best - first;
  return out;
}

#ifdef KOKKOS_ENABLE_OPENMP
// A plain OpenMP first extremum: each thread scans one contiguous chunk with
// a strict comparison (the first extremum of its chunk), then the chunks'
// candidates are combined in chunk order, a later one winning only when
// strictly better. `partials` holds one slot per thread.
template <class O>
ValLoc omp_extremum(const float* x, std::int64_t n, int threads, ValLoc* partials) {
  for (int t = 0; t < threads; ++t) partials[t].loc = -1;
#pragma omp parallel num_threads(threads)
  {
    const std::int64_t t = omp_get_thread_num(), parts = omp_get_num_threads();
    const std::int64_t begin = n * t / parts, end = n * (t + 1) / parts;
    if (begin < end) {
      ValLoc best;
      best.val = x[begin];
      best.loc = begin;
      for (std::int64_t i = begin + 1; i < end; ++i) {
        if (O::better(x[i], best.val)) {
          best.val = x[i];
          best.loc = i;
        }
      }
      partials[t] = best;
    }
  }
  ValLoc best;
  best.loc = -1;
  for (int t = 0; t < threads; ++t) {
    if (partials[t].loc >= 0 && (best.loc < 0 || O::better(partials[t].val, best.val))) {
      best = partials[t];
    }
  }
  return best;
}
#endif

// Reset the word, combine every candidate into it, decode it into `result`.
template <class Space, class Packing, class Combine>
void run_cas(const char* label, const Combine& combine, std::int64_t iterations,
             View<const float*, Space> x, View<Word, Space> word, View<ValLoc, Space> result) {
  using Single = Kokkos::RangePolicy<Space>;
  Kokkos::parallel_for(label, Single(0, 1), ResetWord<Space>{word});
  Kokkos::parallel_for(label, Kokkos::RangePolicy<Space>(0, iterations), combine);
  Kokkos::parallel_for(label, Single(0, 1), DecodeWord<Space, Packing>{x, word, result});
}

template <class Space, class O>
SpaceCase make_ordered_case(const Input& input) {
  using Device = Kokkos::Device<Space, Memory<Space>>;
  const auto part = my_part(input.values);  // this rank's (all on one rank)
  const std::int64_t n = part.extent(0);
  View<float*, Space> x_mutable(Kokkos::view_alloc(Kokkos::WithoutInitializing, "minloc x"), n);
  Kokkos::deep_copy(x_mutable, part);
  const View<const float*, Space> x = x_mutable;
  const View<ValLoc, Space> result("minloc result");
  const View<Word, Space> word("minloc word");
  const Launch launch = whole_array_launch<Space>(n);
  const std::int64_t threads = std::int64_t{launch.league} * launch.team;

  SpaceCase c;
  c.bytes_per_run = static_cast<double>(n) * sizeof(float);
  c.items_per_run = static_cast<double>(n);
  const auto check = [&input, result] {
    const auto host = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), result);
    return check_extremum(input, host());
  };
  // A NaN at an impossible index: fails the check whatever the reference.
  const auto poison = [result] {
    ValLoc garbage;
    garbage.val = std::numeric_limits<float>::quiet_NaN();
    garbage.loc = -1;
    Kokkos::deep_copy(result, garbage);
  };

  // Under MPI: the ranks' extrema in rank order, indices made global, under
  // the first-index rule (as kp::mpi::minloc does); empty slices take no part.
  c.combine = [result, n] {
    struct Part {  // trivially copyable, as all_gather moves bytes
      float value;
      std::int64_t index, size;
    };
    const auto host = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), result);
    ValLoc best = FirstLocOp<O>::identity();
    std::int64_t offset = 0;
    for (const Part& part : all_gather(Part{host().val, host().loc, n})) {
      if (part.size > 0) {
        FirstLocOp<O>::join(best, FirstLocOp<O>::lift(part.value, offset + part.index));
      }
      offset += part.size;
    }
    host() = best;
    Kokkos::deep_copy(result, host);
  };

  // Kokkos::MinLoc/MaxLoc as a user would write it. Its join compares values
  // only, so a tied extremum's index depends on the backend's combine order,
  // and its +/-FLT_MAX identity is never replaced by an extremum of +/-inf.
  // The check stays exact (this issue asks for the FIRST index, so a check
  // accepting any index that holds the extremum would hide exactly the bug
  // being measured): where Kokkos returns another index, the row says FAIL.
  // The library call, as a user makes it (kp/minloc.hpp): what users get.
  // It returns kp::ValueIndex, which the check reads as the ValLoc it knows.
  const View<kp::ValueIndex<float>, Space> found("minloc kp result");
  const auto check_found = [&input, found] {
    const auto host = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), found);
    ValLoc v;
    v.val = host().value;
    v.loc = host().index;
    return check_extremum(input, v);
  };
  const auto poison_found = [found] {
    Kokkos::deep_copy(found, kp::ValueIndex<float>{std::numeric_limits<float>::quiet_NaN(), -2});
  };
#ifdef KP_HAVE_MPI
  c.variants.push_back({"kp",
                        [=] {
                          Kokkos::deep_copy(found, O::op == Op::max
                                                       ? kp::mpi::maxloc(world(), Space(), x)
                                                       : kp::mpi::minloc(world(), Space(), x));
                        },
                        check_found, poison_found});
  c.variants.back().global = true;
#else
  c.variants.push_back({"kp",
                        [=] {
                          if constexpr (O::op == Op::max) {
                            kp::maxloc(Space(), x, found);
                          } else {
                            kp::minloc(Space(), x, found);
                          }
                        },
                        check_found, poison_found});
#endif
  c.variants.push_back({"kokkos-minloc",
                        [=] {
                          Kokkos::parallel_reduce(
                              "minloc::kokkos-minloc", Kokkos::RangePolicy<Space>(0, n),
                              UpdateBest<Space, ValueOnly<O>>{x},
                              typename O::template KokkosReducer<Device>(result));
                        },
                        check, poison});
  // The same reduction with FirstLoc, whose join breaks ties toward the
  // smaller index: exact on every backend.
  c.variants.push_back({"reducer-first",
                        [=] {
                          Kokkos::parallel_reduce(
                              "minloc::reducer-first", Kokkos::RangePolicy<Space>(0, n),
                              UpdateBest<Space, ValueThenIndex<O>>{x}, FirstLoc<O, Device>(result));
                        },
                        check, poison});
  c.variants.push_back({"cas-naive",
                        [=] {
                          using P = KeyPacking<O>;
                          run_cas<Space, P>("minloc::cas-naive", CasEachElement<Space, P>{x, word},
                                            n, x, word, result);
                        },
                        check, poison});
  c.variants.push_back({"cas-skip",
                        [=] {
                          using P = KeyPacking<O>;
                          run_cas<Space, P>("minloc::cas-skip",
                                            CasPerThread<Space, P>{x, word, threads}, threads, x,
                                            word, result);
                        },
                        check, poison});
  c.variants.push_back({"cas-tiebreak",
                        [=] {
                          using P = RawPacking<O>;
                          run_cas<Space, P>("minloc::cas-tiebreak",
                                            CasPerThread<Space, P>{x, word, threads}, threads, x,
                                            word, result);
                        },
                        check, poison});
  // 16-byte loads, one launch: the library's vector reduction, named. It
  // writes `result` (a ValueIndex<float> has ValLoc's layout), so that the
  // check and the combine are the other variants'.
  static_assert(sizeof(kp::ValueIndex<float>) == sizeof(ValLoc) &&
                offsetof(kp::ValueIndex<float>, index) == offsetof(ValLoc, loc));
  const View<kp::ValueIndex<float>, Space> result_pair(
      reinterpret_cast<kp::ValueIndex<float>*>(result.data()));
  c.variants.push_back({"vector",
                        [=] {
                          if constexpr (O::op == Op::max) {
                            kp::maxloc(Space(), x, result_pair, kp::ReduceAlgorithm::vector);
                          } else {
                            kp::minloc(Space(), x, result_pair, kp::ReduceAlgorithm::vector);
                          }
                        },
                        check, poison});
#ifdef KOKKOS_ENABLE_CUDA
  if constexpr (std::is_same_v<Space, Kokkos::Cuda>) {
    c.variants.push_back({"cub", make_cub_run(O::op, x, result), check, poison});
  }
#endif
  // The host baselines: the standard library on one thread (serial) and on
  // every core (openmp: par_unseq, on TBB's threads), and a plain OpenMP loop.
#ifdef KOKKOS_ENABLE_SERIAL
  if constexpr (std::is_same_v<Space, Kokkos::Serial>) {
    c.variants.push_back(
        {"std-min-element", [=] { result() = std_extremum<O>(x.data(), n); }, check, poison});
  }
#endif
#ifdef KOKKOS_ENABLE_OPENMP
  if constexpr (std::is_same_v<Space, Kokkos::OpenMP>) {
#ifdef KP_HAVE_STD_PAR
    start_tbb_on_openmp_cpus();
    c.variants.push_back(
        {"std-min-element",
         [=] { result() = std_extremum<O>(x.data(), n, std::execution::par_unseq); }, check,
         poison});
#endif
    const int concurrency = Space().concurrency();
    const auto partials = std::make_shared<std::vector<ValLoc>>(concurrency);
    c.variants.push_back(
        {"omp-partials",
         [=] { result() = omp_extremum<O>(x.data(), n, concurrency, partials->data()); }, check,
         poison});
  }
#endif
  set_kind(c, {"kokkos-minloc", "cub", "std-min-element", "omp-partials"}, "baseline");
  // An empty slice (under MPI, more ranks than elements; one rank refuses an
  // empty array): nothing to search, and the combine leaves this rank out.
  if (n == 0) {
    for (Variant& variant : c.variants) {
      if (!variant.global) variant.run = [] {};
    }
  }
  return c;
}

}  // namespace

template <class Space>
SpaceCase make_typed_case(const Input& input) {
  return input.op == Op::max ? make_ordered_case<Space, Order<Op::max>>(input)
                             : make_ordered_case<Space, Order<Op::min>>(input);
}

#define KP_MINLOC_INSTANTIATE(Space) template SpaceCase make_typed_case<Space>(const Input&);
KP_FOR_EACH_SPACE(KP_MINLOC_INSTANTIATE)

}  // namespace bench::minloc
