#!/bin/bash
# pack_build.sh NAME [BINARY]: BINARY (default bazel-bin/runner/sweep) compressed into
# .device/bin/NAME-sweep.xz.00, .01, ... of at most PART_BYTES each (default 1000000; git
# ignores them), for perf.sh, whose unpack joins them. The tracked tree is about 63 MiB as
# the device tool counts it, of the 64 MiB it carries in a call (session 52): a whole build
# (about 2.9 MB) does not fit beside it. Either carry one part a call on one warm machine
# (it keeps what earlier calls left; it goes back after 30 s idle), the last with the
# command, or leave docs/evidence/perf/ out of the carried tree by a sparse checkout and
# carry every part at once (docs/evidence/README.md). Prints each part's carry path.
set -eu
name=${1:?NAME}
src=${2:-bazel-bin/runner/sweep}
part=${PART_BYTES:-1000000}
case $name in *[!A-Za-z0-9_]* | "") echo "pack_build.sh: NAME '$name' is not [A-Za-z0-9_]+" >&2; exit 2 ;; esac
case $part in *[!0-9]* | "" | 0*) echo "pack_build.sh: PART_BYTES '$part' is not a positive integer" >&2; exit 2 ;; esac
[ -f "$src" ] || { echo "pack_build.sh: no binary at $src" >&2; exit 2; }
mkdir -p .device/bin
rm -f ".device/bin/$name-sweep.xz".[0-9][0-9]
tmp=$(mktemp .device/bin/.pack.XXXXXX)
trap 'rm -f "$tmp"' EXIT
python3 -c 'import lzma, sys; open(sys.argv[2], "wb").write(lzma.compress(open(sys.argv[1], "rb").read(), preset=9))' \
  "$src" "$tmp"
split -b "$part" -d -a 2 "$tmp" ".device/bin/$name-sweep.xz."
ls ".device/bin/$name-sweep.xz".[0-9][0-9]
