#!/bin/bash
# bisect_call.sh: one device call that bisects level 6's largest speed-ups of the H200
# history (lab/notebook/2026-12-02-history-today.md), on the GPU machine from the
# repository root, with .device/bisect.tar.xz holding `tools/backfill.sh build` folders
# a, b, c (lab/scripts/pack_backfill.sh packs one folder; tar -cJf of all three here).
# Each line of .device/bisect.txt: FOLDER GOOD BAD KERNEL SHAPE (full commit ids).
# Every report, the logs and the GPU's identity come back packed in $OUT/bisect.tar.gz.
set -u
work=/tmp/bis
mkdir -p "$work" && tar -C "$work" -xJf .device/bisect.tar.xz || exit 4
dir=$OUT
# shellcheck source=lab/scripts/common.sh
. "$(dirname "$0")/common.sh"
rc=0
while read -r folder good bad kernel shape; do
  tools/bisect.sh "$work/$folder" "$good" "$bad" "$kernel" "$shape" --faster >"$OUT/bisect-$folder.log" 2>&1
  r=$?
  echo "bisect $folder ($kernel $shape): exit $r" | tee -a "$OUT/summary.txt"
  cp "$work/$folder/bisect-$kernel-$shape.txt" "$OUT/" 2>/dev/null
  [ "$r" -ne 0 ] && rc=$r
done <.device/bisect.txt
(cd "$OUT" && tar -czf bisect.tar.gz --exclude=bisect.tar.gz . && find . -type f ! -name bisect.tar.gz -delete)
exit "$rc"
