import json,sys,re,collections,bisect
prof=json.load(open(sys.argv[1])); src=open(sys.argv[2]).read().split('\n')
starts=[];names=[]
for i,l in enumerate(src):
    m=re.match(r'^// (\S+\.(?:ts|js|mjs|cjs|json))$',l)
    if m: starts.append(i); names.append(m.group(1))
def mod(url,line):
    if not url.endswith(sys.argv[2].split('/')[-1]): 
        return 'node:'+url.split('/')[-1] if url else '(native)'
    k=bisect.bisect_right(starts,line)-1
    n=names[k] if k>=0 else '?'
    return n
nodes={n['id']:n for n in prof['nodes']}
dt=collections.Counter()
ts=prof['timeDeltas']; samples=prof['samples']
for s,d in zip(samples,ts): dt[s]+=d
self_by=collections.Counter()
for nid,t in dt.items():
    cf=nodes[nid]['callFrame']
    key=mod(cf['url'],cf['lineNumber'])
    if cf['functionName'] in('(garbage collector)','(program)','(idle)'): key=cf['functionName']
    self_by[key]+=t
tot=sum(self_by.values())
print('total ms',tot/1000)
def grp(k):
    for p in ['node_modules/zod','node_modules/electrodb','node_modules/@aws-lambda-powertools','node_modules/@middy','node_modules/jose','packages/db','packages/core','functions/contract','functions/src','node_modules/@smithy','node_modules/@aws-sdk']:
        if p in k: return p
    if k.startswith('node:'): return 'node-internal'
    if 'node_modules/' in k: return 'node_modules/'+k.split('node_modules/')[1].split('/')[0]
    return k
g=collections.Counter()
for k,v in self_by.items(): g[grp(k)]+=v
for k,v in g.most_common(25): print(f'{v/1000:8.1f} {k}')
print('---- top modules')
for k,v in self_by.most_common(25): print(f'{v/1000:8.1f} {k}')
