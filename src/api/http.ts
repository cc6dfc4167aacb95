/**
 * The fetch core shared by every client: base URL, Basic or Bearer auth, JSON in and out, validated
 * responses, one typed `ApiError`, timeouts, `AbortSignal`, and retries with backoff and `Retry-After`
 * for idempotent requests only (never a create or a submit).
 *
 * This module does not load zod: a response schema may be given as a loader (`loadSchema`), called as
 * the request leaves, so the schemas and zod download in parallel with the first answer instead of
 * before the first request.
 */
import { takeEarly } from './early-take.ts';
import { retryMayHelp, retrySafe } from '../kyb-form/saving/rule.ts';
import type * as z from 'zod/mini';
import { insecureApiBase } from './api-base.ts';
import type { RawResponse } from './xhr.ts';

/**
 * `input`: the request was refused before it was sent (the partner-server helper's request checks).
 * `insecure`: refused before sending: the base URL is plain `http:` to a host that is not loopback
 * (see `allowInsecureHttp`). A redirect to another origin is `invalid-response` with the 3xx status.
 */
export type ApiErrorKind =
  'http' | 'network' | 'timeout' | 'aborted' | 'invalid-response' | 'input' | 'insecure';

export interface ApiErrorInit {
  kind: ApiErrorKind;
  message: string;
  status?: number;
  identifier?: string | undefined;
  code?: string | undefined;
  fields?: Record<string, string[]> | undefined;
  body?: unknown;
  retryAfterMs?: number | undefined;
  method?: string;
  path?: string;
  cause?: unknown;
}

/** Every failure of a call: HTTP errors, network faults, timeouts, aborts and invalid responses. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  /** HTTP status, 0 when no response arrived. */
  readonly status: number;
  /** KYB error identifier such as `TOKEN_NOT_VALID`. */
  readonly identifier: string | undefined;
  /** Error code such as `insufficient_finances` or `session_locked`. */
  readonly code: string | undefined;
  /** Field errors of a validation failure: path -> messages. */
  readonly fields: Record<string, string[]>;
  /** The parsed error body, if any. */
  readonly body: unknown;
  readonly retryAfterMs: number | undefined;
  readonly method: string;
  readonly path: string;

  constructor(init: ApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.kind = init.kind;
    this.status = init.status ?? 0;
    this.identifier = init.identifier;
    this.code = init.code;
    this.fields = init.fields ?? {};
    this.body = init.body;
    this.retryAfterMs = init.retryAfterMs;
    this.method = init.method ?? '';
    this.path = init.path ?? '';
  }

  /** Whether sending the same request again may succeed: the one rule of saving/rule.ts. */
  get transient(): boolean {
    return retryMayHelp(this);
  }
}

export type Auth =
  | { type: 'basic'; key: string; secret: string }
  | {
      type: 'bearer';
      /** The current token (a function lets the caller swap it without rebuilding the client). */
      token: string | (() => string);
      /** Called once when a call answers 401 `TOKEN_NOT_VALID`; a returned token retries the call. */
      refresh?: () => Promise<string | null | undefined>;
    };

/** The token a bearer auth sends now. */
const bearerToken = (auth: { token: string | (() => string) }): string =>
  typeof auth.token === 'function' ? auth.token() : auth.token;

export interface HttpClientOptions {
  baseUrl: string;
  auth?: Auth;
  /** Per-attempt timeout, default 15 s. */
  timeoutMs?: number;
  /** Retries for idempotent requests, default 2 (3 attempts). */
  retries?: number;
  /** First backoff step, default 300 ms, doubled each retry with jitter, capped at 5 s. */
  backoffMs?: number;
  /** The longest `Retry-After` honoured before giving up, default 30 s. */
  maxRetryAfterMs?: number;
  fetch?: typeof fetch;
  /** Sleep used between retries (tests may shorten it). */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /**
   * Allow a plain `http:` base URL to a host that is not loopback (test rigs only: the token or the API
   * secret would cross the network in clear). Default false: such calls fail with `ApiError` `insecure`.
   */
  allowInsecureHttp?: boolean;
  /**
   * Send `Idempotency-Key` on writes that carry one (`RequestOptions.idempotencyKey`) and retry them like
   * idempotent requests. Only for a service known to honour the header (the sandbox does): it is a custom
   * header, so a cross-origin browser request is preflighted. Default false.
   */
  idempotencyKeys?: boolean;
}

