#!/bin/bash
# tools/banks.awk on SASS of known answers (cuobjdump -sass's line format): which
# FFMA sources it reads from the register file (not a register the FFMA before flagged
# .reuse in the same slot, nor RZ), and which FFMAs read two of them from one bank (r % 2).
set -u
awk_file=$(realpath tools/banks.awk)
passed=0 failed=0
expect() { if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL: $*" >&2; fi; }
line() { printf '        /*%04x*/                   %s ;   /* 0x000000a09cb57223 */\n' "$1" "$2"; }
sass=$(
  echo "        Function : kernA"
  line 0 "FFMA R10, R2.reuse, R4, R6"  # R2 R4 R6: one bank
  line 16 "FFMA R11, R2, R5, R7"       # R2 cached: R5 R7, one bank
  line 32 "FFMA R12, R2.reuse, R4, R7" # not cached (no flag before): R2 R4 R7
  line 48 "FFMA R13, R2, R4, R7"       # R2 cached: R4 R7, two banks
  line 64 "LDS.128 R20, [R1+0x10]"     # another instruction: the cache's flags end
  line 80 "FFMA R14, R2, R4, R7"       # R2 R4 R7 again
  echo "        Function : kernB"
  line 0 "FFMA R1, R2, R3, RZ"         # R2 R3: two banks
  line 16 "FFMA R4, -R6, R8, R9"       # R6 R8 R9
  line 32 "@P0 FFMA R5, R2.reuse, R4, R5" # predicated: R2 R4 R5
  line 48 "@!P1 FFMA R5, R2, R3, R5"   # R2 cached: R3 R5, one bank
)
out=$(printf '%s\n' "$sass" | awk -f "$awk_file" | sort)
expect [ "$out" = "$(printf 'kernA 5 4 80.0\nkernB 4 3 75.0')" ]
[ "$out" = "$(printf 'kernA 5 4 80.0\nkernB 4 3 75.0')" ] || printf 'got:\n%s\n' "$out" >&2
# a function without FFMAs prints nothing; a function starts with no cached source (q's
# R2 is read: cached from p's flag, its FFMA would read R4 R7 alone, two banks)
out=$(printf '        Function : empty\n%s\n        Function : p\n%s\n        Function : q\n%s\n' \
  "$(line 0 "IADD3 R1, R2, R3, RZ")" "$(line 0 "FFMA R1, R2.reuse, R4, R7")" \
  "$(line 0 "FFMA R1, R2, R4, R7")" | awk -f "$awk_file" | sort)
expect [ "$out" = "$(printf 'p 1 1 100.0\nq 1 1 100.0')" ]
echo "banks_test: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
