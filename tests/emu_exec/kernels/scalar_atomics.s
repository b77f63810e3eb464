;@kernel scalar_atomics
; One wave per workgroup g. kernarg: words (u32 at bytes 0, 4, 8; u64 at 16 and 24), out (u32[groups*4]).
;   ticket = s_atomic_add(words+0, 1) glc         semaphore: s_atomic_dec(words+4, 0xffffffff), no return
;   old    = s_atomic_cmpswap(words+8, src 1000+g, cmp 0) glc
;            s_atomic_umax_x2(words+16, g<<32 | 7), no return
;   old64  = s_atomic_add_x2(words+24, 0x100000001) glc
; out[4g..4g+3] = ticket, old, old64 low, old64 high.
  s_load_dwordx4 s[4:7], s[0:1], 0
  s_waitcnt lgkmcnt(0)
  s_mov_b32 s10, 1
  s_atomic_add s10, s[4:5], 0x0 glc
  s_mov_b32 s11, -1
  s_atomic_dec s11, s[4:5], 0x4
  s_add_u32 s12, s2, 0x3e8
  s_mov_b32 s13, 0
  s_atomic_cmpswap s[12:13], s[4:5], 0x8 glc
  s_mov_b32 s14, 7
  s_mov_b32 s15, s2
  s_atomic_umax_x2 s[14:15], s[4:5], 0x10
  s_mov_b32 s16, 1
  s_mov_b32 s17, 1
  s_atomic_add_x2 s[16:17], s[4:5], 0x18 glc
  s_waitcnt lgkmcnt(0)
  v_mov_b32 v2, s10
  v_mov_b32 v3, s12
  v_mov_b32 v4, s16
  v_mov_b32 v5, s17
  s_lshl_b32 s18, s2, 4
  v_mov_b32 v1, s18
  global_store_dwordx4 v1, v[2:5], s[6:7]
  s_endpgm