/** A new idempotency key for one logical write (the same key for every retry of that write). */
export function newIdempotencyKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export interface RequestOptions<S extends z.ZodMiniType | undefined> {
  body?: unknown;
  /** Response schema; `undefined` expects no body (any body is ignored). */
  schema?: S;
  /** Loads the response schema (instead of `schema`); called once per attempt, as the request leaves. */
  loadSchema?: () => PromiseLike<S>;
  signal?: AbortSignal | undefined;
  /** Override the method's idempotency (PATCH of a whole object, for example, is safe to repeat). */
  idempotent?: boolean;
  /** The key of this logical write; sent (and the write retried) when the client has `idempotencyKeys`. */
  idempotencyKey?: string | undefined;
  timeoutMs?: number;
  /** Upload progress from 0 to 1; switches to XMLHttpRequest, which reports it. */
  onUploadProgress?: ((fraction: number) => void) | undefined;
  headers?: Record<string, string>;
  /**
   * Called with the error of every failed attempt, also one retried after: a write whose attempt timed
   * out (or lost its connection) may still be processed by the service later, even when a retry succeeds.
   */
  onAttemptError?: ((err: ApiError) => void) | undefined;
}

type Output<S> = S extends z.ZodMiniType ? z.output<S> : undefined;

const IDEMPOTENT = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']);

export const defaultSleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });

