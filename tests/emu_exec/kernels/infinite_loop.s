;@kernel infinite_loop
; A runaway kernel: every wave counts up forever. Only the instruction bound or the wall-clock budget
; (timeout_test.cc) ends it.
  s_mov_b32 s8, 0
.Lforever:
  s_add_u32 s8, s8, 1
  s_branch .Lforever
