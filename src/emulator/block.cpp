#include "emulator/block.hpp"

#include <algorithm>
#include <cstring>
#include <numeric>
#include <random>
#include <sstream>
#include <utility>

namespace bench::emu {

namespace {

bool same_place(const std::source_location& a, const std::source_location& b) {
  return a.line() == b.line() && a.column() == b.column() &&
         std::strcmp(a.file_name(), b.file_name()) == 0;
}

std::string place(const std::source_location& where) {
  const char* file = where.file_name();
  const char* slash = std::strrchr(file, '/');
  return std::string(slash ? slash + 1 : file) + ":" + std::to_string(where.line());
}

// Resets the running flag however run_threads leaves.
struct RunningGuard {
  bool& running;
  ~RunningGuard() { running = false; }
};

}  // namespace

std::string Schedule::describe() const {
  switch (order) {
    case Order::forward:
      return "forward";
    case Order::reverse:
      return "reverse";
    case Order::shuffled:
      return "shuffled(seed " + std::to_string(seed) + ")";
  }
  return "?";
}

std::string format_ranks(std::vector<int> ranks) {
  std::sort(ranks.begin(), ranks.end());
  std::string text;
  for (std::size_t i = 0; i < ranks.size();) {
    std::size_t j = i;
    while (j + 1 < ranks.size() && ranks[j + 1] == ranks[j] + 1) ++j;
    if (!text.empty()) text += ", ";
    text += std::to_string(ranks[i]);
    if (j > i) {
      text += '-';
      text += std::to_string(ranks[j]);
    }
    i = j + 1;
  }
  return text;
}

Block::Block(int size, Schedule schedule) : size_(size), schedule_(schedule) {
  if (size < 1) {
    throw std::invalid_argument("bench::emu::Block: a block needs at least one thread, not " +
                                std::to_string(size));
  }
}

std::string Block::describe_block() const {
  return "emulated block of " + std::to_string(size_) + " threads (" + schedule_.describe() + ")";
}

void Block::arrive(std::coroutine_handle<> resume_point, std::source_location where) {
  if (!running_ || current_ < 0) {
    throw BarrierError("bench::emu::Block::barrier() awaited outside run() of its block");
  }
  waiting_[static_cast<std::size_t>(current_)] = {resume_point, where};
  arrived_ = true;
}

void Block::order_threads(std::vector<int>& order) const {
  std::iota(order.begin(), order.end(), 0);
  if (schedule_.order == Schedule::Order::reverse) std::reverse(order.begin(), order.end());
  if (schedule_.order == Schedule::Order::shuffled) {
    // A fresh permutation for every barrier interval, by Fisher-Yates on the
    // raw engine output: the same on every platform, unlike std::shuffle.
    std::mt19937_64 random(schedule_.seed * 0x9e3779b97f4a7c15ull +
                           static_cast<std::uint64_t>(barriers_passed_));
    for (std::size_t i = order.size(); i > 1; --i) {
      std::swap(order[i - 1], order[static_cast<std::size_t>(random() % i)]);
    }
  }
}

void Block::check_same_barrier(const std::vector<int>& waiting) const {
  const std::source_location& first = waiting_[static_cast<std::size_t>(waiting[0])].where;
  std::vector<int> here, elsewhere;
  for (int rank : waiting) {
    (same_place(waiting_[static_cast<std::size_t>(rank)].where, first) ? here : elsewhere)
        .push_back(rank);
  }
  if (elsewhere.empty()) return;
  const std::source_location& other = waiting_[static_cast<std::size_t>(elsewhere[0])].where;
  std::ostringstream message;
  message << describe_block() << ": divergent barriers after barrier " << barriers_passed_
          << ": threads " << format_ranks(here) << " wait at " << place(first) << " but threads "
          << format_ranks(elsewhere) << " wait elsewhere (first at " << place(other)
          << "); every thread of a block must reach the same barrier";
  throw BarrierError(message.str());
}

void Block::run_threads(std::vector<Thread>& threads) {
  if (running_) throw BarrierError("bench::emu::Block::run() called from inside its own run()");
  running_ = true;
  const RunningGuard guard{running_};
  barriers_passed_ = 0;
  waiting_.assign(threads.size(), {});
  for (std::size_t rank = 0; rank < threads.size(); ++rank) {
    waiting_[rank].resume_point = threads[rank].handle_;
  }
  std::vector<int> order(threads.size());
  for (;;) {
    // One barrier interval: every thread runs to its next barrier or its end.
    order_threads(order);
    std::vector<int> finished, waiting;
    for (int rank : order) {
      current_ = rank;
      arrived_ = false;
      const auto& thread = threads[static_cast<std::size_t>(rank)].handle_;
      waiting_[static_cast<std::size_t>(rank)].resume_point.resume();
      current_ = -1;
      if (thread.done()) {
        if (thread.promise().error) std::rethrow_exception(thread.promise().error);
        finished.push_back(rank);
      } else if (arrived_) {
        waiting.push_back(rank);
      } else {
        throw BarrierError(describe_block() + ": thread " + std::to_string(rank) +
                           " suspended outside Block::barrier(); a logical thread may only "
                           "co_await the block's barrier or Tasks that reach it");
      }
    }
    if (waiting.empty()) return;
    if (!finished.empty()) {
      std::ostringstream message;
      message << describe_block() << " deadlocks at barrier " << barriers_passed_ + 1
              << ": threads " << format_ranks(finished) << " finished while threads "
              << format_ranks(waiting)
              << " wait at a barrier (the threads disagree on the number of barriers)";
      throw BarrierError(message.str());
    }
    check_same_barrier(waiting);
    ++barriers_passed_;
  }
}

}  // namespace bench::emu
