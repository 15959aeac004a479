#!/bin/bash
# Issue 23, vectors of C: 39a6195 (base) against 480b047 (v3), 3 rounds alternating, with
# half.txt's 128x64 lines shapes (drawn by ../lab/evidence/P093/half-scan.c), then
# memcheck and the gate's absolute full run of v3: the first folder's script, run as
BUILDS="base v3" CHECK=v3 bash lab/evidence/P092/commands.sh
