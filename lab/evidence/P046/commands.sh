#!/bin/bash
# The same commands as ../lab/evidence/P045/commands.sh (final.sh TAG UPDATE), run as: final.sh h200a 4
exec "$(dirname "$0")/../lab/evidence/P045/commands.sh" "$@"
