#!/bin/bash
# Issue 23, EXPERIMENT small N, first form (one slice of K): the same runs as
# ../lab/evidence/P076/commands.sh.
exec bash "$(dirname "$0")/../lab/evidence/P076/commands.sh"
