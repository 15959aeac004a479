#!/bin/bash
# Issue 23, B shifted in stream-K, a second H200: the same runs as
# ../lab/evidence/P067/commands.sh (prev 947ec74, final f04caec).
exec bash "$(dirname "$0")/../lab/evidence/P067/commands.sh"
