#!/bin/bash
# Issue 23, the small-M kernel's B shifted, first form (a shuffle after each row's load;
# not kept): the same runs as ../lab/evidence/P075/commands.sh.
exec bash "$(dirname "$0")/../lab/evidence/P075/commands.sh"
