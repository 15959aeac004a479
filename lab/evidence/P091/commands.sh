#!/bin/bash
# Issue 23, the small-N kernel, on a second H200: the same runs as
# ../lab/evidence/P083/commands.sh (review c231dd5, final the committed build of c89715c).
exec bash "$(dirname "$0")/../lab/evidence/P083/commands.sh"
