#!/bin/bash
# Issue 23, the small-N kernel, on an H200: the same runs as
# ../lab/evidence/P083/commands.sh (review c231dd5, final 667b10b's kernels).
exec bash "$(dirname "$0")/../lab/evidence/P083/commands.sh"
