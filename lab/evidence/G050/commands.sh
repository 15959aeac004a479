#!/bin/bash
# The same commands as ../lab/evidence/G049/commands.sh, run as: check.sh GPU-e9367bca,GPU-f577dc86
exec "$(dirname "$0")/../lab/evidence/G049/commands.sh" "$@"
