;@kernel lds_b64_phases
; lds_b128_phases with 64-bit accesses: one ds_read_b64 (write = 0) or ds_write_b64 (write = 1) at each
; lane's LDS byte address.
;@from lds_b128_phases.s
;@replace ds_write_b128 v2, v[4:7] => ds_write_b64 v2, v[4:5]
;@replace ds_read_b128 v[4:7], v2 => ds_read_b64 v[4:5], v2
