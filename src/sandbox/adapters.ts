/**
 * Mounting the sandbox in Node servers: Koa-style middleware (@web/test-runner), a Vite plugin (Connect
 * middleware for `vite` and `vite preview`) and a plain `node:http` listener. The request/response
 * conversion lives in one place ({@link toWebRequest}, {@link writeNodeResponse}).
 *
 * Bodies over 20 MiB are refused with 413 before buffering completes. When `sandbox.fetch` rejects with
 * a `SandboxDrop` (fault mode), the socket is destroyed without an answer.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Plugin } from 'vite';
import { createSandbox, type Sandbox, type SandboxOptions } from './index.ts';
import { SandboxDrop } from './faults.ts';
import { errorBody, MAX_BODY_BYTES } from './util.ts';

class TooLarge extends Error {}

function originOf(req: IncomingMessage, protocol?: string, host?: string): string {
  const encrypted = (req.socket as { encrypted?: boolean }).encrypted === true;
  const proto = protocol ?? (encrypted ? 'https' : 'http');
  return `${proto}://${host ?? req.headers.host ?? '127.0.0.1'}`;
}

function readNodeBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length'] ?? '');
    if (Number.isFinite(declared) && declared > limit) return reject(new TooLarge());
    const chunks: Buffer[] = [];
    let total = 0;
    const onData = (c: Buffer) => {
      total += c.length;
      if (total > limit) {
        req.off('data', onData);
        req.pause();
        reject(new TooLarge());
        return;
      }
      chunks.push(c);
    };
    req.on('data', onData);
    req.once('end', () => resolve(Buffer.concat(chunks)));
    req.once('error', reject);
  });
}

/** Converts a Node request into a Web `Request` (full body buffered, at most 20 MiB). */
export async function toWebRequest(
  req: IncomingMessage,
  origin: string,
  url = req.url ?? '/',
): Promise<Request> {
  const method = (req.method ?? 'GET').toUpperCase();
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) {
    if (v === undefined || k.startsWith(':')) continue;
    if (Array.isArray(v)) for (const x of v) headers.append(k, x);
    else headers.set(k, v);
  }
  const hasBody = method !== 'GET' && method !== 'HEAD';
  const body = hasBody ? await readNodeBody(req, MAX_BODY_BYTES) : undefined;
  // Only the path and query of the request target count: `//host/x` or an absolute-form target must not
  // replace the host the origin names (the sandbox checks that host and builds URLs from it).
  let target = url;
  if (!target.startsWith('/')) {
    try {
      const abs = new URL(target);
      target = `${abs.pathname}${abs.search}`;
    } catch {
      target = `/${target}`;
    }
  }
  return new Request(new URL(`${origin}${target}`), {
    method,
    headers,
    ...(body && body.length > 0 ? { body: new Uint8Array(body) } : {}),
  });
}

/** Writes a Web `Response` to a Node response. */
export async function writeNodeResponse(
  res: ServerResponse,
  response: Response,
  method = 'GET',
): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((v, k) => {
    headers[k] = v;
  });
  const buf = method === 'HEAD' ? null : Buffer.from(await response.arrayBuffer());
  res.writeHead(response.status, headers);
  res.end(buf ?? undefined);
}

function tooLargeResponse(): Response {
  return new Response(JSON.stringify(errorBody('BAD_VALUE', 'The request body is larger than 20 MiB.')), {
    status: 413,
    headers: { 'Content-Type': 'application/json; charset=utf-8', Connection: 'close' },
  });
}

/**
 * Runs one request through the sandbox: the shared path of every adapter. Returns the response to
 * write, or `null` when the connection was destroyed (fault mode drop).
 */
async function dispatch(sandbox: Sandbox, req: IncomingMessage, origin: string): Promise<Response | null> {
  let request: Request;
  try {
    request = await toWebRequest(req, origin);
  } catch (e) {
    if (e instanceof TooLarge) return tooLargeResponse();
    throw e;
  }
  try {
    return await sandbox.fetch(request);
  } catch (e) {
    if (e instanceof SandboxDrop) {
      req.socket.destroy();
      return null;
    }
    throw e;
  }
}

async function handleNode(sandbox: Sandbox, req: IncomingMessage, res: ServerResponse): Promise<void> {
  try {
    const response = await dispatch(sandbox, req, originOf(req));
    if (!response) return;
    await writeNodeResponse(res, response, req.method);
    if (response.status === 413) res.once('finish', () => req.socket.destroySoon?.());
  } catch (e) {
    console.error('[sandbox] adapter error', e);
    if (!res.headersSent) {
      res.writeHead(500, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(errorBody('INTERNAL_ERROR', 'The sandbox failed to handle this request.')));
    } else res.destroy();
  }
}

/** `(req, res) => void` for `node:http.createServer`. Paths outside the base path answer 404. */
export function nodeListener(sandbox: Sandbox): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    void handleNode(sandbox, req, res);
  };
}

/** The parts of a Koa context the middleware uses. */
export interface KoaLikeContext {
  req: IncomingMessage;
  res: ServerResponse;
  url: string;
  protocol?: string;
  host?: string;
  status: number;
  body: unknown;
  set(field: string, value: string): void;
  respond?: boolean;
}

/** Koa-style middleware for @web/test-runner's `middleware` option. */
export function koaMiddleware(sandbox: Sandbox) {
  return async (ctx: KoaLikeContext, next: () => Promise<unknown>): Promise<void> => {
    const url = new URL(ctx.req.url ?? ctx.url, 'http://sandbox.local');
    if (!sandbox.handles(url)) {
      await next();
      return;
    }
    const response = await dispatch(sandbox, ctx.req, originOf(ctx.req, ctx.protocol, ctx.host));
    if (!response) {
      ctx.respond = false;
      return;
    }
    ctx.status = response.status;
    response.headers.forEach((v, k) => {
      if (k !== 'content-length') ctx.set(k, v);
    });
    const buf = Buffer.from(await response.arrayBuffer());
    ctx.body = response.status === 204 || response.status === 304 ? null : buf;
    if (response.status !== 204 && buf.length === 0) ctx.body = '';
  };
}

type Connect = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;

function connectMiddleware(sandbox: Sandbox): Connect {
  return (req, res, next) => {
    const url = new URL(req.url ?? '/', 'http://sandbox.local');
    if (!sandbox.handles(url)) return next();
    void handleNode(sandbox, req, res);
  };
}

/** Vite plugin: mounts the sandbox on the dev server and on `vite preview`. */
export function sandboxVitePlugin(opts: SandboxOptions & { sandbox?: Sandbox } = {}): Plugin {
  const { sandbox: given, ...options } = opts;
  const sandbox = given ?? createSandbox(options);
  const mw = connectMiddleware(sandbox);
  return {
    name: 'verify-elements-sandbox',
    configureServer(server) {
      server.middlewares.use(mw);
    },
    configurePreviewServer(server) {
      server.middlewares.use(mw);
    },
  };
}
