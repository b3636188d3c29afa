import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, startApi } from './harness.ts';

let api: Api;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());

describe('HTTP server', () => {
  it('answers /health with the database state', async () => {
    const response = await fetch(`${api.url}/health`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { status: string; database: { status: string; migrations: number } };
    expect(body.status).toBe('ok');
    expect(body.database.status).toBe('up');
    expect(body.database.migrations).toBeGreaterThan(0);
  });

  it('sends security headers', async () => {
    const response = await fetch(`${api.url}/health`);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(response.headers.get('strict-transport-security')).toBeTruthy();
  });

  it('refuses oversized request bodies', async () => {
    const response = await fetch(`${api.url}/trpc/system.reportError`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'x'.repeat(2 * 1024 * 1024), path: 'p' }),
    });
    expect(response.status).toBe(413);
  });

  it('answers an unknown procedure with NOT_FOUND', async () => {
    const response = await fetch(`${api.url}/trpc/nope.nothing`);
    expect(response.status).toBe(404);
  });

  it('sends the answer to a call whole, with its length, status and headers', async () => {
    const answer = await fetch(`${api.url}/trpc/system.info`);
    expect(answer.headers.get('transfer-encoding')).toBeNull();
    const body = await answer.text();
    expect(Number(answer.headers.get('content-length'))).toBe(Buffer.byteLength(body));
    expect(answer.headers.get('content-type')).toContain('application/json');
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');

    const refused = await fetch(`${api.url}/trpc/nope.nothing`);
    expect(refused.status).toBe(404);
    expect(((await refused.json()) as { error: { data: { code: string } } }).error.data.code).toBe('NOT_FOUND');
  });

  it('reports the versions the update banner needs', async () => {
    const response = await fetch(`${api.url}/trpc/system.info`);
    const body = (await response.json()) as { result: { data: { version: string; devOutbox: boolean } } };
    expect(body.result.data.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(body.result.data.devOutbox).toBe(true);
  });
});
