import { beforeAll, describe, expect, it } from 'vitest';
import { TestClient, getTestApp, type TestApp } from '#server/test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await getTestApp();
});

describe('health and API description', () => {
  it('answers liveness and readiness', async () => {
    const c = new TestClient(t.app);
    expect((await c.request('/healthz')).json).toEqual({ status: 'ok' });
    const ready = await c.request('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.json.status).toBe('ready');
  });

  it('publishes an OpenAPI 3.1 document with every API route', async () => {
    const res = await new TestClient(t.app).request('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.json.openapi).toBe('3.1.0');
    const paths = Object.keys(res.json.paths);
    for (const path of [
      '/api/auth/sign-in',
      '/api/auth/sign-up',
      '/api/calendar-events',
      '/api/business-profile',
      '/api/contact',
    ]) {
      expect(paths).toContain(path);
    }
    const signUp = res.json.paths['/api/auth/sign-up'].post;
    expect(signUp.requestBody.required).toBe(true);
    expect(Object.keys(signUp.requestBody.content)).toEqual(['application/json']);
  });
});
