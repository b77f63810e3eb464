;@kernel lds_b96_phases
; lds_b128_phases with one ds_read_b96 (write = 0) or ds_write_b96 (write = 1) at each lane's LDS byte address.
;@from lds_b128_phases.s
;@replace ds_write_b128 v2, v[4:7] => ds_write_b96 v2, v[4:6]
;@replace ds_read_b128 v[4:7], v2 => ds_read_b96 v[4:6], v2
