import { permissionTree } from './packages/contracts/src/index.ts';
const pr = (ns: any[], d = 0) => { for (const n of ns) { console.log('  '.repeat(d) + `${n.kind} ${n.key} ${n.title}`); if (n.children) pr(n.children, d + 1); } };
pr(permissionTree(process.argv[2] as any));
