/**
 * AML monitoring against the built-in fictional sample list (`AML_SAMPLE_LIST`).
 *
 * Create answers 201 with status `PENDING` and `overallStatus NOT_CHECKED`; the check runs on the next
 * read (GET, start or stop), moving the monitoring to `ACTIVE` + `NO_FLAGS`, or `ALERT` + `FLAGS_FOUND`
 * with the search results when a profile's normalised-name similarity score is >= the filter threshold
 * (85). The filter is read-only: threshold 85 and all datasets.
 */
import {
  CompanyDataset,
  CreateMonitoringRequest,
  MonitoringCommentRequest,
  PersonDataset,
} from '../api/aml.ts';
import { acct, bodyOrEmpty, type Ctx, type RouteDef } from './context.ts';
import { AML_SAMPLE_LIST, type AmlSampleProfile } from './fixtures.ts';
import type { Monitoring } from './state.ts';
import { iso, json, notFound, parseOrThrow, uuid } from './util.ts';

export const AML_THRESHOLD = 85;

export function normaliseName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .replace(/\s+/g, ' ');
}

function levenshtein(a: string, b: string): number {
  if (a === b) return 0;
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      cur[j] = Math.min((prev[j] ?? 0) + 1, (cur[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost);
    }
    prev = cur;
  }
  return prev[b.length] ?? 0;
}

const ratio = (a: string, b: string) =>
  a.length + b.length === 0 ? 100 : Math.round((1 - levenshtein(a, b) / Math.max(a.length, b.length)) * 100);

/** Similarity 0..100 of two names: the best of plain and token-sorted Levenshtein ratios. */
export function nameScore(a: string, b: string): number {
  const na = normaliseName(a).slice(0, 200);
  const nb = normaliseName(b).slice(0, 200);
  const sort = (s: string) => s.split(' ').sort().join(' ');
  return Math.max(ratio(na, nb), ratio(sort(na), sort(nb)));
}

function search(kind: 'PERSON' | 'COMPANY', name: string) {
  const hits: { p: AmlSampleProfile; score: number; match: string }[] = [];
  for (const p of AML_SAMPLE_LIST) {
    if (p.kind !== kind) continue;
    let best = { score: -1, match: p.name };
    for (const n of [p.name, ...(p.aliases ?? [])]) {
      const score = nameScore(name, n);
      if (score > best.score) best = { score, match: n };
    }
    if (best.score >= AML_THRESHOLD) hits.push({ p, ...best });
  }
  return hits.sort((x, y) => y.score - x.score);
}

function runCheck(m: Monitoring, now: number) {
  const c = m.check;
  const name = String(c.userType === 'PERSON' ? c.input.fullName : c.input.companyName);
  const hits = search(c.userType, name);
  c.checkedAt = iso(now);
  c.amlCheck = hits.map(({ p, score, match }) => ({
    version: 1,
    resourceId: p.resourceId,
    score,
    match,
    name: p.name,
    addresses: p.countries.map((geography) => ({ geography })),
    ...(c.userType === 'PERSON'
      ? {
          nationalities: p.countries,
          datesOfBirth: p.datesOfBirth ?? [],
          ...(p.gender ? { gender: p.gender } : {}),
          ...(p.pepTier ? { pepTier: p.pepTier } : {}),
        }
      : {}),
    datasets: p.datasets,
    currentSanBodyIds: p.currentSanBodyIds ?? [],
    formerSanBodyIds: p.formerSanBodyIds ?? [],
  }));
  c.adverseMedia = hits.flatMap(({ p }) =>
    (p.media ?? []).map((a, i) => ({
      title: a.title,
      url: `https://news.example.invalid/${p.resourceId}/${i + 1}`,
      text: a.text,
      score: 90,
      type: 'NEGATIVE',
      publishDate: a.publishDate,
    })),
  );
  c.overallStatus = hits.length > 0 ? 'FLAGS_FOUND' : 'NO_FLAGS';
  if (m.status === 'PENDING') m.status = hits.length > 0 ? 'ALERT' : 'ACTIVE';
}

function monitoringJson(m: Monitoring) {
  const c = m.check;
  const filter =
    c.userType === 'PERSON'
      ? {
          threshold: AML_THRESHOLD,
          datasets: [...PersonDataset.options],
          sanctionBodies: null,
          dateOfBirthMatching: 'EXACT',
          pepTiers: null,
        }
      : { threshold: AML_THRESHOLD, datasets: [...CompanyDataset.options], sanctionBodies: null };
  return {
    id: m.id,
    isSubscribed: m.isSubscribed,
    status: m.status,
    expiration: m.expiration,
    created: m.created,
    tags: [...m.tags],
    amlCheck: {
      id: c.id,
      clientId: c.clientId,
      checkedAt: c.checkedAt,
      created: c.created,
      userType: c.userType,
      input: c.input,
      filter,
      amlCheck: c.amlCheck,
      adverseMedia: c.adverseMedia,
      overallStatus: c.overallStatus,
    },
  };
}

function getMonitoring(ctx: Ctx): Monitoring {
  const m = acct(ctx).monitorings.get(ctx.params.id ?? '');
  if (!m) throw notFound('No such monitoring.');
  if (m.check.overallStatus === 'NOT_CHECKED') runCheck(m, ctx.now());
  return m;
}

export const amlRoutes: RouteDef[] = [
  {
    method: 'POST',
    path: '/aml/monitorings/',
    auth: 'basic',
    handler(ctx) {
      const body = parseOrThrow(CreateMonitoringRequest, ctx.json());
      const now = ctx.now();
      const m: Monitoring = {
        id: uuid(),
        isSubscribed: body.isSubscribed,
        status: 'PENDING',
        expiration: iso(now + 365 * 86_400_000),
        created: iso(now),
        tags: body.tags ?? [],
        check: {
          id: uuid(),
          clientId: body.amlCheck.clientId,
          checkedAt: null,
          created: iso(now),
          userType: body.amlCheck.userType,
          input: { ...body.amlCheck.input },
          amlCheck: null,
          adverseMedia: null,
          overallStatus: 'NOT_CHECKED',
        },
      };
      acct(ctx).monitorings.set(m.id, m);
      return json(monitoringJson(m), 201);
    },
  },
  {
    method: 'GET',
    path: '/aml/monitorings/:id/',
    auth: 'basic',
    handler: (ctx) => json(monitoringJson(getMonitoring(ctx))),
  },
  {
    method: 'POST',
    path: '/aml/monitorings/:id/start/',
    auth: 'basic',
    handler(ctx) {
      parseOrThrow(MonitoringCommentRequest, bodyOrEmpty(ctx));
      const m = getMonitoring(ctx);
      m.status = m.check.overallStatus === 'FLAGS_FOUND' ? 'ALERT' : 'ACTIVE';
      return json(monitoringJson(m));
    },
  },
  {
    method: 'POST',
    path: '/aml/monitorings/:id/stop/',
    auth: 'basic',
    handler(ctx) {
      parseOrThrow(MonitoringCommentRequest, bodyOrEmpty(ctx));
      const m = getMonitoring(ctx);
      m.status = 'STOPPED';
      return json(monitoringJson(m));
    },
  },
];
