#!/usr/bin/env python3
"""loop.py SASS [N]: per function (the first N), the largest loop (backward BRA) with FFMA:
its length, FFMA count and the others by opcode."""
import re, sys
from collections import Counter
text = open(sys.argv[1]).read()
funcs = re.split(r'\n\s*Function : ', text)
limit = int(sys.argv[2]) if len(sys.argv) > 2 else 99
for f in funcs[1:limit + 1]:
    name = f.split('\n', 1)[0].strip()
    ins = []
    for line in f.split('\n'):
        m = re.match(r'\s*/\*([0-9a-f]{4,})\*/\s+(.*?);', line)
        if m:
            ins.append((int(m.group(1), 16), m.group(2).strip()))
    addr = {a: i for i, (a, _) in enumerate(ins)}
    best = None
    for i, (a, t) in enumerate(ins):
        m = re.search(r'BRA (0x[0-9a-f]+)', t)
        if m and int(m.group(1), 16) < a:
            j = addr.get(int(m.group(1), 16))
            if j is None:
                continue
            body = [x for _, x in ins[j:i + 1]]
            nf = sum('FFMA' in x for x in body)
            if nf and (best is None or len(body) > len(best)):
                best = body
    if not best:
        continue
    ops = Counter(re.sub(r'^@!?U?P[T0-9] ', '', x).split()[0].split('.')[0] for x in best)
    short = re.sub(r'_ZN7short_k14short_k_kernelINS_5depthI', '', name)[:40]
    print(f"{short:40s} loop {len(best):5d} FFMA {ops['FFMA']:5d} others:",
          " ".join(f"{o} {c}" for o, c in ops.most_common() if o not in ('FFMA',)))
