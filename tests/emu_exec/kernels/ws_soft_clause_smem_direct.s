;@kernel ws_soft_clause_smem_direct
; ws_soft_clause with s_load_dwordx2 s[4:5] right after the s_load that reads s[4:5].
;@from ws_soft_clause.s
;@delete_after s_load_dword s13, s[4:5], 0x0
