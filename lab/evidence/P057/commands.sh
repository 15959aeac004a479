#!/bin/bash
# Issue 23: prev (d52c0e1), waves (+ the waves rules of shape_class.h) and lines (waves +
# an unaligned C stored a 128-byte line a warp, 32 rows of the CTA a round, the lines
# unrolled: lines.diff here against d52c0e1) alternating, 2 rounds: the same runs as
# ../lab/evidence/P055/commands.sh, whose lines build was the rolled loop.
exec bash "$(dirname "$0")/../lab/evidence/P055/commands.sh"
