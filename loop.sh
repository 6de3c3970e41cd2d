#!/bin/bash
cd /tmp/adv-signals/$1
sigs=(INT TERM HUP QUIT); nums=(2 15 1 3)
for i in $(seq 1 $2); do
  k=$((RANDOM%4)); d=$((RANDOM%$3))
  TMPDIR=/tmp/adv-signals/tmp /work/main/.build/debug/coursecheck --engine swiftc --no-cache --no-goldens --no-claims lessons >/dev/null 2>&1 & P=$!
  sleep $(printf '0.%03d' $d 2>/dev/null || echo 0); [ $d -ge 1000 ] && sleep $(echo "$d/1000" | bc -l)
  kill -${sigs[$k]} $P 2>/dev/null; wait $P; rc=$?
  exp=$((128+${nums[$k]}))
  sleep 0.3
  out=$(/tmp/adv-signals/check.sh)
  if [ "$rc" != "$exp" ] && [ "$rc" != 0 ] || [ -n "$out" ]; then echo "i=$i sig=${sigs[$k]} d=${d}ms rc=$rc"; echo "$out"; fi
done
echo done
