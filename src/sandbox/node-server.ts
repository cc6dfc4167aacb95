/**
 * The sandbox as a standalone HTTP server. `npm run sandbox` (PORT, default 8787, `0` for a free port;
 * HOST, default 127.0.0.1) prints its address and the demo credentials, and stops on SIGINT / SIGTERM.
 * It serves the demo theme's logo and font itself (`theme-assets.ts`), so a page on any origin gets them.
 * Comma-separated lists widen the guards (see `SandboxOptions`): ALLOWED_HOSTS (names this server answers
 * for), ALLOWED_ORIGINS (pages on other origins that may use it), WEBHOOK_HOSTS (webhook targets); each
 * defaults to `loopback`.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { nodeListener } from './adapters.ts';
import { createSandbox, DEMO_ACCOUNT, DEMO_THEME, type Sandbox, type SandboxOptions } from './index.ts';

export interface SandboxServer {
  url: string;
  close(): Promise<void>;
  sandbox: Sandbox;
}

export async function startSandboxServer(
  opts: { port?: number; host?: string } & SandboxOptions = {},
): Promise<SandboxServer> {
  const { port = 0, host = '127.0.0.1', ...options } = opts;
  const sandbox = createSandbox(options);
  const server = createServer(nodeListener(sandbox));
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const addr = server.address() as AddressInfo;
  const h = addr.family === 'IPv6' ? `[${addr.address}]` : addr.address;
  const url = `http://${h}:${addr.port}${sandbox.basePath}`;
  server.unref();
  return {
    url,
    sandbox,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** `a, b` -> `['a', 'b']`; unset or empty -> undefined (the default). */
export function listFromEnv(value: string | undefined): string[] | undefined {
  const list = (value ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
  return list.length > 0 ? list : undefined;
}

async function main() {
  const port = Number(process.env.PORT ?? 8787);
  const host = process.env.HOST ?? '127.0.0.1';
  const allowedHosts = listFromEnv(process.env.ALLOWED_HOSTS);
  const allowedOrigins = listFromEnv(process.env.ALLOWED_ORIGINS);
  const webhookHosts = listFromEnv(process.env.WEBHOOK_HOSTS);
  const srv = await startSandboxServer({
    port,
    host,
    ...(allowedHosts ? { allowedHosts } : {}),
    ...(allowedOrigins ? { allowedOrigins } : {}),
    ...(webhookHosts ? { webhookHosts } : {}),
  });
  const lines = [
    `Sandbox service listening on ${srv.url}`,
    '',
    `  API key:        ${DEMO_ACCOUNT.apiKey}`,
    `  API secret:     ${DEMO_ACCOUNT.apiSecret}`,
    `  Webhook secret: ${DEMO_ACCOUNT.webhookSecret}`,
    '',
    `  Hosts served:      ${(allowedHosts ?? ['loopback']).join(', ')} (ALLOWED_HOSTS)`,
    `  Browser origins:   ${(allowedOrigins ?? ['loopback']).join(', ')} (ALLOWED_ORIGINS)`,
    `  Webhook targets:   ${(webhookHosts ?? ['loopback']).join(', ')} (WEBHOOK_HOSTS)`,
    `  Theme files:       ${srv.url}${DEMO_THEME.logo}, ${srv.url}${DEMO_THEME.font} (any origin)`,
    '',
    'How to use: call the server-side endpoints with HTTP Basic auth (API key : API secret), e.g. ' +
      `curl -u ${DEMO_ACCOUNT.apiKey}:${DEMO_ACCOUNT.apiSecret} -X POST -H 'Content-Type: application/json' ` +
      `-d '{"tokenType":"FORM","clientId":"me"}' ${srv.url}/kyb/tokens/ mints a KYB form token for ` +
      '<kyb-form token=...>, and POST /age-estimation/token/ {"min_age":18,"confidence_threshold":70} ' +
      'creates an age-check session for <age-check>. Everything is in memory and ' +
      'offline; create isolated accounts with POST /_sandbox/accounts (with "webhookUrl" to receive the ' +
      'signed KYB and age webhooks), steer outcomes with the /_sandbox/ control endpoints (see ' +
      'src/sandbox/README.md), and stop with Ctrl+C.',
  ];
  console.log(lines.join('\n'));
  // Keep the process alive while the server runs.
  const keepAlive = setInterval(() => undefined, 1 << 30);
  const stop = () => {
    clearInterval(keepAlive);
    void srv.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  void main();
}
