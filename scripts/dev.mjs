// `npm run dev`: the API server with reload (tsx watch, port 3000) and Vite's dev server
// (http://localhost:5173, proxying /api to the API server).
import { spawn } from 'node:child_process';
import { bin, root } from './lib.mjs';

const procs = [
  spawn(bin('tsx'), ['watch', '--clear-screen=false', 'server/main.ts'], {
    stdio: 'inherit',
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      // The browser talks to Vite's origin (which proxies /api): links and origin checks use it.
      PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:5173',
    },
  }),
  spawn(bin('vite'), [], { stdio: 'inherit', cwd: root }),
];
console.log('Open http://localhost:5173 (API on http://localhost:3000)');
const stop = () => {
  for (const p of procs) p.kill('SIGTERM');
  setTimeout(() => process.exit(0), 1000).unref();
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const p of procs) p.on('exit', stop);
