// Development: the API under `tsx watch` on API_PORT and Vite with hot reload on PORT, proxying /api.
import { spawn } from 'node:child_process';

const apiPort = process.env.API_PORT ?? '3001';
const port = process.env.PORT ?? '3000';
const env = { ...process.env, NODE_ENV: 'development', API_PORT: apiPort };

const children = [
  spawn('npx', ['tsx', 'watch', 'server/main.ts'], {
    stdio: 'inherit',
    env: {
      ...env,
      PORT: apiPort,
      PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${port}`,
    },
  }),
  spawn('npx', ['vite'], { stdio: 'inherit', env: { ...env, PORT: port } }),
];
const stop = (signal) => {
  for (const child of children) child.kill(signal);
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
for (const child of children) child.on('exit', (code) => process.exit(code ?? 0));
