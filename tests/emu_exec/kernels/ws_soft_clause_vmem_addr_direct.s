;@kernel ws_soft_clause_vmem_addr_direct
; ws_soft_clause with the load overwriting v3 right after the load addressed by v3.
;@from ws_soft_clause.s
;@delete_after global_load_dword v8, v3, s[4:5]
