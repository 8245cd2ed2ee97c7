#pragma once
// Vose's alias table: n columns of equal probability 1/n, each column split
// between its own item (with probability `keep`) and one other item (`alias`),
// so that a draw costs one uniform column, one coin and one table read.
//
// This builder runs on the host, sequentially, in O(n): Vose's pairing of a
// light item with a heavy one is a serial worklist algorithm. The parallel
// build on any space (Hübschle-Schneider & Sanders 2019, by prefix sums) is
// in parallel_alias.hpp and fills the same AliasEntry table.
// The builder owns its worklists, so a build allocates nothing.
#include <Kokkos_Core.hpp>
#include <cstdint>
#include <kp/sample.hpp>
#include <vector>

namespace bench::roulette {

// The library's alias-table format and parallel builder (kp::alias), by the
// short names the roulette variants and tests use.
using AliasEntry = kp::alias::Entry;
using DrawColumn = kp::alias::Column;
using kp::alias::draw_from;
using kp::alias::to_draw_column;
template <class Space>
using ParallelAliasBuilder = kp::alias::ParallelBuilder<Space>;

class AliasBuilder {
 public:
  explicit AliasBuilder(std::size_t n) : scaled_(n), light_(n), heavy_(n) {}

  // Fills table[0, n) from n non-negative weights, not all zero. Zero-weight
  // items get keep = 0 and a non-zero-weight alias, so they are never drawn.
  void build(const double* weights, AliasEntry* table);

 private:
  std::vector<double> scaled_;  // weight * n / total: 1 is a column's share
  std::vector<std::uint32_t> light_, heavy_;
};

// The probability with which the table draws each item (for tests).
std::vector<double> alias_probabilities(const AliasEntry* table, std::size_t n);

}  // namespace bench::roulette
