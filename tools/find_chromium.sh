#!/bin/bash
# find_chromium.sh: prints the path of a usable Chromium or Chrome, or nothing and exit 1.
# Order: $CHROME_PATH, chromium, chromium-browser, google-chrome. A snap stub (Ubuntu's
# transitional chromium-browser package, or anything under /snap) is not usable: it cannot
# run headless from a CI job and it asks snapd to install at first start.
case "${1:-}" in -h | --help) sed -n '2,5p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;; esac
usable() {
  local p real
  p=$(command -v "$1" 2>/dev/null) || return 1
  real=$(realpath "$p" 2>/dev/null) || return 1
  case "$real" in /snap/* | */snap) return 1 ;; esac
  # The transitional package installs a shell script that execs the snap.
  if head -c 4096 "$real" 2>/dev/null | grep -qa '/snap/'; then return 1; fi
  timeout 20 "$real" --version >/dev/null 2>&1 || return 1
  echo "$real"
}
for cand in "${CHROME_PATH:-}" chromium chromium-browser google-chrome; do
  [ -n "$cand" ] && usable "$cand" && exit 0
done
exit 1
