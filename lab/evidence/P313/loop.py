import csv,collections,re,sys
f=sys.argv[1]; th=int(sys.argv[2])
rows=list(csv.reader(open(f))); hdr=rows[1]; data=rows[2:]
idx={h:i for i,h in enumerate(hdr)}
cols=[h for h in hdr if h.startswith('stall_') and 'Not Issued' not in h]
ex=[int(r[idx['Instructions Executed']] or 0) for r in data]
mx=max(ex)
tot=0; reasons=collections.Counter()
for i,(r,e) in enumerate(zip(data,ex)):
    if e<0.5*mx: continue
    s=int(r[idx['Warp Stall Sampling (All Samples)']] or 0); tot+=s
    rs={c[6:]:int(r[idx[c]]) for c in cols if r[idx[c]] not in ('','-','0')}
    for k,v in rs.items(): reasons[k]+=v
    if s>=th:
        print("%4d %4d %-60s %s"%(i,s,r[idx['Source']].strip()[:60],sorted(rs.items(),key=lambda x:-x[1])[:3]))
print('loop samples',tot, reasons.most_common(8))
