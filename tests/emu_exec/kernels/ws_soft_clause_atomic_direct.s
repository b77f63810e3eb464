;@kernel ws_soft_clause_atomic_direct
; ws_soft_clause with the two returning atomics back to back.
;@from ws_soft_clause.s
;@delete_after global_atomic_add v9, v1, v2, s[4:5] offset:768 sc0
