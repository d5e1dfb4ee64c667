import { runAgainstWrapped } from './conformance/testing/support/runAgainst.js';
import { MUTANTS } from './conformance/testing/mutants/index.js';
let t = performance.now();
let r = await runAgainstWrapped({}, 'spec', ['sequences']);
console.log('ms', Math.round(performance.now() - t), r.results.map(x => `${x.id} ${x.status} ${x.message}`));
for (const id of process.argv.slice(2)) {
  const m = MUTANTS.find(m => m.id === id)!;
  t = performance.now();
  r = await runAgainstWrapped(m, 'spec', ['sequences']);
  console.log(id, 'ms', Math.round(performance.now() - t), r.results.map(x => `${x.id} ${x.status} ${x.message}\n${JSON.stringify(x.reproduction, null, 0)}`));
}
