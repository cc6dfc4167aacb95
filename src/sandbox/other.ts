/**
 * SOS filing documents, client-side verification tokens (identifications) and blocklisting, plus the
 * capability file URLs (`GET /_sandbox/files/{id}/{name}`, no auth).
 *
 * SOS: an order answers 201 `IN_PROGRESS`; the next read answers `FINISHED` with `dataFile`
 * (`<id>.json`) and `reportFile` (`<id>.pdf`) capability URLs.
 */
import { BlocklistRequest, BlocklistSource, ClientTokenRequest } from '../api/identity.ts';
import { SosOrderRequest } from '../api/sos.ts';
import { acct, bodyOrEmpty, type Ctx, type RouteDef } from './context.ts';
import type { Identification, SosRecord } from './state.ts';
import { base64ToBytes, HttpError, iso, json, notFound, parseOrThrow, randomHex, uuid } from './util.ts';

/* ---------------------------------------------------------------- SOS */

function hash(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619) >>> 0;
  return h;
}

function entityType(name: string): string {
  const n = name.toLowerCase();
  if (/\bllc\b|l\.l\.c/.test(n)) return 'LLC';
  if (/\b(inc|corp|corporation|incorporated)\b/.test(n)) return 'CORPORATION';
  if (/\b(lp|llp|partners|partnership)\b/.test(n)) return 'PARTNERSHIP';
  if (/\b(foundation|charity|non-?profit)\b/.test(n)) return 'NON_PROFIT';
  if (/\btrust\b/.test(n)) return 'TRUST';
  return 'SOLE_PROPRIETORSHIP';
}

