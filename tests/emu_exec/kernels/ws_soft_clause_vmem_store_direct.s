;@kernel ws_soft_clause_vmem_store_direct
; ws_soft_clause with the store right after the load.
;@from ws_soft_clause.s
;@delete_after global_load_dword v6, v1, s[4:5]
