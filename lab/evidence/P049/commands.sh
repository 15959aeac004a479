#!/bin/bash
# The same commands as ../lab/evidence/P048/commands.sh, build e29d77a against c2ae9af.
exec "$(dirname "$0")/../lab/evidence/P048/commands.sh" "$@"