/** Parses `Retry-After` (seconds or an HTTP date) into milliseconds. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

const REDIRECT_REFUSED = 'The service answered with a redirect; redirects are not followed.';

const utf8Base64 = (text: string) => {
  const bytes = new TextEncoder().encode(text);
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin);
};

export class HttpClient {
  readonly baseUrl: string;
  #auth: Auth | undefined;
  readonly #opts: Required<Omit<HttpClientOptions, 'auth' | 'baseUrl' | 'fetch'>> & { fetch?: typeof fetch };
  /** Why the base URL is refused (null: allowed), decided on the first request. */
  #insecure: string | null | undefined;

  constructor(options: HttpClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.#auth = options.auth;
    this.#opts = {
      timeoutMs: options.timeoutMs ?? 15000,
      retries: options.retries ?? 2,
      backoffMs: options.backoffMs ?? 300,
      maxRetryAfterMs: options.maxRetryAfterMs ?? 30000,
      sleep: options.sleep ?? defaultSleep,
      allowInsecureHttp: options.allowInsecureHttp ?? false,
      idempotencyKeys: options.idempotencyKeys ?? false,
      ...(options.fetch ? { fetch: options.fetch } : {}),
    };
  }

  /** The per-attempt timeout in milliseconds. */
  get timeoutMs(): number {
    return this.#opts.timeoutMs;
  }

  setAuth(auth: Auth | undefined): void {
    this.#auth = auth;
  }

  get<S extends z.ZodMiniType | undefined>(path: string, opts: RequestOptions<S> = {}) {
    return this.request('GET', path, opts);
  }

  /** Sends one request (retrying transient failures when it is idempotent) and validates the answer. */
  async request<S extends z.ZodMiniType | undefined>(
    method: string,
    path: string,
    opts: RequestOptions<S> = {},
  ): Promise<Output<S>> {
    // Every attempt here carries the same body: a keyed write is replayed, never re-applied.
    const keyed = this.#opts.idempotencyKeys && !!opts.idempotencyKey;
    const safe = retrySafe({ idempotent: opts.idempotent ?? IDEMPOTENT.has(method), keyedSameBody: keyed });
    const maxAttempts = safe ? this.#opts.retries + 1 : 1;
    let refreshed = false;
    for (let attempt = 1; ; attempt++) {
      const sent = this.#auth?.type === 'bearer' ? bearerToken(this.#auth) : undefined;
      try {
        return await this.#once(method, path, opts, sent);
      } catch (err) {
        if (!(err instanceof ApiError)) throw err;
        opts.onAttemptError?.(err);
        const auth = this.#auth;
        if (
          !refreshed &&
          err.status === 401 &&
          err.identifier === 'TOKEN_NOT_VALID' &&
          auth?.type === 'bearer' &&
          auth.refresh
        ) {
          // A refused token means the request was not processed: sending it again is safe.
          refreshed = true;
          // Renewed meanwhile (another call got its 401 first): send it again with that token, no new renewal.
          const current = bearerToken(auth);
          if (current && current !== sent) {
            attempt--;
            continue;
          }
          const next = await auth.refresh().catch(() => null);
          if (next) {
            this.#auth = { ...auth, token: next };
            attempt--;
            continue;
          }
          throw err;
        }
        if (attempt >= maxAttempts || !retryMayHelp(err) || opts.signal?.aborted) throw err;
        let wait = Math.min(5000, this.#opts.backoffMs * 2 ** (attempt - 1));
        wait = wait / 2 + Math.random() * (wait / 2);
        if (err.retryAfterMs !== undefined) {
          if (err.retryAfterMs > this.#opts.maxRetryAfterMs) throw err;
          wait = Math.max(wait, err.retryAfterMs);
        }
        try {
          await this.#opts.sleep(wait, opts.signal);
        } catch (abortReason) {
          throw this.#abortError(method, path, abortReason);
        }
      }
    }
  }

  #abortError(method: string, path: string, cause: unknown) {
    return new ApiError({ kind: 'aborted', message: 'The request was cancelled.', method, path, cause });
  }

  /** `bearer`: the token this attempt sends (read once per attempt, so a renewal can tell it was stale). */
  #headers(opts: RequestOptions<z.ZodMiniType | undefined>, bearer?: string): Record<string, string> {
    const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers };
    if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
    if (this.#opts.idempotencyKeys && opts.idempotencyKey) headers['Idempotency-Key'] = opts.idempotencyKey;
    const auth = this.#auth;
    if (auth?.type === 'basic') headers.Authorization = `Basic ${utf8Base64(`${auth.key}:${auth.secret}`)}`;
    if (auth?.type === 'bearer') headers.Authorization = `Bearer ${bearer ?? bearerToken(auth)}`;
    return headers;
  }

  async #once<S extends z.ZodMiniType | undefined>(
    method: string,
    path: string,
    opts: RequestOptions<S>,
    bearer?: string,
  ): Promise<Output<S>> {
    const url = this.baseUrl + path;
    if (this.#insecure === undefined) {
      this.#insecure = this.#opts.allowInsecureHttp ? null : insecureApiBase(this.baseUrl || '/');
      if (this.#insecure) console.error(`[verify-elements] ${this.#insecure}`);
    }
    if (this.#insecure) throw new ApiError({ kind: 'insecure', message: this.#insecure, method, path });
    // The schema loads while the request travels; a failed load is reported once the answer is in.
    const schema: Promise<S | undefined> = opts.loadSchema
      ? Promise.resolve().then(opts.loadSchema)
      : Promise.resolve(opts.schema);
    schema.catch(() => undefined);
    const body = opts.body === undefined ? undefined : JSON.stringify(opts.body);
    const headers = this.#headers(opts, bearer);
    const timeoutMs = opts.timeoutMs ?? this.#opts.timeoutMs;
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const onAbort = () => controller.abort();
    if (opts.signal?.aborted) {
      clearTimeout(timer);
      throw this.#abortError(method, path, opts.signal.reason);
    }
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    let raw: RawResponse;
    const progress = typeof XMLHttpRequest === 'undefined' ? undefined : opts.onUploadProgress;
    try {
      raw = progress
        ? await import('./xhr.ts').then((m) =>
            m.xhrSend(method, url, headers, body, controller.signal, progress),
          )
        : await this.#fetchSend(method, url, headers, body, controller.signal);
    } catch (cause) {
      if (opts.signal?.aborted) throw this.#abortError(method, path, cause);
      if (timedOut)
        throw new ApiError({
          kind: 'timeout',
          message: `No answer within ${Math.round(timeoutMs / 1000)} s.`,
          method,
          path,
          cause,
        });
      throw new ApiError({
        kind: 'network',
        message: 'The service could not be reached.',
        method,
        path,
        cause,
      });
    } finally {
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onAbort);
    }
    if (raw.redirect) {
      throw new ApiError({
        kind: 'invalid-response',
        status: raw.status,
        message: raw.redirect,
        method,
        path,
      });
    }
    return this.#handle(raw, method, path, schema);
  }

  /**
   * One fetch without following redirects: a browser hands back an opaque redirect (refused); a runtime
   * that shows the redirect (Node) has a same-origin one followed, at most 3 times (redirects.ts), and
   * one to another origin refused. Nothing from another origin is ever read.
   */
  async #fetchSend(
    method: string,
    url: string,
    headers: Record<string, string>,
    body: string | undefined,
    signal: AbortSignal,
  ): Promise<RawResponse> {
    // The loader may have sent this very request already (same URL and token): adopt its answer. If it
    // failed (or was redirected), the request is sent here as usual.
    const early =
      method === 'GET' && !this.#opts.fetch && headers.Authorization
        ? takeEarly(url, headers.Authorization, signal)
        : null;
    const adopted = early ? await early.catch(() => null) : null;
    if (adopted) return adopted;
    const doFetch = this.#opts.fetch ?? globalThis.fetch;
    const res = await doFetch(url, {
      method,
      headers,
      body,
      signal,
      credentials: 'omit',
      redirect: 'manual',
    });
    if (res.type === 'opaqueredirect') {
      return { status: res.status, headers: res.headers, text: '', redirect: REDIRECT_REFUSED };
    }
    if (res.status >= 300 && res.status < 400 && res.headers.get('location') !== null) {
      // A runtime that shows redirects (Node; browsers answer opaqueredirect above): see redirects.ts.
      const { followRedirects } = await import('./redirects.ts');
      return followRedirects(doFetch, res, { url, method, headers, body, signal });
    }
    return { status: res.status, headers: res.headers, text: await res.text() };
  }

  async #handle<S extends z.ZodMiniType | undefined>(
    raw: RawResponse,
    method: string,
    path: string,
    schemaLoad: Promise<S | undefined>,
  ): Promise<Output<S>> {
    const contentType = raw.headers.get('content-type') ?? '';
    let json: unknown = undefined;
    let jsonOk = false;
    if (raw.text.length > 0 && /json/i.test(contentType)) {
      try {
        json = JSON.parse(raw.text);
        jsonOk = true;
      } catch {
        jsonOk = false;
      }
    }
    if (raw.status < 200 || raw.status >= 300) {
      // Error bodies are read with their schema too; if it cannot load, the status alone is reported.
      const errorBody = jsonOk
        ? await import('./common.ts').then(
            (m) => m.KybErrorBody,
            () => null,
          )
        : null;
      const parsed = errorBody?.safeParse(json);
      const body = parsed?.success ? parsed.data : undefined;
      const message =
        typeof body?.message === 'string'
          ? body.message
          : (body?.message?.detail ??
            (raw.status === 0 ? 'No response.' : `The service answered ${raw.status}.`));
      throw new ApiError({
        kind: 'http',
        status: raw.status,
        message,
        identifier: body?.identifier,
        code: body?.code,
        fields: body?.fields,
        body: jsonOk ? json : raw.text.slice(0, 2000),
        retryAfterMs: parseRetryAfter(raw.headers.get('retry-after')),
        method,
        path,
      });
    }
    let schema: S | undefined;
    try {
      schema = await schemaLoad;
    } catch (cause) {
      throw new ApiError({
        kind: 'network',
        message: 'The code that checks the answer could not be loaded.',
        method,
        path,
        cause,
      });
    }
    if (schema === undefined) return undefined as Output<S>;
    if (raw.status === 204 || raw.text.length === 0) {
      // No content: valid only where the schema allows `undefined` (e.g. answers not saved yet).
      const none = schema.safeParse(undefined);
      if (none.success) return none.data as Output<S>;
    }
    if (!jsonOk) {
      throw new ApiError({
        kind: 'invalid-response',
        status: raw.status,
        message:
          raw.text.length === 0
            ? 'The service sent an empty answer.'
            : 'The service sent an answer that is not JSON.',
        method,
        path,
      });
    }
    const result = schema.safeParse(json);
    if (!result.success) {
      const fields: Record<string, string[]> = {};
      for (const issue of result.error.issues.slice(0, 20)) {
        const key = issue.path.join('.') || '(root)';
        (fields[key] ??= []).push(issue.code);
      }
      throw new ApiError({
        kind: 'invalid-response',
        status: raw.status,
        message: 'The service sent an answer of an unexpected shape.',
        fields,
        method,
        path,
      });
    }
    return result.data as Output<S>;
  }
}
