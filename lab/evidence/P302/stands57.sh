#!/bin/bash
# stands57.sh SKIP: session 54's stands54.sh (beside it in .device/bin; here
# ../lab/evidence/P269/stands54.sh) with 450 s for its ab step instead of 400: the split sets
# of this session ride along with the seed sets. The same environment (BUILDS, CHECK,
# SETS, CHECK_SETS) and arguments. The calls ran a copy with the change written in: the
# script this runs.
bash <(sed 's/timeout 400 tools/timeout 450 tools/' "${STANDS54:-$(dirname "$0")/stands54.sh}") "$@"
