#!/bin/bash
# perf.sh STEP: level 6's GPU evidence for issue 15 (docs/PERF.md), run on the GPU machine
# from the repository root with the binaries tools/evidence/stage.sh copied to .device/bin.
# Writes under $OUT/perf-<STEP>/.
#   llm        level 6 on the llm profile, cuBLAS in the same run, no baseline
#   full       level 6 on the full profile against the committed baseline (the gate's view)
#   coverage   levels 6 and 5 on the coverage profile, cuBLAS in the same run, no baseline
#   memcheck   compute-sanitizer memcheck of level 6 at the shapes that slice K, at shapes
#              whose rows of B and C are not 16-byte aligned (N not a multiple of 4), and on
#              the half tiles (128x64 with B's rows unaligned, re-laid B and split-K; 64x128
#              split-K and stream-K; 64x128 with B's rows unaligned; a half tile or the main
#              tile instead of stream-K; 64x128 for M = 33..64 (and 25..32 under 512 columns);
#              a half tile or the main tile for fewer waves), one tile past a whole wave at
#              short K, and stream-K shifting an unaligned B (64x128 and 128x128, k not a
#              multiple of the k tile), stream-K on the half that covers less (128x64 and
#              64x128, B and C aligned or not), and the small-N kernel (8, 16, 24, 32 and 40 columns, A aligned or not, sliced or not),
#              and stream-K grids of an unaligned C that the fine tile takes (B re-laid) or not
#              (B not re-laid: stream-K shifts it), and split-K grids of short K that the
#              fine tile takes (B aligned, and B unaligned under M = 400), and the small-M
#              kernel with B's rows unaligned, and for M = 25..32 in two row blocks (B aligned
#              or not, a partial last column block), and edge strips: rows by small-M (B
#              unaligned) and columns by small-N after tiles that read B re-laid or aligned
#   sass       registers, spills, shared memory and LDS/LDG/LDGSTS counts of level 6's kernels,
#              and every kernel's FFMA register-bank census (banks.txt, tools/evidence/banks.awk)
#   square-ab OLD NEW [ROUNDS] [KERNELS]
#              two builds' level-6 kernels (grid points included: sweep_tuning) at 2048,
#              4096 and 8192 cubed, runs alternating OLD, NEW, OLD, ... (default 3 rounds),
#              each with its own cuBLAS; KERNELS defaults to level6_tuned
#   gate "BUILDS" [ROUNDS]
#              the gate's absolute full run (level 6, the full profile, against the committed
#              baseline) of each build, alternating, ROUNDS rounds (default 2): a compile's
#              draw that slows a point shows in one build and not the others (session 45:
#              256x256x256 -4% in two builds, not in the two beside them)
#   banks "BUILDS"
#              the FFMA register-bank census (banks.awk) of each build's kernels
#              (.device/bin/NAME-sweep, or NAME-sweep.xz unpacked) to $OUT/banks-NAME.txt
#   ab "BUILDS" [ROUNDS]
#              level 6 of several builds (.device/bin/NAME-sweep, or NAME-sweep.xz unpacked),
#              alternating, ROUNDS rounds (default 3): the coverage and llm profiles, 2048,
#              4096 and 8192 cubed, and each set named in $AB_SETS (.device/bin/SET.txt, one
#              MxNxK a line), each to SET-NAME-ROUND.json; then the registers of each build's
#              level-6 kernels (res-NAME.txt)
#   checks BUILD [SET...]
#              .device/bin/BUILD-sweep (or BUILD-sweep.xz unpacked) as the sweep, then
#              under $OUT/checks/: the memcheck step, memcheck of level 6 at each SET's
#              shapes (memcheck-SET.json), and the full step (the gate's absolute run); a
#              summary of both last
#   call "BUILDS" CHECK_BUILD [SET...]
#              one device call's worth: the GPU's name and id ($OUT/gpu.txt), the ab step
#              over BUILDS (3 rounds, $AB_SETS), the checks step of CHECK_BUILD with SETs
#              ($OUT/checks.txt), then perf-ab and checks packed into $OUT/results.tar.xz
#   ncu-square [SWEEP] [KERNEL]
#              Nsight Compute on one 4096^3 launch of level 6 (KERNEL: a regex of the mangled
#              name, default the wide tile's) and one of cuBLAS (after the warm-up): the full
#              section set, then each kernel's SASS
#              with its per-instruction counters (issue, stall reasons), as CSV
set -u
step=$1
dir=$OUT/perf-$step
[ "$step" = checks ] && dir=$OUT/checks # its own folder: the checks
# shellcheck source=tools/evidence/common.sh
. "$(dirname "$0")/common.sh"
# .device/bin/NAME-sweep, unpacked where it is not there (unpack.sh)
unpack() { "$(dirname "$0")/unpack.sh" "$1"; }
# memcheck NAME SHAPE_FLAGS...: compute-sanitizer's memcheck of level 6 at those shapes, one
# timing each, to $dir/NAME.json (the sweep takes at most 64 shapes a run)
memcheck() {
  local name=$1
  shift
  run "$name" compute-sanitizer --tool memcheck --target-processes all --leak-check no \
    --error-exitcode 99 "$bin"/sweep --levels 6 "$@" --time-cap 0.01 --baseline none \
    --out "$dir/$name.json"
}
# shapes=(--shape M1xN1xK1 ...) from .device/bin/SET.txt, one MxNxK a line
read_set() {
  shapes=()
  while read -r shape; do shapes+=(--shape "$shape"); done <"$bin/$1.txt"
}
case "$step" in
  llm) run llm "$bin"/sweep --levels 6 --profile llm --baseline none --out "$dir/llm.json" ;;
  coverage) run coverage "$bin"/sweep --levels level6_tuned,level5_async_copy --profile coverage \
    --baseline none --out "$dir/coverage.json" ;;
  full) run full "$bin"/sweep --levels 6 --family sgemm --profile full --out "$dir/full.json" ;;
  memcheck)
    memcheck memcheck --shape 1x4096x4096 --shape 16x4096x11008 \
      --shape 33x4096x4100 --shape 64x64x65536 --shape 512x512x512 --shape 5x301x1003 \
      --shape 97x33x4099 --shape 301x1271x131 --shape 1000x1003x517 --shape 257x257x257 \
      --shape 130x299x1000 --shape 1535x1533x515 --shape 3001x2999x203 --shape 1536x1536x512 \
      --shape 400x21x70001 --shape 21x301x1003 --shape 24x4096x4099 \
      --shape 301x1271x1031 --shape 669x376x2000 --shape 1000x299x1700 --shape 296x1000x3400 \
      --shape 640x6784x128 --shape 1031x4097x100 --shape 130x4327x1000 --shape 2031x2070x300 \
      --shape 5517x1854x180 --shape 3399x4175x209 --shape 310x15639x414 \
      --shape 10919x329x300 --shape 45x3001x301 --shape 11345x305x239 --shape 8592x371x283 --shape 7813x1589x700 \
      --shape 277x4745x5076 --shape 218x8458x1418 \
      --shape 328x1562x1901 --shape 6195x131x926 --shape 6374x132x915 --shape 129x6117x960 \
      --shape 644x1550x947 --shape 129x10056x588 \
      --shape 513x1x1 --shape 999x7x3 --shape 600x17x777 --shape 256x32x257 --shape 300x9x40000 \
      --shape 27x3001x4099 --shape 4096x16x4096 --shape 777x25x33 --shape 6853x13x10229 --shape 4097x20x1000 \
      --shape 600x37x777 --shape 4096x40x4096 --shape 999x39x20001 --shape 300x40x40 \
      --shape 1848x783x464 --shape 242x5690x447 --shape 18x6313x1146 --shape 7x1001x333 \
      --shape 24x2049x777 --shape 31x4096x1000 --shape 26x513x3000
    # edge strips, in a run of their own (64 shapes a run): rows by small-M with B unaligned,
    # columns by small-N after tiles that read B re-laid (10733x1165) or aligned (421x1284)
    memcheck memcheck-strips --shape 260x10283x493 --shape 143x830x11938 --shape 10733x1165x340 \
      --shape 421x1284x5833
    grep -h "ERROR SUMMARY" "$dir"/memcheck*.out "$dir"/memcheck*.err | sort | uniq -c >>"$dir/summary.txt" ;;
  sass)
    cuobjdump -res-usage "$bin"/sweep 2>&1 | grep -A1 -E "tuned_kernel|small_m|splitk" >"$dir/res-usage.txt"
    cuobjdump -sass "$bin"/sweep >"$dir/sweep.sass" 2>&1
    awk '/Function :/ { f = $3 } /LDS|LDG|LDGSTS|STS/ && f ~ /tuned_kernel|small_m|splitk/ {
           match($0, /(LDGSTS|LDS|LDG|STS)[.A-Z0-9]*/); c[f " " substr($0, RSTART, RLENGTH)]++ }
         END { for (k in c) print k, c[k] }' "$dir/sweep.sass" | sort >"$dir/sass-level6.txt"
    awk -f "$(dirname "$0")/banks.awk" "$dir/sweep.sass" | sort >"$dir/banks.txt"
    rm -f "$dir/sweep.sass" ;;
  square-ab)
    old=${2:?square-ab OLD NEW}
    new=${3:?square-ab OLD NEW}
    for r in $(seq "${4:-3}"); do
      for side in old new; do
        exe=$old; [ "$side" = new ] && exe=$new
        run "$side-$r" "$exe" --family sgemm --levels "${5:-level6_tuned}" --sizes 2048,4096,8192 \
          --baseline none --out "$dir/$side-$r.json"
      done
    done ;;
  gate)
    builds=${2:?gate \"BUILDS\" [ROUNDS]}
    for b in $builds; do unpack "$b" || exit 1; done
    for r in $(seq "${3:-2}"); do
      for b in $builds; do
        run "full-$b-$r" "$bin/$b-sweep" --levels 6 --family sgemm --profile full \
          --out "$dir/full-$b-$r.json"
      done
    done ;;
  banks)
    for b in ${2:?banks \"BUILDS\"}; do
      unpack "$b" || exit 1
      cuobjdump -sass "$bin/$b-sweep" | awk -f "$(dirname "$0")/banks.awk" | sort >"$OUT/banks-$b.txt"
    done ;;
  ab)
    builds=${2:?ab \"BUILDS\" [ROUNDS]}
    for b in $builds; do unpack "$b" || exit 1; done
    for r in $(seq "${3:-3}"); do
      for b in $builds; do
        exe=$bin/$b-sweep
        run "cov-$b-$r" "$exe" --levels level6_tuned --profile coverage --baseline none \
          --out "$dir/cov-$b-$r.json"
        for set in ${AB_SETS:-}; do
          read_set "$set"
          run "$set-$b-$r" "$exe" --levels level6_tuned "${shapes[@]}" --baseline none \
            --out "$dir/$set-$b-$r.json"
        done
        run "llm-$b-$r" "$exe" --levels level6_tuned --profile llm --baseline none \
          --out "$dir/llm-$b-$r.json"
        run "sq-$b-$r" "$exe" --levels level6_tuned --sizes 2048,4096,8192 --baseline none \
          --out "$dir/sq-$b-$r.json"
      done
    done
    for b in $builds; do
      cuobjdump -res-usage "$bin/$b-sweep" 2>&1 | grep -A1 -E "tuned_kernel|streamk|small_" >"$dir/res-$b.txt"
    done ;;
  checks)
    build=${2:?checks BUILD [SET...]}
    unpack "$build" && cp "$bin/$build-sweep" "$bin/sweep" || exit 1
    OUT=$OUT/checks timeout 300 "$0" memcheck
    for set in "${@:3}"; do # beside the memcheck step's, in its summary
      read_set "$set"
      summary=perf-memcheck/summary.txt memcheck "memcheck-$set" "${shapes[@]}"
    done
    OUT=$OUT/checks timeout 150 "$0" full
    cat "$OUT/checks/perf-memcheck/summary.txt"
    tail -3 "$OUT/checks/perf-full/full.out" ;;
  call)
    builds=${2:?call \"BUILDS\" CHECK_BUILD [SET...]}
    nvidia-smi --query-gpu=name,uuid --format=csv,noheader >"$OUT/gpu.txt"
    timeout 450 "$0" ab "$builds" 3 >/dev/null 2>&1
    echo "ab rc=$?"
    timeout 150 "$0" checks "${@:3}" >"$OUT/checks.txt" 2>&1
    echo "checks rc=$?"
    rm -rf "$dir" # the step's own folder holds only common.sh's gpu.txt
    (cd "$OUT" && tar cJf results.tar.xz perf-ab checks && rm -rf perf-ab checks) ;;
  ncu-square)
    # Level 6's kernel for 4096 (no conformance case takes the wide tile) and cuBLAS's (its
    # conformance calls take 32x32 tiles); the third launch of each.
    for who in level6 cublas; do
      kernel="regex:${3:-tuned_kernelILi128ELi256E}"
      [ "$who" = cublas ] && kernel='regex:tilesize(256|128)x(256|128)'
      run "ncu-$who" ncu --target-processes all --set full --import-source no \
        --kernel-name-base mangled -k "$kernel" --launch-skip 2 --launch-count 1 -o "$dir/$who" \
        "${2:-$bin/sweep}" --levels level6_tuned --family sgemm --sizes 4096 --time-cap 1 \
        --baseline none --out "$dir/sweep-$who.json"
      ncu --import "$dir/$who.ncu-rep" --page details --csv >"$dir/$who-details.csv"
      ncu --import "$dir/$who.ncu-rep" --page source --print-source sass --csv >"$dir/$who-sass.csv"
    done ;;
  *) echo "perf.sh: unknown step '$step'" >&2; exit 2 ;;
esac
