// The emulator's own semantics: barriers hold every thread until all
// arrived, schedules change the order between barriers only, and misuse
// (a deadlock, divergent barriers, a foreign suspension) or an exception in
// a thread comes out of run() instead of hanging or being lost.
#include <algorithm>
#include <catch2/catch_test_macros.hpp>
#include <catch2/generators/catch_generators.hpp>
#include <catch2/matchers/catch_matchers_string.hpp>
#include <numeric>
#include <stdexcept>
#include <vector>

#include "emulator/block.hpp"

using bench::emu::BarrierError;
using bench::emu::Block;
using bench::emu::Schedule;
using bench::emu::Task;
using bench::emu::Thread;
using Catch::Matchers::ContainsSubstring;

namespace {

Schedule any_schedule() {
  return GENERATE(Schedule::forward(), Schedule::reverse(), Schedule::shuffled(1),
                  Schedule::shuffled(12345));
}

struct Event {
  int rank;
  int interval;  // barriers this thread had passed
};

// Every thread logs an event, then waits at a barrier, `barriers` times.
std::vector<Event> log_intervals(Block& block, int barriers) {
  std::vector<Event> events;
  block.run([&](int rank) -> Thread {
    for (int k = 0; k <= barriers; ++k) {
      events.push_back({rank, k});
      if (k < barriers) co_await block.barrier();
    }
  });
  return events;
}

}  // namespace

TEST_CASE("emu: no thread passes barrier k before every thread reached it", "[emulator]") {
  const int size = GENERATE(1, 2, 7, 32, 256);
  const Schedule schedule = any_schedule();
  INFO("size " << size << ", schedule " << schedule.describe());
  Block block(size, schedule);
  const int barriers = 5;
  const std::vector<Event> events = log_intervals(block, barriers);
  REQUIRE(events.size() == static_cast<std::size_t>(size * (barriers + 1)));
  // The log is the order of execution: interval k occupies exactly the
  // k-th run of `size` events, each thread once.
  for (int k = 0; k <= barriers; ++k) {
    std::vector<int> seen(static_cast<std::size_t>(size), 0);
    for (int i = 0; i < size; ++i) {
      const Event& event = events[static_cast<std::size_t>(k * size + i)];
      CHECK(event.interval == k);
      ++seen[static_cast<std::size_t>(event.rank)];
    }
    CHECK(std::all_of(seen.begin(), seen.end(), [](int n) { return n == 1; }));
  }
  CHECK(block.barriers_passed() == barriers);
}

TEST_CASE("emu: the schedule sets the order between barriers", "[emulator]") {
  const int size = 16;
  const auto first_interval = [&](Schedule schedule, int interval) {
    Block block(size, schedule);
    const std::vector<Event> events = log_intervals(block, 3);
    std::vector<int> order;
    for (int i = 0; i < size; ++i) {
      order.push_back(events[static_cast<std::size_t>(interval * size + i)].rank);
    }
    return order;
  };
  std::vector<int> forward(size);
  std::iota(forward.begin(), forward.end(), 0);
  const std::vector<int> reverse(forward.rbegin(), forward.rend());
  CHECK(first_interval(Schedule::forward(), 0) == forward);
  CHECK(first_interval(Schedule::reverse(), 2) == reverse);
  const auto shuffled = first_interval(Schedule::shuffled(7), 0);
  CHECK(std::is_permutation(shuffled.begin(), shuffled.end(), forward.begin()));
  CHECK(shuffled != forward);
  CHECK(shuffled != reverse);
  // Deterministic for a seed; another seed or interval gives another order.
  CHECK(first_interval(Schedule::shuffled(7), 0) == shuffled);
  CHECK(first_interval(Schedule::shuffled(8), 0) != shuffled);
  CHECK(first_interval(Schedule::shuffled(7), 1) != shuffled);
}

