#!/bin/bash
# unpack.sh NAME...: each build's binary as .device/bin/NAME-sweep, unpacked from
# NAME-sweep.xz unless it is there, that joined from its parts NAME-sweep.xz.00, .01, ...
# (pack_build.sh) where it is not; a sweep_tuning packed by pack_build.sh unpacks the same
# way. Run from the repository root; exit 1 where one cannot be unpacked.
set -u
bin=.device/bin
for name in "$@"; do
  [ -x "$bin/$name-sweep" ] && continue
  if [ ! -f "$bin/$name-sweep.xz" ] && [ -f "$bin/$name-sweep.xz.00" ]; then
    cat "$bin/$name-sweep.xz".[0-9][0-9] >"$bin/$name-sweep.xz" || exit 1
  fi
  [ -f "$bin/$name-sweep.xz" ] || { echo "unpack.sh: no $bin/$name-sweep.xz or its parts" >&2; exit 1; }
  python3 -c 'import lzma, sys; open(sys.argv[2], "wb").write(lzma.open(sys.argv[1]).read())' \
    "$bin/$name-sweep.xz" "$bin/$name-sweep" && chmod +x "$bin/$name-sweep" || exit 1
done
