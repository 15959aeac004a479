#!/bin/bash
# The same commands as ../lab/evidence/G046/commands.sh, run as: renew-only.sh h200b GPU-e9367bca
exec "$(dirname "$0")/../lab/evidence/G046/commands.sh" "$@"
