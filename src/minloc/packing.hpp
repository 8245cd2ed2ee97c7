#pragma once
// Lock-free minloc on one 64-bit word: each candidate (value, index) is packed
// into a word and the words are combined with Kokkos::atomic_compare_exchange.
// Two layouts, both with the index in the low 32 bits:
//
//  KeyPacking: the high half is Order::key(value), an order-preserving key,
//    so plain unsigned `<` on the words IS the order we want: better value
//    first, then smaller index. One integer comparison per candidate.
//  RawPacking: the high half is the raw float bits. Unsigned order of raw
//    bits is wrong for negatives (and for max, and for -0.0 vs +0.0), so the
//    comparison must decode the value, compare it with Order::better and break
//    ties explicitly on the index: the layout that needs explicit tie-breaking.
//
// The empty word (all ones) is worse than every candidate in both layouts:
// no non-NaN value has key 0xffffffff, and its raw high half is a NaN pattern.
#include <Kokkos_Core.hpp>
#include <cstdint>

#include "minloc/order.hpp"

namespace bench::minloc {

using Word = std::uint64_t;
constexpr Word kEmptyWord = ~Word{0};

template <class O>
struct KeyPacking {
  KOKKOS_INLINE_FUNCTION static Word pack(float value, std::uint32_t index) {
    return (Word{O::key(value)} << 32) | index;
  }
  KOKKOS_INLINE_FUNCTION static bool before(Word a, Word b) { return a < b; }
  KOKKOS_INLINE_FUNCTION static std::uint32_t index(Word w) {
    return static_cast<std::uint32_t>(w);
  }
};

template <class O>
struct RawPacking {
  KOKKOS_INLINE_FUNCTION static Word pack(float value, std::uint32_t index) {
    return (Word{float_bits(value)} << 32) | index;
  }
  KOKKOS_INLINE_FUNCTION static bool before(Word a, Word b) {
    if (b == kEmptyWord) return a != kEmptyWord;
    if (a == kEmptyWord) return false;
    const float va = bits_float(static_cast<std::uint32_t>(a >> 32));
    const float vb = bits_float(static_cast<std::uint32_t>(b >> 32));
    return O::better(va, vb) || (va == vb && index(a) < index(b));
  }
  KOKKOS_INLINE_FUNCTION static std::uint32_t index(Word w) {
    return static_cast<std::uint32_t>(w);
  }
};

// A plain read of the shared word. An aligned 64-bit load is single-copy
// atomic on x86-64 and on NVIDIA GPUs, and `volatile` keeps the compiler
// from caching it; a stale value only costs a failed CAS, never a wrong answer.
KOKKOS_INLINE_FUNCTION Word read_word(const Word* target) {
  return *static_cast<const volatile Word*>(target);
}

// Moves `mine` into *target when it comes before the current word.
//
// kSkip = false, the textbook emulation of an atomic min: read, compute
//   min(current, mine), CAS, retry on a lost race. It issues a CAS even when
//   the current word is already better (writing back the same word), so every
//   candidate costs at least one atomic on the contended word.
// kSkip = true: CAS only while `mine` is still better than what is there. A
//   failed CAS returns the winner's word, which is compared again instead of
//   retried blindly; once the extremum has landed, candidates cost one load.
template <class Packing, bool kSkip>
KOKKOS_INLINE_FUNCTION void atomic_min_word(Word* target, Word mine) {
  Word current = read_word(target);
  while (!kSkip || Packing::before(mine, current)) {
    const Word desired = Packing::before(mine, current) ? mine : current;
    const Word seen = Kokkos::atomic_compare_exchange(target, current, desired);
    if (seen == current) return;
    current = seen;
  }
}

}  // namespace bench::minloc