TEST_CASE("emu: a barrier inside an awaited Task suspends the whole thread", "[emulator]") {
  const Schedule schedule = any_schedule();
  Block block(8, schedule);
  std::vector<int> shared(8, 0);
  std::vector<int> seen(8, -1);
  // Publishes, waits, then reads a neighbour: correct only if the nested
  // barrier held every thread.
  const auto neighbour = [&](int rank) -> Task<int> {
    shared[static_cast<std::size_t>(rank)] = rank * 10;
    co_await block.barrier();
    co_return shared[static_cast<std::size_t>((rank + 1) % 8)];
  };
  block.run(
      [&](int rank) -> Thread { seen[static_cast<std::size_t>(rank)] = co_await neighbour(rank); });
  for (int rank = 0; rank < 8; ++rank)
    CHECK(seen[static_cast<std::size_t>(rank)] == (rank + 1) % 8 * 10);
  CHECK(block.barriers_passed() == 1);
}

TEST_CASE("emu: threads that disagree on the number of barriers deadlock clearly", "[emulator]") {
  const Schedule schedule = any_schedule();
  Block block(32, schedule);
  SECTION("one thread skips a barrier") {
    const auto run = [&] {
      block.run([&](int rank) -> Thread {
        co_await block.barrier();
        if (rank != 3) co_await block.barrier();
      });
    };
    REQUIRE_THROWS_AS(run(), BarrierError);
    REQUIRE_THROWS_WITH(run(), ContainsSubstring("deadlocks at barrier 2") &&
                                   ContainsSubstring("threads 3 finished") &&
                                   ContainsSubstring("threads 0-2, 4-31 wait at a barrier"));
  }
  SECTION("one thread waits at an extra barrier") {
    const auto run = [&] {
      block.run([&](int rank) -> Thread {
        if (rank == 31) co_await block.barrier();
        co_return;
      });
    };
    REQUIRE_THROWS_WITH(run(), ContainsSubstring("deadlocks at barrier 1") &&
                                   ContainsSubstring("threads 0-30 finished") &&
                                   ContainsSubstring("threads 31 wait"));
  }
}

TEST_CASE("emu: barriers reached at different places are reported", "[emulator]") {
  Block block(8);
  const auto run = [&] {
    block.run([&](int rank) -> Thread {
      if (rank < 4) {
        co_await block.barrier();
      } else {
        co_await block.barrier();
      }
    });
  };
  REQUIRE_THROWS_WITH(run(), ContainsSubstring("divergent barriers") &&
                                 ContainsSubstring("threads 0-3 wait at test_block.cpp:") &&
                                 ContainsSubstring("threads 4-7 wait elsewhere"));
}

TEST_CASE("emu: an exception in a thread propagates out of run()", "[emulator]") {
  const Schedule schedule = any_schedule();
  Block block(16, schedule);
  SECTION("thrown by the thread") {
    const auto run = [&] {
      block.run([&](int rank) -> Thread {
        co_await block.barrier();
        if (rank == 5) throw std::runtime_error("thread 5 failed");
        co_await block.barrier();
      });
    };
    REQUIRE_THROWS_WITH(run(), "thread 5 failed");
  }
  SECTION("thrown inside an awaited Task") {
    const auto failing = [&](int rank) -> Task<int> {
      co_await block.barrier();
      if (rank == 9) throw std::out_of_range("nested failure");
      co_return rank;
    };
    const auto run = [&] { block.run([&](int rank) -> Thread { (void)co_await failing(rank); }); };
    REQUIRE_THROWS_AS(run(), std::out_of_range);
  }
  // The block is usable again after a failed run.
  CHECK(log_intervals(block, 2).size() == 16 * 3);
}

TEST_CASE("emu: misuse is rejected", "[emulator]") {
  CHECK_THROWS_AS(Block(0), std::invalid_argument);
  CHECK_THROWS_AS(Block(-4), std::invalid_argument);
  Block block(4);
  SECTION("a suspension other than the barrier") {
    const auto run = [&] { block.run([&](int) -> Thread { co_await std::suspend_always{}; }); };
    REQUIRE_THROWS_WITH(run(), ContainsSubstring("suspended outside Block::barrier()"));
  }
  SECTION("the barrier of another block") {
    Block other(4);
    const auto run = [&] { block.run([&](int) -> Thread { co_await other.barrier(); }); };
    REQUIRE_THROWS_WITH(run(), ContainsSubstring("outside run() of its block"));
  }
}
