import { expect } from '@open-wc/testing';
import * as z from 'zod/mini';
import { ApiError, HttpClient, parseRetryAfter } from '../../src/api/http.ts';

const Ok = z.object({ ok: z.literal(true), calls: z.optional(z.number()) });
const noSleep = () => Promise.resolve();
const unique = () => Math.random().toString(36).slice(2);

async function failure(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (err) {
    expect(err).to.be.instanceOf(ApiError);
    return err as ApiError;
  }
  throw new Error('expected the call to fail');
}

async function callsOf(key: string) {
  const res = await fetch(`/__test/count/${key}`);
  return ((await res.json()) as { calls: number }).calls;
}

describe('fetch core (HttpClient)', () => {
  const client = (opts: Partial<ConstructorParameters<typeof HttpClient>[0]> = {}) =>
    new HttpClient({ baseUrl: '/__test', sleep: noSleep, ...opts });

  it('sends JSON with Bearer auth and validates the answer', async () => {
    const c = client({ auth: { type: 'bearer', token: 'tok-1' } });
    const res = await c.request('POST', '/echo', {
      body: { a: 1 },
      schema: z.object({
        method: z.string(),
        authorization: z.string(),
        contentType: z.string(),
        body: z.unknown(),
      }),
    });
    expect(res.method).to.equal('POST');
    expect(res.authorization).to.equal('Bearer tok-1');
    expect(res.contentType).to.equal('application/json');
    expect(res.body).to.deep.equal({ a: 1 });
  });

  it('sends Basic auth as base64(key:secret), UTF-8 safe', async () => {
    const c = client({ auth: { type: 'basic', key: 'kéy', secret: 's:ecret' } });
    const res = await c.get('/echo', { schema: z.object({ authorization: z.string() }) });
    const decoded = new TextDecoder().decode(
      Uint8Array.from(atob(res.authorization.replace('Basic ', '')), (ch) => ch.charCodeAt(0)),
    );
    expect(decoded).to.equal('kéy:s:ecret');
  });

  it('kind http: status, identifier, code and field errors', async () => {
    const err = await failure(client().get('/status/400?identifier=VALIDATION_ERROR', { schema: Ok }));
    expect(err.kind).to.equal('http');
    expect(err.status).to.equal(400);
    expect(err.identifier).to.equal('VALIDATION_ERROR');
    expect(err.fields).to.deep.equal({ 'company.email': ['invalid'] });
    expect(err.message).to.equal('failure 400');
    const locked = await failure(client().get('/status/423?code=session_locked', { schema: Ok }));
    expect(locked.code).to.equal('session_locked');
  });

  it('kind network: the connection dropped', async () => {
    const err = await failure(client({ retries: 0 }).get('/drop', { schema: Ok }));
    expect(err.kind).to.equal('network');
    expect(err.status).to.equal(0);
  });

  it('kind network: nothing listens on the port', async () => {
    const err = await failure(
      new HttpClient({ baseUrl: 'http://127.0.0.1:9', retries: 0 }).get('/x', { schema: Ok }),
    );
    expect(err.kind).to.equal('network');
  });

  it('kind timeout', async () => {
    const err = await failure(client({ retries: 0, timeoutMs: 100 }).get('/slow/1000', { schema: Ok }));
    expect(err.kind).to.equal('timeout');
  });

  it('kind aborted: the caller’s AbortSignal wins, before and during the call', async () => {
    const ctl = new AbortController();
    const p = client().get('/slow/1000', { schema: Ok, signal: ctl.signal });
    setTimeout(() => ctl.abort(), 50);
    expect((await failure(p)).kind).to.equal('aborted');
    const pre = new AbortController();
    pre.abort();
    expect((await failure(client().get('/slow/10', { schema: Ok, signal: pre.signal }))).kind).to.equal(
      'aborted',
    );
  });

  it('kind invalid-response: not JSON, wrong shape, empty', async () => {
    expect((await failure(client().get('/not-json', { schema: Ok }))).kind).to.equal('invalid-response');
    const shape = await failure(client().get('/wrong-shape', { schema: Ok }));
    expect(shape.kind).to.equal('invalid-response');
    expect(Object.keys(shape.fields)).to.include('ok');
    expect((await failure(client().get('/empty', { schema: Ok }))).kind).to.equal('invalid-response');
  });

  it('retries an idempotent GET on 503 and succeeds', async () => {
    const key = unique();
    const res = await client({ retries: 2 }).get(`/flaky/${key}/2/503`, { schema: Ok });
    expect(res.calls).to.equal(3);
  });

  it('retries an idempotent call after a dropped connection', async () => {
    const key = unique();
    const res = await client({ retries: 1 }).request('PUT', `/flaky/${key}/1/drop`, { schema: Ok });
    expect(res.calls).to.equal(2);
  });

  it('gives up after the retry budget', async () => {
    const key = unique();
    const err = await failure(client({ retries: 2 }).get(`/flaky/${key}/5/503`, { schema: Ok }));
    expect(err.status).to.equal(503);
    expect(await callsOf(key)).to.equal(3);
  });

  it('never retries a POST (create or submit), even on 503', async () => {
    const key = unique();
    await failure(client({ retries: 3 }).request('POST', `/flaky/${key}/1/503`, { schema: Ok }));
    expect(await callsOf(key)).to.equal(1);
  });

  it('never retries a non-transient error (400, 401, 404)', async () => {
    for (const code of [400, 401, 404]) {
      const key = unique();
      await failure(client({ retries: 3 }).get(`/status/${code}?key=${key}`, { schema: Ok }));
      expect(await callsOf(`status-${key}`)).to.equal(1);
    }
  });

  it('honours Retry-After on 429 and waits at least that long', async () => {
    const waits: number[] = [];
    const c = client({
      retries: 1,
      sleep: (ms) => {
        waits.push(ms);
        return Promise.resolve();
      },
    });
    const key = unique();
    await failure(c.get(`/status/429?key=${key}&retryAfter=2`, { schema: Ok }));
    expect(waits).to.have.length(1);
    expect(waits[0]).to.be.at.least(2000);
    expect(await callsOf(`status-${key}`)).to.equal(2);
  });

  it('does not wait beyond maxRetryAfterMs: gives up with retryAfterMs set', async () => {
    const key = unique();
    const err = await failure(
      client({ retries: 2, maxRetryAfterMs: 1000 }).get(`/status/429?key=${key}&retryAfter=120`, {
        schema: Ok,
      }),
    );
    expect(err.retryAfterMs).to.equal(120000);
    expect(await callsOf(`status-${key}`)).to.equal(1);
  });

  it('backs off exponentially between retries', async () => {
    const waits: number[] = [];
    const c = client({
      retries: 3,
      backoffMs: 100,
      sleep: (ms) => {
        waits.push(ms);
        return Promise.resolve();
      },
    });
    await failure(c.get(`/flaky/${unique()}/9/503`, { schema: Ok }));
    expect(waits).to.have.length(3);
    expect(waits[0]).to.be.within(50, 100);
    expect(waits[1]).to.be.within(100, 200);
    expect(waits[2]).to.be.within(200, 400);
  });

  it('refreshes a bearer token once on TOKEN_NOT_VALID and repeats the call', async () => {
    let refreshed = 0;
    const c = new HttpClient({
      baseUrl: '/__test',
      auth: {
        type: 'bearer',
        token: 'old',
        refresh: async () => {
          refreshed++;
          return 'new';
        },
      },
    });
    // /status always fails, so the refreshed call fails too, but only one refresh happens.
    const err = await failure(c.request('POST', '/status/401?identifier=TOKEN_NOT_VALID', { schema: Ok }));
    expect(err.identifier).to.equal('TOKEN_NOT_VALID');
    expect(refreshed).to.equal(1);
    const echo = await c.get('/echo', { schema: z.object({ authorization: z.string() }) });
    expect(echo.authorization).to.equal('Bearer new');
  });

  it('reports upload progress through XMLHttpRequest', async () => {
    const seen: number[] = [];
    const res = await client().request('POST', '/echo', {
      body: { blob: 'x'.repeat(300_000) },
      schema: z.object({ method: z.string() }),
      onUploadProgress: (f) => seen.push(f),
    });
    expect(res.method).to.equal('POST');
    expect(seen.at(-1)).to.equal(1);
    expect(seen.every((f) => f >= 0 && f <= 1)).to.equal(true);
  });

  it('parses Retry-After as seconds or an HTTP date', () => {
    expect(parseRetryAfter('3')).to.equal(3000);
    expect(parseRetryAfter(new Date(10_000).toUTCString(), 4_000)).to.equal(6000);
    expect(parseRetryAfter('soon')).to.equal(undefined);
    expect(parseRetryAfter(null)).to.equal(undefined);
  });
});
