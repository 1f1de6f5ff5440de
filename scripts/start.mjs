// `npm start`: build the client when needed, then run the server (TypeScript through tsx).
import { spawn } from 'node:child_process';
import { buildIfNeeded } from './build-if-needed.mjs';

buildIfNeeded();
const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
