import { spawn } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMetaClient, type MetaConfig } from './client.ts';
import { MetaApiError } from './errors.ts';
import { GraphHttp } from './http.ts';

// META_REQUEST_TIMEOUT_SECONDS (GraphHttp's timeoutMs): a Graph host that takes a request and
// never answers, or answers the headers and never the body. The request is given up as a lost
// answer — httpStatus 0, the one the publishing worker takes for an unknown outcome — and
// neither a timer nor the connection is left behind.

const TIMEOUT_MS = 300;

let server: http.Server;
let base: string;
/** The connection of each request the server took, by path. */
const connections = new Map<string, Socket>();
let received = 0;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    received += 1;
    connections.set(req.url!.split('?')[0]!, req.socket);
    if (req.url!.startsWith('/answers')) {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"id":"1"}');
    } else if (req.url!.startsWith('/half')) {
      // The headers and the start of a body, then nothing.
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"id":');
    }
    // Anything else: taken, never answered.
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

async function failure(promise: Promise<unknown>): Promise<MetaApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(MetaApiError);
  return error as MetaApiError;
}

describe('a Graph request past its time limit', () => {
  it('is given up as a lost answer: httpStatus 0, transient, after timeoutMs', async () => {
    const graph = new GraphHttp({ timeoutMs: TIMEOUT_MS });
    const started = performance.now();
    const error = await failure(
      graph.request({ method: 'POST', url: `${base}/silent`, token: 't', retry: false }),
    );
    const elapsed = performance.now() - started;
    expect(error.details).toMatchObject({ kind: 'transient', httpStatus: 0, code: null });
    expect(error.details.message).toMatch(/^Network error: .*timeout/i);
    expect(error.retryable).toBe(true);
    expect(elapsed).toBeGreaterThanOrEqual(TIMEOUT_MS - 20);
    expect(elapsed).toBeLessThan(TIMEOUT_MS + 2000);
    // The connection is closed, not left waiting for an answer that will not come. (On a loaded
    // machine the server may not have read the request before the time ran out: nothing waits.)
    await expect.poll(() => connections.get('/silent')?.destroyed ?? true).toBe(true);
  });

  it('includes the answer: headers that arrive without the rest of the body time out too', async () => {
    const graph = new GraphHttp({ timeoutMs: TIMEOUT_MS });
    const error = await failure(
      graph.request({ method: 'GET', url: `${base}/half`, retry: false }),
    );
    expect(error.details).toMatchObject({ kind: 'transient', httpStatus: 0 });
    await expect.poll(() => connections.get('/half')?.destroyed).toBe(true);
  });

  it('is not sent again when it is a publishing call (a lost answer may have published)', async () => {
    const config = { graphBaseUrl: base, graphVersion: 'v25.0' } as MetaConfig;
    const sleeps: number[] = [];
    const client = createMetaClient(config, {
      timeoutMs: TIMEOUT_MS,
      sleep: async (ms) => {
        sleeps.push(ms);
      },
    });
    const before = received;
    const error = await failure(
      client.facebook.publishPhoto('123', 'page-token', { url: 'https://example.com/a.jpg' }),
    );
    expect(error.details.httpStatus).toBe(0);
    expect(received - before).toBe(1);
    expect(sleeps).toEqual([]);
  });

  it('keeps no process waiting, whether it timed out or was answered in time', async () => {
    // A process that makes one request that times out and one answered at once under a two-minute
    // limit, then has nothing left to do, ends at once: no timer (nor connection) of the request
    // holds it for the rest of the limit. Counting this process's timers instead would also count
    // those of everything else running in it.
    const script = [
      `import { GraphHttp } from ${JSON.stringify(path.join(import.meta.dirname, 'http.ts'))};`,
      `const [base] = process.argv.slice(-1);`,
      `await new GraphHttp({ timeoutMs: ${TIMEOUT_MS} })`,
      `  .request({ method: 'GET', url: base + '/silent-child', retry: false })`,
      `  .catch((error) => console.log(error.details.httpStatus));`,
      `const answered = await new GraphHttp({ timeoutMs: 120000 }).request({ method: 'GET', url: base + '/answers' });`,
      `console.log(JSON.stringify(answered));`,
    ].join('\n');
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script, base],
      { cwd: process.cwd(), stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const started = performance.now();
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    const lifetime = performance.now() - started;
    expect(output.trim().split('\n')).toEqual(['0', '{"id":"1"}']);
    expect(code).toBe(0);
    // Starting Node with tsx takes a few seconds on a busy machine; a held timer would take 120.
    expect(lifetime).toBeLessThan(60_000);
  }, 90_000);
});
