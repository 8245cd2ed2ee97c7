import sys
p=sys.argv[1]+'/kp/impl/multinomial.hpp'
s=open(p).read()
stamp='''
#ifdef __CUDACC__
static __device__ long long kp_stamp[2][64];
#endif
#ifdef __CUDA_ARCH__
#define KP_STAMP(team, k) do { if ((team).league_rank() == 0 && ((team).team_rank() == 0 || (team).team_rank() == (team).team_size() - 1)) kp_stamp[(team).team_rank() == 0 ? 0 : 1][k] = clock64(); } while (0)
#define KP_PRINT(team) do { (team).team_barrier(); if ((team).league_rank() == 0 && (team).team_rank() == 0) { for (int w = 0; w < 2; ++w) { printf("STAMP %d:", w); for (int k = 1; k < 40; ++k) if (kp_stamp[w][k]) printf(" %d=%lld", k, kp_stamp[w][k] - kp_stamp[0][0]); printf("\\n"); } for (int k=0;k<64;++k){kp_stamp[0][k]=0;kp_stamp[1][k]=0;} } } while (0)
#else
#define KP_STAMP(team, k) do {} while (0)
#define KP_PRINT(team) do {} while (0)
#endif
'''
def rep(a,b):
    global s
    assert a in s, a
    s=s.replace(a,b,1)
rep('template <class Count>\nstruct BlockTree {', stamp+'template <class Count>\nstruct BlockTree {')
rep('  KOKKOS_INLINE_FUNCTION int team_rank() const { return 0; }','  KOKKOS_INLINE_FUNCTION int team_rank() const { return 0; }\n  KOKKOS_INLINE_FUNCTION int league_rank() const { return -1; }')
rep('''        n = (rank * 2 * first / threads) % 2 == 1 ? n - left : left;''','''        n = (rank * 2 * first / threads) % 2 == 1 ? n - left : left;
        KP_STAMP(team, 10 + (height > 0 ? kSampleLogBlock - height : 0));''')
rep('''    // Below: each thread splits whole subtrees''','''    KP_STAMP(team, 25);
    // Below: each thread splits whole subtrees''')
rep('''    team.team_barrier();
    // Where no node descends (dense draws)''','''    KP_STAMP(team, 26);
    team.team_barrier();
    KP_STAMP(team, 27);
    // Where no node descends (dense draws)''')
rep('''    std::uint64_t c = top_draws;
    if constexpr (kFollowsTop) {
      tree.build(team, ReadSums<Space>{top_leaves}, 0);''','''    std::uint64_t c = top_draws;
    if constexpr (kFollowsTop) KP_STAMP(team, 0);
    if constexpr (kFollowsTop) {
      tree.build(team, ReadSums<Space>{top_leaves}, 0);
      KP_STAMP(team, 1);''')
rep('''      team.team_barrier();  // the top's sums are read before the block's overwrite them''','''      KP_STAMP(team, 2);
      team.team_barrier();  // the top's sums are read before the block's overwrite them
      KP_STAMP(team, 3);''')
rep('''    tree.build(team, read, b);
    if (reports && !kFollowsTop) team_single(team, [&] { total() = tree.sums[1]; });''','''    tree.build(team, read, b);
    if constexpr (kFollowsTop) KP_STAMP(team, 4);
    if (reports && !kFollowsTop) team_single(team, [&] { total() = tree.sums[1]; });''')
rep('''    team_for(team, end, [&](std::int64_t k) { write(b * kBlock + k, tree.counts[kBlock + k]); });''','''    if constexpr (kFollowsTop) KP_STAMP(team, 30);
    team_for(team, end, [&](std::int64_t k) { write(b * kBlock + k, tree.counts[kBlock + k]); });
    if constexpr (kFollowsTop) { KP_STAMP(team, 31); KP_PRINT(team); }''')
open(p,'w').write(s)
