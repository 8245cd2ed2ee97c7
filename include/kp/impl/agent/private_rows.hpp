#pragma once
// Per-thread rows of counts on host spaces (histogram's private bins,
// sample's draw rows): the work is cut into tasks handed out to the threads
// as they come free, each task counts into the rows of the thread that runs
// it, then every column sums the rows. The rows come from one workspace that
// grows to the largest request.
#include <Kokkos_Core.hpp>
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>

#include <kp/impl/backend/host/host_tasks.hpp>
#include <kp/impl/core/common.hpp>
#include <kp/impl/core/views.hpp>
#include <kp/impl/core/workspace.hpp>

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

// A row counts at most `per_row` values (all the values of a call: any
// thread may run every task): below 2^32 its counts are 32-bit, half the
// cache of 64-bit rows, and the rows sum into the caller's Count.
// with_row_type calls f(Row{}) with that type.
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
// that rows a multiple of 4 KiB long do not map to the same cache sets.
template <class Row>
constexpr std::int64_t row_stride(std::int64_t columns) {
  return columns + kCacheLine / static_cast<std::int64_t>(sizeof(Row));
}

// The rows of one thread (a UniqueToken slot): `depth` rows `stride` apart,
// zeroed by the first task of a run that runs on the slot, which marks the
// slot with the run's number.
template <class Space, class Row, class Task>
struct RunInSlot {
  Kokkos::Experimental::UniqueToken<Space> token;
  Task task;
  Row* rows;
  std::uint32_t* marks;  // per slot: the last run that zeroed its rows
  std::uint32_t run;
  std::int64_t slot_size;
  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t t) const {
    const int slot = token.acquire();
    Row* mine = rows + slot * slot_size;
    if (marks[slot] != run) {
      for (std::int64_t i = 0; i < slot_size; ++i) mine[i] = 0;
      marks[slot] = run;
    }
    task(t, mine);
    token.release(slot);
  }
};

// Which slots a run counted in: each run has a number of its own, and a slot
// whose mark is not this run's took none of its tasks. Numbering the runs
// spares the launch that cleared a flag a slot before every run (a few
// microseconds a call on 16 threads).
template <class Space>
struct SlotMarks {
  View<std::uint32_t*, Space> marks;  // zeroed when made; run 0 is never used
  std::uint32_t run = 0;              // the last run's number
};

// Columns one work item of the sum adds up: their sums (4-8 KiB) stay in
// L1 while each row's run of them is read front to back, a stream the
// prefetcher follows and the compiler vectorizes. Summing one column at a
// time (every row's count of it, then the next column) reads the rows far
// apart per column, and was slower on 16 threads than on one.
inline constexpr std::int64_t kSumColumns = 1024;

// counts(c) = column c summed over the rows of every slot a task ran on, for
// the columns of block b.
template <class Counts, class Row>
struct SumSlots {
  using Count = typename Counts::non_const_value_type;
  Counts counts;
  const Row* rows;
  const std::uint32_t* marks;
  std::uint32_t run;
  int slots, depth;
  std::int64_t slot_size, stride;
  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t b) const {
    const std::int64_t first = b * kSumColumns;
    const std::int64_t left = static_cast<std::int64_t>(counts.extent(0)) - first;
    const int m = static_cast<int>(left < kSumColumns ? left : kSumColumns);
    Count sum[kSumColumns];
    for (int j = 0; j < m; ++j) sum[j] = 0;
    for (int s = 0; s < slots; ++s) {
      if (marks[s] != run) continue;
      for (int r = 0; r < depth; ++r) {
        const Row* row = rows + s * slot_size + r * stride + first;
        for (int j = 0; j < m; ++j) sum[j] += row[j];
      }
    }
    for (int j = 0; j < m; ++j) counts(first + j) = sum[j];
  }
};

// Runs task(t, rows) for t in [0, tasks) on the host space, each on some
// thread's `depth` rows of counts (Row) `stride` apart, handing the tasks out
// as threads come free (run_host_tasks): a thread that runs slower (a busy
// or smaller core) takes fewer. Then counts(c) = the sum of column c of every
// row. Labels: `label` and `label`::sum.
template <class Row, class Space, class Counts, class Task>
void count_in_thread_rows(const Space& space, const std::string& label, std::int64_t tasks,
                          int depth, std::int64_t stride, const Counts& counts, const Task& task) {
  const Kokkos::Experimental::UniqueToken<Space> token(space);
  const int slots = token.size();
  const std::int64_t slot_size = depth * stride;
  Row* rows = private_rows<Row>(space, sizeof(Row) * slots * slot_size);
  const auto marks = workspace<SlotMarks<Space>>(
      space, [&](const SlotMarks<Space>& m) { return m.marks.extent(0) >= std::size_t(slots); },
      [&] { return SlotMarks<Space>{View<std::uint32_t*, Space>("kp::slot marks", slots)}; });
  if (++marks->run == 0) {  // wrapped after 2^32 - 1 runs: start the marks again
    Kokkos::deep_copy(space, marks->marks, std::uint32_t{0});
    marks->run = 1;
  }
  const std::uint32_t run = marks->run;
  std::uint32_t* const mark = marks->marks.data();
  run_host_tasks(space, label, tasks,
                 RunInSlot<Space, Row, Task>{token, task, rows, mark, run, slot_size});
  const auto columns = static_cast<std::int64_t>(counts.extent(0));
  Kokkos::parallel_for(
      label + "::sum", IndexRange<Space>(space, 0, (columns + kSumColumns - 1) / kSumColumns),
      SumSlots<Counts, Row>{counts, rows, mark, run, slots, depth, slot_size, stride});
}

}  // namespace kp::impl
