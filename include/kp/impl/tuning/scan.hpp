#pragma once
// Tuning of the scans (kp::inclusive_scan, kp::exclusive_scan, their
// operator and transform forms) and of kp::copy_if, which runs on the same
// look-back: one place for the constants, each with why it has its value.
// Their measurements are in docs/PERFORMANCE.md (scan).

namespace kp::impl {

// A setting chosen by the size of the values: 4 bytes, 8 bytes, others.
template <class T>
constexpr int by_value_size(int four, int eight, int other) {
  return sizeof(T) == 4 ? four : sizeof(T) == 8 ? eight : other;
}

// GPU look-back, the tile in registers (register_tile.hpp):
// Threads a tile: 8 warps, whose totals meet in one barrier, in a team small
// enough that several share an SM. Teams of 128 with twice as many an SM
// (the same registers a thread) were slower for 16-byte values on an H200
// (2^24 pairs 258 us against 238) and no faster for 8-byte ones; 2% faster
// for floats (177-179 us against 182 for 2^26), measured on the H200 alone.
inline constexpr int kRegisterTeam = 256;
// 16-byte packs a thread holds, by value size. A look-back's tiles go
// through at a bounded rate, so a tile should be large: 16 KiB for 4-byte
// values (4096 floats), 32 KiB for wider ones (4096 doubles, 2048 pairs).
// On an H200, 8 packs took 420 us against 4 packs' 454 for 2^26 doubles
// (striped, held in registers), and 2^24 pairs 192-193 us against 237-238
// (blocked, staged; docs/results/h200-2026-11-27/scan-pairs/).
inline constexpr int kRegisterPacks4 = 4;
inline constexpr int kRegisterPacks8 = 8;
inline constexpr int kRegisterPacksWide = 8;
template <class T>
inline constexpr int kRegisterPacks = by_value_size<T>(kRegisterPacks4, kRegisterPacks8,
                                                       kRegisterPacksWide);

// Whether a thread holds its packs consecutively (1) or striped (0), by
// value size. Striped packs are each a segment of the tile, scanned by a
// warp scan of its own: kPacks scans a thread, each of sizeof(T) / 4
// shuffled words a step. Consecutive packs need one warp scan a thread,
// after a transpose through team scratch (loads and stores stay coalesced).
// Floats keep the striped tile: 4 one-word scans cost less than the
// transpose (2^26 floats on an H200: 182 us striped, 233 blocked). Blocked,
// 2^24 pairs took 238 us against 268 striped; 2^26 int64 387 against 422;
// doubles 412 against 420.
inline constexpr int kRegisterBlocked4 = 0;
inline constexpr int kRegisterBlocked8 = 1;
inline constexpr int kRegisterBlockedWide = 1;
template <class T>
inline constexpr bool kRegisterBlocked = by_value_size<T>(kRegisterBlocked4, kRegisterBlocked8,
                                                          kRegisterBlockedWide) != 0;

// Blocked tiles: copied straight into the exchange (cp.async, sm_80 and
// later) and read from there as they are scanned (1), or loaded into
// registers and held (0). Staged, the bytes in flight take no registers,
// so more teams fit an SM (kLookbackTeams*): on an H200, 2^26 doubles took
// 371-373 us staged with 4 teams against 401-406 held with 3; int64 367-374
// against 399-401; 2^24 pairs in 16 KiB tiles 240 with 5 teams against
// 238-240 held with 4.
// A blocked tile's exchange is its packs plus one in kRegisterPacks<T> + 1:
// 36 KiB for 8-byte and wider values, within the 40 KiB of team scratch a
// Kokkos 3.4 CUDA team may ask for.
inline constexpr int kRegisterStaged = 1;

// GPU values of sizes that do not fill 16-byte packs: values a thread of a
// kRegisterTeam tile staged in team scratch.
inline constexpr int kLookbackScratchItems = 4;

// Teams of kRegisterTeam resident per SM (LaunchBounds caps registers to
// fit), so that more tiles load while others wait on the look-back: 5 for
// 4-byte values (48 registers a thread), 4 for 8-byte and wider ones (64
// registers, staged tiles of 32 KiB). Each more team is more bytes in
// flight, until registers spill: 5 teams of staged 8-byte tiles spill 84
// bytes a thread; 3 teams of 32 KiB pairs tiles took 207-210 us against
// 4 teams' 192-193.
inline constexpr int kLookbackTeams4 = 5;
inline constexpr int kLookbackTeams8 = 4;
inline constexpr int kLookbackTeamsWide = 4;
template <class T>
inline constexpr int kLookbackTeamsPerSM = by_value_size<T>(kLookbackTeams4, kLookbackTeams8,
                                                            kLookbackTeamsWide);

// Host look-back (decoupled_lookback.hpp), one thread a tile: a tile stays
// in a 512 KiB L2 between its sum and its scan (256 KiB of floats, 512 KiB
// of doubles); smaller tiles cost a contended ticket and look-back each.
inline constexpr int kHostLookbackTile = 65536;

// Polls of a predecessor's flag before a host thread yields its core: the
// predecessor may belong to a descheduled thread (more threads than cores).
inline constexpr int kLookbackYieldPolls = 64;

// Host tile scan (host_scan.hpp): elements a block, each block's prefix
// independent of the others' so that their adds overlap, plus one carry add
// a block; 4 floats or ints fill one 16-byte (streaming) store.
inline constexpr int kHostScanLanes = 4;
// The tile's sum (no prefixes needed) in more lanes: SIMD registers' worth.
inline constexpr int kHostSumLanes = 16;

// Last-level cache bytes assumed where sysconf does not say: a scan whose
// input and output do not fit in it streams its output past the cache.
inline constexpr double kHostScanAssumedCache = 32.0 * (1 << 20);

// The tiled scans' shapes (tile_plan.hpp): on a GPU teams of 256 threads
// with 8 values each; on the host one thread a tile of the same 2048 values,
// small enough to stay in L1, large enough that the per-tile work of the
// passes and the look-back is negligible.
inline constexpr int kTiledTeam = 256;
inline constexpr int kTiledItems = 8;
inline constexpr int kHostTiledTile = 2048;

}  // namespace kp::impl
