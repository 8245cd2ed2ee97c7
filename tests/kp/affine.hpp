// A non-commutative associative operation for the scan tests: composition of
// affine maps, in 4-, 8- and 16-byte values.
#pragma once

#include <Kokkos_Core.hpp>
#include <cstdint>
#include <type_traits>
#include <vector>

#include <kp/impl/core/common.hpp>

namespace kp::test {

// x -> a x + b modulo 2^w, w the bits of Word. The maps' a are odd, so they
// form a group: no product of them vanishes, and a prefix stays sensitive to
// the order of every element before it. (Wrapping arithmetic also keeps the
// GPU kernels cheap to compile, unlike a 64-bit modulo in every lane.)
template <class Word>
struct Affine {
  Word a, b;
  bool operator==(const Affine& o) const { return a == o.a && b == o.b; }
};

// op(f, g) = g after f: f holds the earlier elements. Not commutative.
template <class Word>
struct AffineCompose {
  using A = Affine<Word>;
  // uint16_t would promote to int, whose products overflow.
  using Wide = std::conditional_t<(sizeof(Word) < 4), std::uint32_t, Word>;
  KOKKOS_INLINE_FUNCTION A operator()(const A& f, const A& g) const {
    return A{static_cast<Word>(Wide{g.a} * f.a), static_cast<Word>(Wide{g.a} * f.b + g.b)};
  }
};

using Affine4 = Affine<std::uint16_t>;
using Affine8 = Affine<std::uint32_t>;
using Affine16 = Affine<std::uint64_t>;
template <class A>
using ComposeOf = AffineCompose<decltype(A::a)>;

// n maps from a fixed seed.
template <class A>
std::vector<A> affine_maps(std::int64_t n) {
  std::vector<A> x(n);
  std::uint64_t state = 12345;
  for (auto& f : x) {
    state = kp::impl::splitmix64(state);
    f.a = static_cast<decltype(f.a)>(state | 1);  // odd: invertible
    f.b = static_cast<decltype(f.b)>(kp::impl::splitmix64(state));
  }
  return x;
}

}  // namespace kp::test
