# FFMA register-bank census per kernel of `cuobjdump -sass` output: per FFMA, the sources
# read from the register file (a source is read from the reuse cache where the FFMA before
# flagged the same register .reuse in the same slot), and whether two of them share a bank
# (register r's bank: r % 2). Prints: kernel FFMAs same-bank percent.
/Function : / { f = $3; prev[1] = prev[2] = prev[3] = "" }
/^[ \t]+\/\*[0-9a-f]+\*\// {
  line = $0
  sub(/^[ \t]+\/\*[0-9a-f]+\*\/[ \t]+/, "", line)
  sub(/[ \t]*;.*/, "", line)
  sub(/^@!?U?P[0-9T]+[ \t]+/, "", line)
  split(line, w, /[ \t]+/)
  if (w[1] != "FFMA") { prev[1] = prev[2] = prev[3] = ""; next }
  ops = substr(line, 6)
  gsub(/[ \t]/, "", ops)
  n = split(ops, o, ",")
  even = odd = 0
  for (i = 1; i <= 3; i++) {
    s = o[i + 1]; r = s
    sub(/^[-|]+/, "", r); sub(/\..*/, "", r)
    cached = (prev[i] != "" && prev[i] == r)
    prev[i] = (s ~ /\.reuse/) ? r : ""
    if (r !~ /^R[0-9]+$/ || cached) continue
    if (substr(r, 2) % 2) odd++; else even++
  }
  total[f]++
  if (even >= 2 || odd >= 2) same[f]++
}
END { for (k in total) printf "%s %d %d %.1f\n", k, total[k], same[k], 100 * same[k] / total[k] }
