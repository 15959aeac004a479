#!/bin/bash
# Issue 23, stream-K by cover: 480b047's kernel (base) against 9330503 (sk), 3 rounds
# alternating, with sk.txt's shapes, then memcheck and the gate's absolute full run of sk:
# the H100 folder's script, run as
CHECK=sk bash lab/evidence/P096/commands.sh
