import subprocess, random, collections
# small-tile class split grids (64x64 tiles) of M up to 400, K from 400, no strip: by the flat
# split's busiest SM's C x k against theirs; half under 4/5, a quarter under 1, a quarter over
SMS=132
def cd(a,b): return -(-a//b)
def pick(src, n, seed):
    shapes=open(src).read().split()
    out=subprocess.run(['./splitset2'],input='\n'.join(shapes)+'\n',capture_output=True,text=True).stdout
    byband=collections.defaultdict(list)
    for l in out.split('\n'):
        if not l: continue
        r=l.split(); m,nn,k=map(int,r[0].split('x'))
        if 2*m*nn*k<1e9 or r[1]!='split' or r[4]!='c1' or r[2]!='t64x64' or m>400 or k<400 or r[6]!='0' or r[7]!='0': continue
        s=int(r[3][1:]); tiles=cd(m,32)*cd(nn,128); sf=max(1,min(s,5*SMS//tiles))
        if sf<2: continue
        ratio=cd(tiles*sf,SMS)*4096*cd(k,sf)/(cd(cd(m,64)*cd(nn,64)*s,SMS)*4096*cd(k,s))
        byband['a' if ratio<=0.8 else 'b' if ratio<1 else 'c'].append(r[0])
    random.seed(seed); res=[]
    for b,q in (('a',n//2),('b',n//4),('c',n//4)):
        xs=list(dict.fromkeys(byband[b])); random.shuffle(xs); res+=xs[:q]
    print(src,{b:len(v) for b,v in byband.items()})
    return sorted(res,key=lambda s:int(s.split('x')[2]))
open('st_fit.txt','w').write('\n'.join(pick('draws_raw.txt',40,69))+'\n')
open('st_held.txt','w').write('\n'.join(pick('draws3.txt',40,70))+'\n')
