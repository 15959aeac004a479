#!/bin/bash
# As ../lab/evidence/P048/commands.sh without its last step (full, memcheck), the rule in launch_halves (level6_tuned.cuh) for M > 32 of the small-tile class, tiny grids of more rows included.
exec "$(dirname "$0")/../lab/evidence/P048/commands.sh" "$@"
