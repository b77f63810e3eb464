;@kernel ws_soft_clause_vmem_store_xnack_on
; ws_soft_clause_vmem_store_direct built with XNACK on.
;@from ws_soft_clause_vmem_store_direct.s
;@xnack on
