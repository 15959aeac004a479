#!/bin/bash
# check.sh FILE...: the token stream of each file (comments stripped) equals HEAD's (at path or renamed)
cd /work/main
rc=0
for f in "$@"; do
  lang=c++; case $f in *.c|*.h) lang=c;; esac
  [ "${f##*.}" = h ] && lang=c++
  a=$(git show "${REF:-9807b5e}:$f" 2>/dev/null | gcc -fpreprocessed -dD -E -P -x $lang - 2>/dev/null | tr -s ' \t\n' ' ')
  b=$(gcc -fpreprocessed -dD -E -P -x $lang "$f" 2>/dev/null | tr -s ' \t\n' ' ')
  if [ "$a" = "$b" ]; then echo "same: $f"; else echo "DIFF: $f"; rc=1; fi
done
exit $rc
