#pragma once
// The emulator's drivers of the block and warp reduction steps: the same step
// text as the Kokkos drivers (primitives/block/block_reduce.hpp,
// primitives/warp/warp_reduce.hpp), with co_await block.barrier() where
// those call team_barrier or end a ThreadVectorRange loop. Only the driving
// loop differs, so an emulated result equals the team's bit for bit.
#include "emulator/block.hpp"
#include "emulator/task.hpp"
#include "primitives/block/tree_reduce_steps.hpp"
#include "primitives/warp/shuffle_reduce_steps.hpp"

namespace bench::emu {

// bench::block::tree_reduce for logical thread `rank` of `block` (a power-of-two
// size); `shared` holds block.size() values. Every thread gets the sum.
// Parameters are taken by value: a coroutine outlives its caller's temporaries.
template <class T>
Task<T> tree_reduce(Block& block, int rank, T* shared, T value) {
  using Steps = bench::block::TreeReduceSteps<T>;
  const int size = block.size();
  shared[rank] = value;
  co_await block.barrier();
  for (int s = 0; s < Steps::count(size); ++s) {
    Steps::step(s, rank, size, shared);
    co_await block.barrier();
  }
  const T sum = shared[0];
  co_await block.barrier();  // the scratch may be reused right after
  co_return sum;
}

// The shuffle-down reduction of `width` lanes (a power of two), lane `lane`
// holding `value`, exchanging through `exchange` (width values owned by this
// group of lanes) as bench::warp::shuffle_reduce does off the GPU. Every thread
// of the block must call it (the barriers are block-wide). Lane 0 gets the
// sum; the other lanes get partial sums, as with __shfl_down_sync.
template <class T>
Task<T> shuffle_reduce(Block& block, int lane, int width, T* exchange, T value) {
  using Steps = bench::warp::ShuffleReduceSteps<T>;
  for (int s = 0; s < Steps::count(width); ++s) {
    Steps::publish(lane, value, exchange);
    co_await block.barrier();
    Steps::gather(s, lane, width, value, exchange);
    co_await block.barrier();
  }
  co_return value;
}

}  // namespace bench::emu
