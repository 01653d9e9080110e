// `npm run dev`: the API with reload (tsx watch) and Vite with hot reload,
// which proxies /api to it. Ctrl-C stops both.
import { spawn } from 'node:child_process';

const apiPort = process.env.PORT ?? '3000';
const children = [
  spawn('npm', ['run', 'dev', '--workspace', '@makazi/server'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort, DATA_DIR: process.env.DATA_DIR ?? `${process.cwd()}/data` },
  }),
  spawn('npm', ['run', 'dev', '--workspace', '@makazi/web'], {
    stdio: 'inherit',
    env: { ...process.env, API_PORT: apiPort },
  }),
];

let stopping = false;
const stop = (code) => {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  process.exitCode = code;
};
for (const child of children) child.on('exit', (code) => stop(code ?? 0));
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
