/**
 * The demo's language picker: the partner backend passes the chosen locale when it mints a KYB token, and
 * the sandbox answers it as `info.locale` of `GET /kyb/info/` (published: `KybTokenRequest.locale`,
 * `KybInfo.locale`), which `<kyb-form>` follows when it has no `locale` attribute.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { partnerBackend } from '../../demo/partner-backend.ts';
import { createSandbox } from '../../src/sandbox/index.ts';

const sandbox = createSandbox({ basePath: '/sandbox' });
let server: Server;
let origin = '';

before(async () => {
  // The plugin's hook uses no plugin context: call it with a stand-in server that records the middleware.
  const configure = partnerBackend({ sandbox }).configureServer as unknown as (s: unknown) => void;
  let middleware: ((req: IncomingMessage, res: ServerResponse, next: () => void) => void) | undefined;
  configure({ middlewares: { use: (fn: typeof middleware) => (middleware = fn) } });
  server = createServer((req, res) =>
    middleware!(req, res, () => {
      res.statusCode = 404;
      res.end();
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function infoLocale(body: Record<string, unknown>): Promise<unknown> {
  const minted = await fetch(`${origin}/partner/kyb-token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  assert.equal(minted.status, 201);
  const { token } = (await minted.json()) as { token: string };
  const res = await sandbox.fetch(
    new Request(`${origin}/sandbox/kyb/info/`, { headers: { Authorization: `Bearer ${token}` } }),
  );
  assert.equal(res.status, 200);
  return ((await res.json()) as { locale: unknown }).locale;
}

test('a locale chosen in the demo reaches the token and comes back as info.locale', async () => {
  assert.equal(await infoLocale({ clientId: 'lang-de', locale: 'de' }), 'de');
  assert.equal(await infoLocale({ clientId: 'lang-lt', locale: 'lt' }), 'lt');
});

test("no locale, or one the elements do not ship, leaves the service's default", async () => {
  assert.equal(await infoLocale({ clientId: 'lang-none' }), 'en');
  assert.equal(await infoLocale({ clientId: 'lang-bad', locale: 'xx-evil' }), 'en');
});
