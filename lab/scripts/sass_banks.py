#!/usr/bin/env python3
"""sass_banks.py FILE.sass...: the main loops of a cuobjdump -sass listing (a backward branch
over 1,000 FFMAs or more) and, for each, its instruction mix, its FFMA share, and the FFMAs
that read two source registers of one bank (register r's bank: r % 2) without a .reuse on
either: the register-bank conflicts that cost level 7 3-10% (evidence P432)."""
import collections
import re
import sys

LINE = re.compile(r"\s+/\*([0-9a-f]{4,})\*/\s+(.*?);")
REG = re.compile(r"\s*-?\|?R(\d+)(\.reuse)?")


def opcode(text):
    word = text.split()[1] if text.startswith("@") else text.split()[0]
    return word.split(".")[0]


def conflicts(body):
    n = 0
    for _, text in body:
        if opcode(text) != "FFMA":
            continue
        srcs = text.split(None, 1)[1].split(",")[1:]
        regs = [int(m.group(1)) for s in srcs for m in [REG.match(s)] if m and not m.group(2)]
        if any(v >= 2 for v in collections.Counter(r % 2 for r in regs).values()):
            n += 1
    return n


for path in sys.argv[1:]:
    ins = [(int(m.group(1), 16), m.group(2)) for m in map(LINE.match, open(path)) if m]
    at = {a: i for i, (a, _) in enumerate(ins)}
    for i, (a, text) in enumerate(ins):
        m = re.search(r"BRA\s+0x([0-9a-f]+)", text)
        if not m or int(m.group(1), 16) >= a or int(m.group(1), 16) not in at:
            continue
        body = ins[at[int(m.group(1), 16)]:i + 1]
        mix = collections.Counter(opcode(t) for _, t in body)
        if mix["FFMA"] >= 1000 and len(body) < 1.2 * mix["FFMA"]:
            print("%s: loop %#x-%#x, %d instructions, FFMA %.1f%%, bank-conflicting FFMAs %d; %s"
                  % (path, body[0][0], a, len(body), 100.0 * mix["FFMA"] / len(body),
                     conflicts(body), dict(mix.most_common(8))))
