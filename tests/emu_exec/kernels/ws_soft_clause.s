;@kernel ws_soft_clause
; XNACK soft clauses (wait_states_test.cc): with XNACK on or any the hardware may replay a run of
; consecutive VMEM (or SMEM) instructions, so no member may write a register a member reads and no store or
; atomic may follow a member that writes registers. Each such pair below has the `s_nop 0` that ends the
; clause; the ws_soft_clause_*_direct variants delete one. The pairs LLVM allows in one clause (disjoint
; loads, a load after a store, a load overwriting its own address alone) stay adjacent.
; kernarg: out (4 KiB), wait (unused).
  s_load_dwordx2 s[4:5], s[0:1], 0
  v_lshlrev_b32 v1, 2, v0
  v_mov_b32 v2, 7
  v_mov_b32 v3, v1
  s_waitcnt lgkmcnt(0)
  ; VMEM: a store after a load (llc: s_nop 0 for xnack any/on, none for -xnack)
  global_load_dword v6, v1, s[4:5]
  s_nop 0
  global_store_dword v1, v2, s[4:5] offset:256
  s_waitcnt vmcnt(0)
  ; VMEM: a load overwriting the address another member read (MIR break_clause_simple_load_flat4_lo_ptr)
  global_load_dword v8, v3, s[4:5]
  s_nop 0
  global_load_dword v3, v1, s[4:5] offset:512
  s_waitcnt vmcnt(0)
  ; VMEM: two returning atomics (llc: s_nop 0 between them)
  global_atomic_add v9, v1, v2, s[4:5] offset:768 sc0
  s_nop 0
  global_atomic_add v10, v1, v2, s[4:5] offset:1024 sc0
  s_waitcnt vmcnt(0)
  ; VMEM, no hazard: disjoint loads, a cache write-back (not a store: llc puts no s_nop between a load and
  ; buffer_wbl2), then a load over the data of the store before it (clause without defs before the load:
  ; MIR break_clause_store_load_into_data_flat4 has no S_NOP)
  global_load_dword v11, v1, s[4:5]
  global_load_dword v12, v1, s[4:5] offset:4
  buffer_wbl2 sc1
  s_waitcnt vmcnt(0)
  global_store_dword v1, v2, s[4:5] offset:1280
  global_load_dword v2, v1, s[4:5] offset:1536
  s_waitcnt vmcnt(0)
  ; SMEM: a load overwriting the base another member read (MIR break_smem_clause_simple_load_smrd8_ptr)
  s_load_dword s13, s[4:5], 0x0
  s_nop 0
  s_load_dwordx2 s[4:5], s[0:1], 0
  s_waitcnt lgkmcnt(0)
  ; SMEM, no hazard: one load overwriting its own base, alone in its clause
  s_load_dwordx2 s[4:5], s[4:5], 0x0
  s_waitcnt lgkmcnt(0)
  s_endpgm
