#!/bin/bash
# Issue 23, final, on an H200: the same runs as ../lab/evidence/P052/commands.sh
# (prev d52c0e1, lines 00fa6fe, new 01528af).
exec bash "$(dirname "$0")/../lab/evidence/P052/commands.sh"
