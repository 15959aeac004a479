#!/bin/bash
# Issue 23, small N to 40 columns: base (9330503) and sn (75ed773: small-N CTAs of 40 columns,
# the class to N <= 40), alternating, 3 rounds: coverage, sn.txt (16 shapes of N = 33..48
# and 4 of 49..64, drawn by sn-scan.c), seeds 9001/2311/4242/5150/6271/7177, llm,
# 2048/4096/8192 cubed; CHECK=BUILD adds memcheck and the gate's absolute full run of that build.
# The loop is the stream-K-by-cover folder's, with sn.txt for sk.txt (output r/sn-BUILD-ROUND.json):
SET=sn bash lab/evidence/P096/commands.sh
