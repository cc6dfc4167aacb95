/**
 * The demo's "partner backend": a Vite plugin with a few JSON routes under /partner/ that mint tokens
 * through the partner-server helper (`src/server/`). The API key pair lives here, on the server side;
 * the browser only ever receives the short-lived tokens.
 *
 *   POST /partner/kyb-token        {clientId?}                  -> {token, expiration}
 *   POST /partner/age-token        {settings?, scenario?}       -> {token, sessionUrl, expiresAt}
 *   POST /partner/information-request {formId}                  -> {ok}
 *   GET  /partner/webhooks                                      -> recorded webhooks (newest first)
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Plugin } from 'vite';
import { PartnerClient } from '../src/server/index.ts';
import type { AgeTokenRequest } from '../src/api/age.ts';
import { LOCALES } from '../src/api/common.ts';
import { DEMO_ACCOUNT, type Sandbox } from '../src/sandbox/index.ts';

type Json = Record<string, unknown>;

function readJson(req: IncomingMessage): Promise<Json> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > 64 * 1024) reject(new Error('body too large'));
      else chunks.push(c);
    });
    req.on('end', () => {
      try {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve(text ? (JSON.parse(text) as Json) : {});
      } catch (err) {
        reject(err);
      }
    });
    req.on('error', reject);
  });
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json');
  res.setHeader('Cache-Control', 'no-store');
  res.end(JSON.stringify(body));
}

export function partnerBackend({ sandbox }: { sandbox: Sandbox }): Plugin {
  const basic = `Basic ${Buffer.from(`${DEMO_ACCOUNT.apiKey}:${DEMO_ACCOUNT.apiSecret}`).toString('base64')}`;
  const inProcessFetch: typeof fetch = (input, init) => sandbox.fetch(new Request(input, init));

  const handler = async (req: IncomingMessage, res: ServerResponse, next: () => void) => {
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? '127.0.0.1'}`);
    if (!url.pathname.startsWith('/partner/')) return next();
    const base = `${url.origin}${sandbox.basePath}`;
    const partner = new PartnerClient({
      baseUrl: base,
      apiKey: DEMO_ACCOUNT.apiKey,
      apiSecret: DEMO_ACCOUNT.apiSecret,
      fetch: inProcessFetch,
    });
    const control = (method: string, path: string, body?: unknown) =>
      sandbox.fetch(
        new Request(`${base}/_sandbox${path}`, {
          method,
          headers: { Authorization: basic, 'Content-Type': 'application/json' },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        }),
      );
    try {
      if (req.method === 'POST' && url.pathname === '/partner/kyb-token') {
        const body = await readJson(req);
        const clientId = typeof body.clientId === 'string' && body.clientId ? body.clientId : 'demo-company';
        // The service's 17 locales only (the elements ship more; those apply through the attribute).
        const locale = LOCALES.find((l) => l === body.locale);
        const t = await partner.createKybToken({ clientId, lifetime: 1800, ...(locale ? { locale } : {}) });
        return send(res, 201, { token: t.tokenString, expiration: t.expiration });
      }
      if (req.method === 'POST' && url.pathname === '/partner/age-token') {
        const body = await readJson(req);
        // The published request requires min_age and confidence_threshold: the demo page may leave them out.
        const settings = {
          min_age: 18,
          confidence_threshold: 70,
          ...(body.settings ?? {}),
        } as AgeTokenRequest;
        const t = await partner.createAgeToken(settings);
        if (body.scenario) {
          const r = await control(
            'PUT',
            `/age/sessions/${encodeURIComponent(t.token)}/scenario`,
            body.scenario,
          );
          if (!r.ok) return send(res, 400, { message: 'Invalid scenario', detail: await r.json() });
        }
        return send(res, 201, { token: t.token, sessionUrl: t.session_url, expiresAt: t.expires_at });
      }
      if (req.method === 'POST' && url.pathname === '/partner/information-request') {
        const body = await readJson(req);
        const r = await control(
          'POST',
          `/kyb/forms/${encodeURIComponent(String(body.formId))}/information-request`,
          {
            message: 'Please check your company details.',
          },
        );
        return send(res, r.status, r.ok ? { ok: true } : await r.json());
      }
      if (req.method === 'GET' && url.pathname === '/partner/webhooks') {
        const r = await control('GET', '/webhooks');
        return send(res, r.status, await r.json());
      }
      return send(res, 404, { message: 'Not found' });
    } catch (err) {
      const status =
        typeof (err as { status?: unknown }).status === 'number' ? (err as { status: number }).status : 500;
      return send(res, status || 500, {
        message: err instanceof Error ? err.message : 'Partner backend error',
      });
    }
  };

  return {
    name: 'verify-elements-demo-partner-backend',
    configureServer(server) {
      server.middlewares.use((req, res, next) => void handler(req, res, next));
    },
    configurePreviewServer(server) {
      server.middlewares.use((req, res, next) => void handler(req, res, next));
    },
  };
}
