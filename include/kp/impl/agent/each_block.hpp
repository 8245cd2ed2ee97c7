#pragma once
// How a level's blocks of kp::sample's tree (multinomial.hpp) run on a
// space: on GPUs a team a block, its tree in team scratch; on host spaces a
// task a block, its tree in the running thread's slot, handed to the threads
// as they come free (a block's work varies with its draws and its binomials'
// rejections). The space's kind picks the overload.
//
// A block's work is a functor `block(team, tree, b)` with two constants:
// kCounts (its tree holds counts, not only sums) and kFolded (the GPUs'
// folded split: at most a block a multiprocessor, multinomial.hpp's fold_top).
#include <Kokkos_Core.hpp>
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include <kp/impl/agent/block_tree.hpp>
#include <kp/impl/backend/host/host_tasks.hpp>
#include <kp/impl/core/common.hpp>
#include <kp/impl/core/views.hpp>
#include <kp/impl/core/workspace.hpp>
#include <kp/impl/tuning/sample.hpp>

namespace kp::impl::multinomial {

// A team a block (GPUs, the tree in team scratch) ...
template <class Block, class Count>
struct TeamEachBlock {
  Block block;
  std::int64_t first;
  template <class Member>
  KOKKOS_INLINE_FUNCTION void operator()(const Member& team) const {
    block(team, BlockTree<Count>::in(team, Block::kCounts), first + team.league_rank());
  }
};

// ... and a host task a block, the tree in the running thread's slot.
template <class Space, class Block>
struct TaskEachBlock {
  Block block;
  std::int64_t first;
  Kokkos::Experimental::UniqueToken<Space> token;
  View<char*, Space> slots;
  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t t) const {
    const int slot = token.acquire();
    char* mine = slots.data() + static_cast<std::size_t>(slot) * HostBlockTree::bytes();
    block(SoloTeam{}, HostBlockTree::at(mine), first + t);
    token.release(slot);
  }
};

template <class Space>
struct TreeSlots {
  View<char*, Space> bytes;
};

// Whether Space runs blocks as teams (GPUs) or as host tasks.
template <class Space>
using BlocksAsTeams = std::bool_constant<is_gpu_space<Space>()>;

// GPUs: blocks [first, first + blocks) as a league of teams whose trees hold
// counts of type Count.
template <class Count, class Space, class Block>
void launch_teams(const Space& space, const char* label, const Block& block, std::int64_t first,
                  std::int64_t blocks) {
  const auto run = [&](auto policy) {
    Kokkos::parallel_for(
        label, policy.set_scratch_size(0, Kokkos::PerTeam(BlockTree<Count>::bytes(Block::kCounts))),
        TeamEachBlock<Block, Count>{block, first});
  };
  using Policy = tuning::Tuned<SampleTuning, Space>;
  const bool many = blocks >= Policy::many_blocks;
  const auto league = static_cast<int>(blocks);
  if constexpr (Block::kFolded) {  // at most a block a multiprocessor (fold_top)
    using Bounds = Kokkos::LaunchBounds<Policy::team_folded, 1>;
    return run(Kokkos::TeamPolicy<Space, Bounds>(space, league, Policy::team_folded));
  }
  if constexpr (Policy::min_teams > 0) {
    if (many) {
      using Bounds = Kokkos::LaunchBounds<Policy::team_many, Policy::min_teams>;
      return run(Kokkos::TeamPolicy<Space, Bounds>(space, league, Policy::team_many));
    }
  }
  run(Kokkos::TeamPolicy<Space>(space, league, many ? Policy::team_many : Policy::team));
}

template <class Space, class Block>
void on_each_block(std::true_type /*as teams*/, const Space& space, const char* label,
                   const Block& block, std::int64_t first, std::int64_t blocks) {
  if constexpr (!Block::kCounts) {
    launch_teams<std::uint64_t>(space, label, block, first, blocks);  // no counts
  } else if (block.narrow()) {
    launch_teams<std::uint32_t>(space, label, block, first, blocks);
  } else {
    launch_teams<std::uint64_t>(space, label, block, first, blocks);
  }
}

// Host spaces: a task a block, each thread's tree in its slot of one
// workspace allocation.
template <class Space, class Block>
void on_each_block(std::false_type /*as teams*/, const Space& space, const char* label,
                   const Block& block, std::int64_t first, std::int64_t blocks) {
  const Kokkos::Experimental::UniqueToken<Space> token(space);
  const auto bytes = static_cast<std::size_t>(token.size()) * HostBlockTree::bytes();
  const auto slots = workspace<TreeSlots<Space>>(
      space, [&](const TreeSlots<Space>& t) { return t.bytes.extent(0) >= bytes; },
      [&] {
        return TreeSlots<Space>{View<char*, Space>(
            Kokkos::view_alloc(Kokkos::WithoutInitializing, "kp::sample trees"), bytes)};
      });
  run_host_tasks(space, label, blocks,
                 TaskEachBlock<Space, Block>{block, first, token, slots->bytes});
}

// Blocks [first, first + blocks) of `block`, as the space runs them.
template <class Space, class Block>
void on_each_block(const Space& space, const char* label, const Block& block, std::int64_t first,
                   std::int64_t blocks) {
  if (blocks == 0) return;
  on_each_block(BlocksAsTeams<Space>{}, space, label, block, first, blocks);
}

}  // namespace kp::impl::multinomial
