;@kernel ws_soft_clause_smem_xnack_off
; ws_soft_clause_smem_direct built with XNACK off: no replay, so no soft-clause rule.
;@from ws_soft_clause_smem_direct.s
;@xnack off
