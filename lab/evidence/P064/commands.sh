#!/bin/bash
# Issue 23, on an H200: the same runs as ../lab/evidence/P063/commands.sh
# (prev 01528af, new 3922c56).
exec bash "$(dirname "$0")/../lab/evidence/P063/commands.sh"
