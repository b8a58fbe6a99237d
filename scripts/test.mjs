// Runs every check the project has, in order, stopping at the first failure:
// lint, typecheck, unit + API (embedded PostgreSQL) + web tests, the API tests again on PostgreSQL when
// TEST_DATABASE_URL is set, then the Playwright specs against the built app.
import { spawnSync } from 'node:child_process';

const steps = [
  ['lint', 'npm', ['run', 'lint']],
  ['typecheck', 'npm', ['run', 'typecheck']],
  ['unit, API (embedded PostgreSQL) and web tests', 'npx', ['vitest', 'run']],
];
if (process.env.TEST_DATABASE_URL) {
  steps.push([
    'API tests on PostgreSQL',
    'npx',
    ['vitest', 'run', '--project', 'api'],
    { TEST_DB: 'postgres' },
  ]);
} else {
  console.log('TEST_DATABASE_URL is not set: the API tests run on the embedded PostgreSQL only.');
}
steps.push(['end-to-end tests (Playwright, Chromium)', 'npm', ['run', 'test:e2e']]);

for (const [name, command, args, env] of steps) {
  console.log(`\n=== ${name} ===`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) {
    console.error(`\n✗ ${name} failed`);
    process.exit(result.status ?? 1);
  }
}
console.log('\n✓ all checks passed');
