// TEMPORARY (not to be committed): compares GET /auth/me/ with the billing reads, interleaved.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';

const root = new URL('..', import.meta.url).pathname;
const port = 4100 + Math.floor(Math.random() * 50);
const dataDir = mkdtempSync(join(tmpdir(), 'lendo-minibench-'));
const child = spawn(process.execPath, [...(process.env.PROF ? ['--cpu-prof', '--cpu-prof-dir=/tmp/prof'] : []), '--import', 'tsx', 'apps/api/src/server.ts'], {
  cwd: root,
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', WEB_DIST: '', AUTH_RATE_LIMIT_MAX: '100000000', NODE_ENV: 'production' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const base = `http://127.0.0.1:${port}/api`;
for (;;) {
  if (await fetch(`${base}/health`).then((r) => r.ok, () => false)) break;
  await new Promise((r) => setTimeout(r, 200));
}
const signup = await fetch(`${base}/auth/signup/`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ username: 'bench_user', email: 'bench@example.com', password: 'Bench123!' }),
});
const { access } = (await signup.json()) as { access: string };
const headers = { authorization: `Bearer ${access}` };
const urls = ['/auth/me/', '/billing/plans/?country_code=BR', '/billing/feature-access/?feature=graded_reader'];
const seconds = Number(process.env.S ?? 4);
for (let round = 0; round < Number(process.env.ROUNDS ?? 2); round++) {
  for (const url of urls) {
    const r = await autocannon({ url: base + url, headers, connections: 10, duration: seconds });
    console.log(url.padEnd(50), Math.round(r.requests.average), 'p99', r.latency.p99, 'non2xx', r.non2xx);
  }
}
child.kill('SIGINT');
