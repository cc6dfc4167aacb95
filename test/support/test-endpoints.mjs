// Deterministic fault endpoints for the fetch-core tests, mounted under /__test/ on the test server.
//   /__test/status/:code[?identifier=X&retryAfter=S]  answers that status with a KYB error body
//   /__test/flaky/:key/:failures/:code               fails `failures` times (per key) then answers 200 {ok, calls}
//   /__test/count/:key                               how many calls `key` received
//   /__test/slow/:ms                                 answers 200 after ms
//   /__test/not-json, /__test/wrong-shape, /__test/empty, /__test/drop
//   /__test/echo                                     echoes method, headers.authorization and body
//   /__test/source/src/...                           a file under src/ as raw text (no TypeScript transform)
import { readFile } from 'node:fs/promises';

const calls = new Map();
const json = (ctx, status, body, headers = {}) => {
  ctx.status = status;
  ctx.set('Content-Type', 'application/json');
  for (const [k, v] of Object.entries(headers)) ctx.set(k, v);
  ctx.body = JSON.stringify(body);
};
const readBody = (req) =>
  new Promise((resolve) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });

export function testEndpoints() {
  return async (ctx, next) => {
    const m = /^\/__test\/(.*)$/.exec(ctx.path);
    if (!m) return next();
    const parts = m[1].split('/');
    const [kind] = parts;
    const count = (key) => {
      const n = (calls.get(key) ?? 0) + 1;
      calls.set(key, n);
      return n;
    };
    switch (kind) {
      case 'source': {
        const rel = parts.slice(1).join('/');
        if (!/^src\/[\w/.-]+$/.test(rel) || rel.includes('..')) return json(ctx, 400, { error: 'bad path' });
        ctx.status = 200;
        ctx.set('Content-Type', 'text/plain; charset=utf-8');
        ctx.body = await readFile(new URL(`../../${rel}`, import.meta.url), 'utf8');
        return;
      }
      case 'status': {
        const code = Number(parts[1]);
        count(`status-${ctx.query.key ?? ''}`);
        const headers = ctx.query.retryAfter ? { 'Retry-After': String(ctx.query.retryAfter) } : {};
        return json(
          ctx,
          code,
          {
            message: `failure ${code}`,
            identifier: ctx.query.identifier ?? 'INTERNAL_ERROR',
            documentation: '',
            ...(ctx.query.code ? { code: ctx.query.code } : {}),
            ...(code === 400 ? { fields: { 'company.email': ['invalid'] } } : {}),
          },
          headers,
        );
      }
      case 'flaky': {
        const [, key, failures, code] = parts;
        const n = count(key);
        if (n <= Number(failures)) {
          if (code === 'drop') {
            ctx.req.socket.destroy();
            return;
          }
          return json(
            ctx,
            Number(code),
            { message: 'try later', identifier: 'TOO_MANY_REQUESTS' },
            code === '429' ? { 'Retry-After': '0' } : {},
          );
        }
        return json(ctx, 200, { ok: true, calls: n });
      }
      case 'count':
        return json(ctx, 200, { calls: calls.get(parts[1]) ?? 0 });
      case 'slow':
        await new Promise((r) => setTimeout(r, Number(parts[1])));
        return json(ctx, 200, { ok: true });
      case 'not-json':
        ctx.status = 200;
        ctx.set('Content-Type', 'text/html');
        ctx.body = '<html>oops</html>';
        return;
      case 'wrong-shape':
        return json(ctx, 200, { ok: 'yes' });
      case 'empty':
        ctx.status = 200;
        ctx.set('Content-Type', 'application/json');
        ctx.body = '';
        return;
      case 'drop':
        ctx.req.socket.destroy();
        return;
      case 'echo': {
        const body = await readBody(ctx.req);
        return json(ctx, 200, {
          method: ctx.method,
          authorization: ctx.get('authorization'),
          contentType: ctx.get('content-type'),
          body: body ? JSON.parse(body) : null,
        });
      }
      default:
        return json(ctx, 404, { message: 'unknown test endpoint' });
    }
  };
}