/** A tiny valid one-page PDF naming the company. */
function pdfFor(title: string): Uint8Array {
  const text = title.replace(/[()\\]/g, '').slice(0, 80);
  const stream = `BT /F1 14 Tf 72 720 Td (SOS filing report: ${text}) Tj ET`;
  const objs = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objs.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objs.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) out += `${String(off).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objs.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(out);
}

function finishSos(ctx: Ctx, r: SosRecord) {
  if (r.status !== 'IN_PROGRESS') return;
  const h = hash(r.companyName);
  const year = 1990 + (h % 34);
  const month = 1 + ((h >>> 8) % 12);
  const day = 1 + ((h >>> 16) % 28);
  r.formationDate = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  r.entityType = entityType(r.companyName);
  r.checkedAt = iso(ctx.now());
  r.status = 'FINISHED';
  const accountId = acct(ctx).id;
  const data = {
    companyName: r.companyName,
    address: { street: r.street, city: r.city, postalCode: r.postalCode, state: r.state },
    formationDate: r.formationDate,
    entityType: r.entityType,
    status: 'ACTIVE',
    source: 'sandbox',
  };
  r.dataFileId = ctx.services.storeFile(
    accountId,
    `${r.id}.json`,
    'application/json',
    new TextEncoder().encode(JSON.stringify(data, null, 2)),
  );
  r.reportFileId = ctx.services.storeFile(accountId, `${r.id}.pdf`, 'application/pdf', pdfFor(r.companyName));
}

/** `kyb.SosReportDocument`: the name, entity type and watchlist count are known once finished. */
function sosJson(ctx: Ctx, r: SosRecord) {
  const done = r.status === 'FINISHED';
  return {
    id: r.id,
    checkedAt: r.checkedAt,
    status: r.status,
    dataFile: r.dataFileId ? ctx.services.fileUrl(ctx.origin, r.dataFileId) : null,
    reportFile: r.reportFileId ? ctx.services.fileUrl(ctx.origin, r.reportFileId) : null,
    companyName: done ? r.companyName : null,
    formationDate: r.formationDate,
    entityType: r.entityType,
    watchlistHitsCount: done ? 0 : null,
  };
}

/* ---------------------------------------------------------------- identity */

/** Lifetime of an identification token and of its session once started (the service's defaults, ours). */
const TOKEN_EXPIRY_SECONDS = 3600;
const SESSION_LENGTH_SECONDS = 600;

/** A 1x1 PNG used as the stored face image of blocklisted selfies. */
const FACE_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

function identification(ctx: Ctx): Identification {
  const ident = acct(ctx).identifications.get(ctx.params.scanRef ?? '');
  if (!ident) throw notFound('No such identification.');
  return ident;
}

export const otherRoutes: RouteDef[] = [
  {
    method: 'POST',
    path: '/api/v2/sos-filing-documents/',
    auth: 'basic',
    handler(ctx) {
      const body = parseOrThrow(SosOrderRequest, ctx.json());
      const r: SosRecord = {
        id: uuid(),
        ...body,
        status: 'IN_PROGRESS',
        checkedAt: null,
        dataFileId: null,
        reportFileId: null,
        formationDate: null,
        entityType: null,
      };
      acct(ctx).sos.set(r.id, r);
      return json(sosJson(ctx, r), 201);
    },
  },
  {
    method: 'GET',
    path: '/api/v2/sos-filing-documents/',
    auth: 'basic',
    handler(ctx) {
      const list = [...acct(ctx).sos.values()];
      for (const r of list) finishSos(ctx, r);
      return json(list.map((r) => sosJson(ctx, r)));
    },
  },
  {
    method: 'GET',
    path: '/api/v2/sos-filing-documents/:id/',
    auth: 'basic',
    handler(ctx) {
      const r = acct(ctx).sos.get(ctx.params.id ?? '');
      if (!r) throw notFound('No such SOS filing document.');
      finishSos(ctx, r);
      return json(sosJson(ctx, r));
    },
  },
  {
    method: 'POST',
    path: '/api/v2/token',
    auth: 'basic',
    handler(ctx) {
      const body = parseOrThrow(ClientTokenRequest, ctx.json());
      const ident: Identification = {
        scanRef: uuid(),
        clientId: body.clientId,
        authToken: randomHex(20),
        expiration: iso(ctx.now() + TOKEN_EXPIRY_SECONDS * 1000),
        finished: false,
        selfieFileId: null,
      };
      acct(ctx).identifications.set(ident.scanRef, ident);
      // `kyc.ApiV2TokenResponse`: `expiryTime` and `sessionLength` in seconds.
      return json(
        {
          message: 'Token created.',
          authToken: ident.authToken,
          redirectUrl: null,
          scanRef: ident.scanRef,
          clientId: ident.clientId,
          locale: body.locale ?? null,
          expiryTime: TOKEN_EXPIRY_SECONDS,
          sessionLength: SESSION_LENGTH_SECONDS,
          tokenType: body.tokenType,
          externalRef: body.externalRef ?? null,
          digitString: null,
        },
        201,
      );
    },
  },
  {
    method: 'POST',
    path: '/kyc/identifications/:scanRef/blocklists/:source/',
    auth: 'basic',
    handler(ctx) {
      const src = BlocklistSource.safeParse(ctx.params.source);
      if (!src.success) throw notFound('Unknown blocklist source.');
      const ident = identification(ctx);
      const body = parseOrThrow(BlocklistRequest, bodyOrEmpty(ctx));
      if (!ident.finished) throw new HttpError(409, 'BAD_VALUE', 'The identification is not finished.');
      let faceImageUrl: string | null = null;
      if (src.data === 'SELFIE') {
        ident.selfieFileId ??= ctx.services.storeFile(
          acct(ctx).id,
          `${ident.scanRef}-face.png`,
          'image/png',
          base64ToBytes(FACE_PNG),
        );
        faceImageUrl = ctx.services.fileUrl(ctx.origin, ident.selfieFileId);
      }
      // `kyc.IdentificationBlacklist` (the face / document shape of `IdentificationBlacklistEntry`).
      return json({ id: uuid(), reason: body.reason ?? null, created: iso(ctx.now()), faceImageUrl }, 201);
    },
  },
  {
    method: 'POST',
    path: '/_sandbox/identifications/:scanRef/finish',
    auth: 'basic',
    control: true,
    handler(ctx) {
      const ident = identification(ctx);
      ident.finished = true;
      return json({ scanRef: ident.scanRef, clientId: ident.clientId, finished: true });
    },
  },
  {
    method: 'GET',
    path: '/_sandbox/files/:fileId/:name',
    auth: 'none',
    control: true,
    handler(ctx) {
      const f = ctx.state.files.get(ctx.params.fileId ?? '');
      if (!f) throw notFound('No such file.');
      const ascii = f.filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
      return new Response(f.bytes as Uint8Array<ArrayBuffer>, {
        status: 200,
        headers: {
          'Content-Type': f.contentType,
          'Content-Length': String(f.bytes.byteLength),
          'Content-Disposition': `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(f.filename)}`,
          'X-Content-Type-Options': 'nosniff',
          'Content-Security-Policy': 'sandbox',
          'Cache-Control': 'private, max-age=300',
        },
      });
    },
  },
];
