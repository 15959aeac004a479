#!/bin/bash
# Device call: head (6429507) against mend (mend.diff: shape_sm_area as shape_wave_area at
# one CTA an SM, host code only, but its PTX differs), alternating, 3 rounds; mend's checks.
AB_SETS="col2 one sm k8 flip mid seed9001 seed2311 seed4343" tools/evidence/perf.sh call "head mend" mend col2
