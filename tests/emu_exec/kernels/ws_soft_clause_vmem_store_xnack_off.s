;@kernel ws_soft_clause_vmem_store_xnack_off
; ws_soft_clause_vmem_store_direct built with XNACK off: no replay, so no soft-clause rule.
;@from ws_soft_clause_vmem_store_direct.s
;@xnack off
