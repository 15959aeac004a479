import sys, collections
def sig(l):
    p=l.split(); r=p[4]=='relay1'; s=p[5]=='shift1'
    return (p[1],p[2],p[3],'R' if r and not s else 'U', p[6])
a=[l for l in open(sys.argv[1])]; b=[l for l in open(sys.argv[2])]
moved=[(x.split()[0],sig(x),sig(y)) for x,y in zip(a,b) if sig(x)!=sig(y)]
print(len(moved))
c=collections.Counter((s1[:3],s2[:3]) for _,s1,s2 in moved)
for k,v in c.most_common(15): print(v,k)
if len(sys.argv)>3:
    open(sys.argv[3],'w').write(''.join(f'{s} {" ".join(s1)} {" ".join(s2)}\n' for s,s1,s2 in moved))
