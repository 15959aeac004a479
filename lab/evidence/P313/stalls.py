import csv,sys,collections
def load(f):
    rows=list(csv.reader(open(f)))
    hdr=rows[1]; data=rows[2:]
    return hdr,data
print("%-32s %7s %6s %s"%("kernel-shape","samples","insts","stall shares % (of all samples)"))
for f in sys.argv[1:]:
    hdr,data=load(f)
    idx={h:i for i,h in enumerate(hdr)}
    cols=[h for h in hdr if h.startswith('stall_') and 'Not Issued' not in h]
    tot=collections.Counter()
    n=0; ninst=0
    for r in data:
        try: s=int(r[idx['Warp Stall Sampling (All Samples)']])
        except: continue
        n+=s
        ninst+=int(r[idx['Instructions Executed']] or 0)
        for c in cols:
            v=r[idx[c]]
            if v not in ('','-'): tot[c]+=int(v)
    parts=["%s %.1f"%(c[6:],100*v/n) for c,v in tot.most_common() if v/n>0.01]
    print("%-32s %7d %6.1fM %s"%(f.replace('-sass.csv',''),n,ninst/1e6,", ".join(parts)))
