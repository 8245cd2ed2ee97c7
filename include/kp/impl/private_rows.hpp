#pragma once
// Per-thread rows of counts on host spaces (histogram's private bins,
// sample's draw rows): each thread counts into its own row, then every
// column sums its rows. The rows come from one workspace that grows to the
// largest request.
#include <Kokkos_Core.hpp>
#include <algorithm>
#include <cstddef>
#include <cstdint>

#include <kp/impl/common.hpp>
#include <kp/impl/workspace.hpp>

namespace kp::impl {

// Rows are worth it while they stay this small.
inline constexpr double kPrivateRowsBudget = 256.0 * (1 << 20);

template <class Space>
struct RowBytes {
  View<char*, Space> bytes;
};

// `bytes` of rows from the space's workspace cache.
template <class Count, class Space>
Count* private_rows(const Space& space, std::size_t bytes) {
  const auto ws = workspace<RowBytes<Space>>(
      space, [&](const RowBytes<Space>& w) { return w.bytes.extent(0) >= bytes; },
      [&] {
        return RowBytes<Space>{View<char*, Space>(
            Kokkos::view_alloc(Kokkos::WithoutInitializing, "kp::private rows"), bytes)};
      });
  return reinterpret_cast<Count*>(ws->bytes.data());
}

// A row counts at most `per_row` values (a thread's chunk): below 2^32 its
// counts are 32-bit, half the cache of 64-bit rows, and the rows sum into the
// caller's Count. with_row_type calls f(Row{}) with that type.
template <class Count>
constexpr std::size_t row_count_size(std::uint64_t per_row) {
  return per_row <= 0xffffffffu ? sizeof(std::uint32_t) : sizeof(Count);
}
template <class Count, class F>
void with_row_type(std::uint64_t per_row, F&& f) {
  if (per_row <= 0xffffffffu) {
    f(std::uint32_t{});
  } else {
    f(Count{});
  }
}

// The stride of a row of `columns` counts of type Row: a cache line more, so
// that rows a multiple of 4 KiB long do not collide in the cache (they made
// a 2-thread histogram vary from 27 to 37 ms between layouts).
template <class Row>
constexpr std::int64_t row_stride(std::int64_t columns) {
  return columns + 64 / static_cast<std::int64_t>(sizeof(Row));
}

// counts(c) = the sum of column c over `row_count` rows `columns` apart
// (counts of type Row, summed as the counts' type).
template <class Counts, class Row = typename Counts::non_const_value_type>
struct SumRows {
  using Count = typename Counts::non_const_value_type;
  Counts counts;
  const Row* rows;
  std::int64_t columns, row_count;
  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t c) const {
    Count sum = 0;
    for (std::int64_t r = 0; r < row_count; ++r) sum += rows[r * columns + c];
    counts(c) = sum;
  }
};

}  // namespace kp::impl
