#pragma once
// Tuning of kp::copy_if and kp::copy_index_if on CUDA: each warp compacts
// its own run of 32 x kCompactItems consecutive values, one coalesced
// 32-value load per round, the selection of each round one ballot.
namespace kp::impl {

// Rounds a warp holds in registers: 16 loads in flight per thread cover the
// memory latency; a tile of 256 threads is 4096 values.
inline constexpr int kCompactItems = 16;

}  // namespace kp::impl
