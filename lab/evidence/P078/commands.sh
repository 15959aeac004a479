#!/bin/bash
# Issue 23, EXPERIMENT small N, second form (K sliced to two CTAs an SM): the same runs as
# ../lab/evidence/P076/commands.sh.
exec bash "$(dirname "$0")/../lab/evidence/P076/commands.sh"
