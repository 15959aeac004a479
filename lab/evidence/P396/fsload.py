"""fsload.py: what skcmp.py and kscmp.py share: every result of fs63.sh's packs unpacked in
DIR (DIR/fs/SET-ROUND.json; the nine end sets as one set, 'seeds'), as % of cuBLAS a
(kernel, (set, m, n, k)) over the rounds, and each one's launch record."""
import collections, glob, json, math, re
gm = lambda x: math.exp(sum(map(math.log, x)) / len(x))


def load(d):
    pct = collections.defaultdict(list); launch = {}
    for f in glob.glob(f'{d}/fs/*-*.json'):
        st = re.sub(r'-\d+\.json$', '', f.split('/')[-1])
        st = 'seeds' if st.startswith('seed') else st
        if st == 'memcheck':
            continue
        for r in json.load(open(f))['results']:
            if 'pct_cublas' not in r:
                continue
            k = (st, r['m'], r['n'], r['k'])
            pct[(r['kernel'], k)].append(r['pct_cublas'])
            launch[(r['kernel'], k)] = r['resources']['launch']
    return (lambda key: sum(pct[key]) / len(pct[key])), launch
