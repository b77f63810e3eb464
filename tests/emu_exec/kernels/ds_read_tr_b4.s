;@kernel ds_read_tr_b4
;@from ds_read_tr.s
; ds_read_tr with its b16 read replaced by ds_read_b64_tr_b4: out[d*64 + l] for d = 0, 1 is dword d of
; lane l's tr_b4 result (d = 2, 3 still hold the b8 read).
;@delete ds_read_b64_tr_b16 v[8:9], v3
;@insert_after s_barrier => ds_read_b64_tr_b4 v[8:9], v3
