import csv, sys, collections, re
for f in sys.argv[1:]:
    rows=[r for r in csv.reader(l for l in open(f) if l.startswith('"'))]
    h=rows[0]; rows=rows[2:] if rows[1][0]=='' else rows[1:]
    ix={k:h.index(k) for k in ['Kernel Name','Grid Size','Block Size','gpu__time_duration.sum','launch__registers_per_thread']}
    agg=collections.defaultdict(list)
    for r in rows:
        name=r[ix['Kernel Name']]
        short=re.sub(r'^_Z\w*?\d+','',name)[:70]
        agg[(name[:90],r[ix['Grid Size']],r[ix['Block Size']],r[ix['launch__registers_per_thread']])].append(float(r[ix['gpu__time_duration.sum']].replace(',','')))
    print('#',f)
    for k,v in agg.items():
        v.sort(); print(f"  {len(v):3d}x med {v[len(v)//2]/1000:8.2f} us  grid {k[1]:>14} block {k[2]:>10} regs {k[3]:>4}  {k[0]}")
