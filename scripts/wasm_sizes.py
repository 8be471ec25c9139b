"""Code size of a wasm build by crate: `python3 scripts/wasm_sizes.py WASM` (a build with names kept; docs/web.md, "Size and speed")."""
import sys, re, collections, zlib
data = open(sys.argv[1], 'rb').read()
def leb(b, i):
    r = s = 0
    while True:
        x = b[i]; i += 1
        r |= (x & 0x7f) << s; s += 7
        if x < 0x80: return r, i
i = 8
imports_funcs = 0
bodies = []
names = {}
secs = collections.Counter()
while i < len(data):
    sid = data[i]; i += 1
    size, i = leb(data, i)
    end = i + size
    if sid == 2:
        n, j = leb(data, i)
        for _ in range(n):
            l, j = leb(data, j); j += l
            l, j = leb(data, j); j += l
            kind = data[j]; j += 1
            if kind == 0:
                _, j = leb(data, j); imports_funcs += 1
            elif kind == 1:
                j += 1; fl, j = leb(data, j); _, j = leb(data, j)
                if fl & 1: _, j = leb(data, j)
            elif kind == 2:
                fl, j = leb(data, j); _, j = leb(data, j)
                if fl & 1: _, j = leb(data, j)
            elif kind == 3:
                j += 2
    if sid == 10:
        n, j = leb(data, i)
        for k in range(n):
            bs, j2 = leb(data, j)
            bodies.append((imports_funcs + k, data[j2:j2+bs]))
            j = j2 + bs
    if sid == 0:
        l, j = leb(data, i); nm = data[j:j+l].decode(); j += l
        secs['custom:' + nm] += size
        if nm == 'name':
            while j < end:
                sub = data[j]; j += 1
                ss, j = leb(data, j); se = j + ss
                if sub == 1:
                    n, j = leb(data, j)
                    for _ in range(n):
                        idx, j = leb(data, j); l, j = leb(data, j)
                        names[idx] = data[j:j+l].decode('utf8', 'replace'); j += l
                j = se
    else:
        secs[sid] += size
    i = end
def crate(n):
    m = re.match(r'_ZN(\d+)', n)
    if m:
        k = int(m.group(1)); s = n[len(m.group(0)):len(m.group(0))+k]
        if s.startswith('_$LT$'):
            inner = re.findall(r'_\$LT\$(?:\d+)?([a-z_0-9]+)', n)
            return (inner[0] if inner else s)
        return s
    if n.startswith('_R'): return 'v0'
    return n.split('::')[0][:30]
by = collections.Counter(); byz = collections.Counter(); top = []
for idx, b in bodies:
    n = names.get(idx, '?')
    c = crate(n)
    by[c] += len(b)
    top.append((len(b), n))
print('sections', dict(secs))
print('code bytes', sum(len(b) for _, b in bodies))
for c, s in by.most_common(30): print(f'{s:10d} {c}')
if len(sys.argv) > 2:
    top.sort(reverse=True)
    pat = sys.argv[2]
    for s, n in [t for t in top if pat in t[1]][:40]: print(s, n[:160])
