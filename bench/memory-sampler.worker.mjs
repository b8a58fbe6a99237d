// The memory sampler's thread (memory-sampler.ts): every 250 ms unless paused, the PSS of the API's
// process tree and of the database's, keeping the peak with what was running then. Plain
// JavaScript, as a worker thread does not load the TypeScript loader of the thread that starts it.
import { readdirSync, readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';

const INTERVAL_MS = 250;

/** Proportional set size (kB) of each tree of processes, each rooted at its pids: one pass over /proc. */
function treesPssKb(roots) {
  const children = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // The process ended meanwhile.
    }
  }
  return roots.map((pids) => {
    let total = 0;
    const queue = [...pids];
    while (queue.length > 0) {
      const pid = queue.pop();
      try {
        const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
        total += Number(/^Pss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0);
      } catch {
        continue;
      }
      queue.push(...(children.get(pid) ?? []));
    }
    return total;
  });
}

let during = 'idle';
let paused = false;
let peak = { apiMb: 0, dbMb: 0, during };
const take = () => {
  const [apiKb, dbKb] = treesPssKb(workerData);
  const now = { apiMb: apiKb / 1024, dbMb: dbKb / 1024 };
  if (now.apiMb + now.dbMb > peak.apiMb + peak.dbMb) peak = { ...now, during };
  return now;
};
setInterval(() => paused || take(), INTERVAL_MS);
parentPort.on('message', (request) => {
  if (request.kind === 'during') during = request.name;
  else if (request.kind === 'pause') paused = true;
  else if (request.kind === 'resume') {
    paused = false;
    take();
  } else if (request.kind === 'now') parentPort.postMessage(take());
  else {
    take();
    parentPort.postMessage(peak);
  }
});
