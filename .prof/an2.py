import json,sys,re,collections,bisect,glob
prof=json.load(open(glob.glob('CPU*.cpuprofile')[0])); fn=sys.argv[1]; src=open(fn).read().split('\n')
starts=[];names=[]
for i,l in enumerate(src):
    m=re.match(r'^// (\S+\.(?:ts|js|mjs|cjs|json))$',l)
    if m: starts.append(i); names.append(m.group(1))
def mod(cf):
    if not cf['url'].endswith(fn): return None
    k=bisect.bisect_right(starts,cf['lineNumber'])-1
    return names[k] if k>=0 else None
nodes={n['id']:n for n in prof['nodes']}
parent={}
for n in prof['nodes']:
    for c in n.get('children',[]): parent[c]=n['id']
dt=collections.Counter()
for s,d in zip(prof['samples'],prof['timeDeltas']): dt[s]+=d
attr=collections.Counter()
for nid,t in dt.items():
    x=nid; own=None
    selfm=mod(nodes[nid]['callFrame'])
    if not selfm or 'node_modules/zod' not in selfm: continue
    while x in nodes:
        m=mod(nodes[x]['callFrame'])
        if m and 'node_modules' not in m: own=m; break
        x=parent.get(x)
    attr[own]+=t
for k,v in attr.most_common(30): print(f'{v/1000:7.1f} {k}')
