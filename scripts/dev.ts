import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'vite';

// `npm run dev`: one command for a working loop. Vite serves the web app at PORT (default 3000)
// with hot module replacement and forwards everything the server answers to the API, which runs
// on PORT + 1 (loopback only) under `tsx watch` and restarts when server code changes. APP_URL is
// Vite's address, so e-mailed links, the CSRF origin check and OAuth redirects all point at it.

const port = Number(process.env.PORT ?? 3000);
const apiPort = port + 1;
const appUrl = process.env.APP_URL ?? `http://localhost:${port}`;
const api = `http://127.0.0.1:${apiPort}`;

/** Paths the server answers; everything else is the web app, from Vite. */
const SERVER_PATHS = ['/api', '/meta', '/simulator', '/healthz', '/readyz'];

let child: ChildProcess | null = null;
function startApi(): void {
  child = spawn(
    process.execPath,
    [
      'node_modules/tsx/dist/cli.mjs',
      'watch',
      '--clear-screen=false',
      '--include',
      'src/shared/**/*',
      'src/server/main.ts',
    ],
    {
      stdio: 'inherit',
      env: { ...process.env, PORT: String(apiPort), HOST: '127.0.0.1', APP_URL: appUrl },
    },
  );
  child.on('exit', (code, signal) => {
    if (!stopping) console.error(`The API exited (${signal ?? code}); fix the error and save.`);
  });
}

let stopping = false;
async function main(): Promise<void> {
  startApi();
  const proxy = Object.fromEntries(
    SERVER_PATHS.map((path) => [path, { target: api, changeOrigin: false, ws: false }]),
  );
  const vite = await createServer({
    configFile: 'vite.config.ts',
    server: { port, strictPort: true, host: process.env.HOST ?? 'localhost', proxy },
  });
  await vite.listen();
  vite.printUrls();
  console.log(`API (restarts on change): ${api}, reached through ${appUrl}`);
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    child?.kill('SIGTERM');
    await vite.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  console.error(error);
  child?.kill('SIGTERM');
  process.exit(1);
});
