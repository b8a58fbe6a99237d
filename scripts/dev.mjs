// Development: the API (restarted on change by tsx watch) on :3001 and Vite on :5173 (hot reload;
// Fast Refresh keeps an edited component's state), which proxies /api and /dict to the API.
// Open http://localhost:5173.
import { spawn } from 'node:child_process';

const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'apps/api/src/server.ts'], {
    stdio: 'inherit',
    env: {
      WEB_DIST: '',
      APP_URL: 'http://localhost:5173',
      ...process.env,
      PORT: process.env.API_PORT ?? '3001',
    },
  }),
  spawn('npm', ['run', 'dev', '-w', 'apps/web'], { stdio: 'inherit', env: process.env }),
];

const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && code !== 0 && stop());
