/**
 * Mounting the sandbox in Node servers: Koa-style middleware (@web/test-runner), a Vite plugin (Connect
 * middleware for `vite` and `vite preview`) and a plain `node:http` listener. The request/response
 * conversion lives in one place ({@link toWebRequest}, {@link writeNodeResponse}).
 *
 * Bodies stream from the socket into the sandbox, which refuses one over its route's limits (`body.ts`)
 * with 413 before it is read whole; the unread rest is dropped. When `sandbox.fetch` rejects with a
 * `SandboxDrop` (fault mode), the socket is destroyed without an answer.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Plugin } from 'vite';
import { createSandbox, type Sandbox, type SandboxOptions } from './index.ts';
import { SandboxDrop } from './faults.ts';
import { errorBody, MAX_BODY_BYTES } from './util.ts';

function originOf(req: IncomingMessage, protocol?: string, host?: string): string {
  const encrypted = (req.socket as { encrypted?: boolean }).encrypted === true;
  const proto = protocol ?? (encrypted ? 'https' : 'http');
  return `${proto}://${host ?? req.headers.host ?? '127.0.0.1'}`;
}

const readers = new WeakMap<IncomingMessage, AsyncIterator<unknown>>();

/**
 * The request body as a Web stream that reads the socket only as fast as the sandbox reads the stream, so
 * a body the sandbox refuses early (over the route's byte cap, or too many JSON members: `body.ts`) is
 * never buffered whole. Cancelling leaves the socket to {@link settle}.
 */
function bodyStream(req: IncomingMessage): ReadableStream<Uint8Array> {
  const chunks = req.iterator({ destroyOnReturn: false });
  readers.set(req, chunks);
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const { done, value } = (await chunks.next()) as { done?: boolean; value: Buffer };
        if (done) controller.close();
        else controller.enqueue(new Uint8Array(value));
      },
      async cancel() {
        await chunks.return?.();
      },
    },
    { highWaterMark: 0 },
  );
}

/**
 * After the answer: the unread rest of a refused body is read and dropped (so the client, still sending,
 * gets the answer instead of a reset), up to 20 MiB; past that the connection is closed.
 */
async function settle(req: IncomingMessage): Promise<void> {
  await readers.get(req)?.return?.();
  if (req.readableEnded || req.destroyed) return;
  let dropped = 0;
  req.on('data', (c: Buffer) => {
    dropped += c.length;
    if (dropped > MAX_BODY_BYTES) req.socket.destroy();
  });
  req.resume();
}

/** Converts a Node request into a Web `Request` whose body streams from the socket (see `body.ts`). */
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
  // A body exists when the request says so (RFC 9112 6.3): a length above 0, or a transfer coding.
  const length = Number(req.headers['content-length'] ?? '0');
  const hasBody =
    method !== 'GET' && method !== 'HEAD' && (req.headers['transfer-encoding'] !== undefined || length > 0);
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
    ...(hasBody ? { body: bodyStream(req), duplex: 'half' } : {}),
  } as RequestInit);
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

/**
 * Runs one request through the sandbox: the shared path of every adapter. Returns the response to
 * write, or `null` when the connection was destroyed (fault mode drop).
 */
async function dispatch(sandbox: Sandbox, req: IncomingMessage, origin: string): Promise<Response | null> {
  const request = await toWebRequest(req, origin);
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
    await settle(req);
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
    await settle(ctx.req);
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
