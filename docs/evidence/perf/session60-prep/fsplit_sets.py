import subprocess, random, collections
SMS=132
def cd(a,b): return -(-a//b)
def model(m,n,k,bm,bn,s):
    tiles=cd(m,32)*cd(n,128); sf=max(1,min(s,5*SMS//tiles))
    flat=cd(tiles*sf,SMS)*4096*cd(k,sf)
    split=cd(cd(m,bm)*cd(n,bn)*s,SMS)*bm*bn*cd(k,s)
    return flat/split, sf
def pick(src, n, seed):
    shapes=open(src).read().split()
    out=subprocess.run(['./splitset'],input='\n'.join(shapes)+'\n',capture_output=True,text=True).stdout
    byband=collections.defaultdict(list)
    for l in out.split('\n'):
        if not l: continue
        r=l.split(); m,nn,k=map(int,r[0].split('x'))
        if 2*m*nn*k<1e9 or r[1]!='split' or m>400 or r[6]!='0' or r[7]!='0': continue
        bm,bn=map(int,r[2][1:].split('x')); s=int(r[3][1:])
        ratio,sf=model(m,nn,k,bm,bn,s)
        band='a' if ratio<=0.8 else 'b' if ratio<1.0 else 'c'
        byband[band].append(r[0])
    random.seed(seed); res=[]
    for b,quota in (('a',n//2),('b',n//4),('c',n//4)):
        xs=list(dict.fromkeys(byband[b])); random.shuffle(xs); res+=xs[:quota]
    print(src,{b:len(v) for b,v in byband.items()})
    return sorted(res,key=lambda s:int(s.split('x')[2]))
open('fs_fit.txt','w').write('\n'.join(pick('draws_raw.txt',48,66))+'\n')
open('fs_held.txt','w').write('\n'.join(pick('draws3.txt',48,67))+'\n')
