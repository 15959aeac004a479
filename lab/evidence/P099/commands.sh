#!/bin/bash
# Issue 23, small N to 48 columns, the first build: 9330503 (base) against sn built with
# CTAs of 40 and 48 columns (SMALL_N_MAX 48; the committed 75ed773 keeps 40), 3 rounds
# alternating, with sn.txt's shapes, then memcheck (its 40/48-column shapes of the time:
# 600x37x777, 4096x40x4096, 999x45x20001, 300x48x40) and the gate's absolute full run of
# sn: the committed folder's script, run as
CHECK=sn bash lab/evidence/P098/commands.sh
