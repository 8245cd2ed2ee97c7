#pragma once
// The coroutine block emulator: a block of T logical threads run as C++20
// coroutines on one host thread, so that block-level algorithms (tree
// reduction in shared memory, an emulated shuffle, a block scan) are tested
// on the host with their barriers mattering, which Serial teams of one
// thread never show.
//
//   bench::emu::Block block(256);
//   block.run([&](int rank) -> bench::emu::Thread {
//     shared[rank] = value(rank);
//     co_await block.barrier();
//     ...
//   });
//
// Between two barriers the emulator resumes every thread once, in the
// schedule's order, and each runs until its next barrier (or its end). A
// barrier releases nobody until every thread of the block is waiting at it,
// so no thread passes barrier k before all reached it. A different order
// between barriers (reversed, or shuffled with a seed) exposes an algorithm
// that relies on an order no barrier enforces, i.e. a missing barrier.
//
// Errors are reported, never hung on: a thread that finishes while others
// wait at a barrier (threads disagree on the number of barriers), threads
// waiting at barriers in different places of the code (divergent barriers,
// undefined behaviour for __syncthreads), and a thread suspended by anything
// other than a barrier throw BarrierError from run(). An exception thrown in
// a thread propagates out of run().
#include <coroutine>
#include <cstdint>
#include <source_location>
#include <stdexcept>
#include <string>
#include <vector>

#include "emulator/task.hpp"

namespace bench::emu {

// The order in which the threads run between two barriers.
struct Schedule {
  enum class Order { forward, reverse, shuffled };
  Order order = Order::forward;
  std::uint64_t seed = 0;  // shuffled: a new permutation per barrier interval, from this seed

  static Schedule forward() { return {Order::forward, 0}; }
  static Schedule reverse() { return {Order::reverse, 0}; }
  static Schedule shuffled(std::uint64_t seed) { return {Order::shuffled, seed}; }
  std::string describe() const;  // "forward", "reverse", "shuffled(seed 7)"
};

// A barrier misused: deadlock, divergent barriers, or a foreign suspension.
class BarrierError : public std::logic_error {
 public:
  using std::logic_error::logic_error;
};

class Block {
 public:
  explicit Block(int size, Schedule schedule = {});

  int size() const { return size_; }
  const Schedule& schedule() const { return schedule_; }
  // Barriers every thread has passed: during run(), the current interval's
  // number; after it, the total of the last run.
  int barriers_passed() const { return barriers_passed_; }

  // co_await block.barrier(): the block-wide barrier (team_barrier,
  // __syncthreads). `where` identifies the barrier for the divergence check.
  class Barrier {
   public:
    bool await_ready() const noexcept { return false; }
    void await_suspend(std::coroutine_handle<> resume_point) const {
      block_->arrive(resume_point, where_);
    }
    void await_resume() const noexcept {}

   private:
    friend class Block;
    Barrier(Block* block, std::source_location where) : block_(block), where_(where) {}
    Block* block_;
    std::source_location where_;
  };
  Barrier barrier(std::source_location where = std::source_location::current()) {
    return Barrier(this, where);
  }

  // Runs body(rank) for rank = 0 .. size()-1 as the block's threads until all
  // return. `body` must return Thread (a coroutine) and stay alive during the
  // call, which it does when passed directly, lambda captures included.
  template <class Body>
  void run(Body&& body) {
    std::vector<Thread> threads;
    threads.reserve(static_cast<std::size_t>(size_));
    for (int rank = 0; rank < size_; ++rank) threads.push_back(body(rank));
    run_threads(threads);
  }

 private:
  struct Waiting {
    std::coroutine_handle<> resume_point;
    std::source_location where;
  };
  void run_threads(std::vector<Thread>& threads);
  void arrive(std::coroutine_handle<> resume_point, std::source_location where);
  void order_threads(std::vector<int>& order) const;
  void check_same_barrier(const std::vector<int>& waiting) const;
  std::string describe_block() const;

  int size_;
  Schedule schedule_;
  int barriers_passed_ = 0;
  bool running_ = false;
  int current_ = -1;      // the thread being resumed
  bool arrived_ = false;  // whether it reached a barrier since
  std::vector<Waiting> waiting_;
};

// "0-4, 6, 9-31": a sorted list of ranks, for error messages.
std::string format_ranks(std::vector<int> ranks);

}  // namespace bench::emu
