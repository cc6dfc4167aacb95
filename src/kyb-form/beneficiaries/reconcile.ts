/**
 * A new beneficiary's create, reconciled with what the service may hold. After an unclear failure (the
 * answer was lost; the service may have saved it, once or, when the browser re-sent the request on a
 * reused connection, several times) the list is read again: the create's record is adopted and its copies
 * deleted. A correction the user saves after an unclear failure is reconciled first: the record an earlier
 * attempt made is updated with it, never left hidden beside a second one. The idempotency key is bound to
 * the body (saving/write-key.ts).
 */
import type { Beneficiary, BeneficiaryCreate } from '../../api/kyb.ts';
import type { KybContext } from '../context.ts';
import { firstAndCopies, unclear } from '../saving/write-copies.ts';
import { WriteKey } from '../saving/write-key.ts';

type Ctx = Pick<KybContext, 'client' | 'formId'>;

/** The most copies one create is believed to have made (Chromium was seen re-sending a request 7 times). */
const MAX_COPIES = 10;

const sameAs = (body: BeneficiaryCreate) => (b: Beneficiary) => {
  const info = body.info as Record<string, unknown>;
  return (
    b.infoType === info.infoType &&
    (info.infoType === 'COMPANY'
      ? b.info.companyName === info.companyName
      : b.info.name === info.name && b.info.surname === info.surname) &&
    (b.parent ?? null) === (body.parent ?? null)
  );
};

/**
 * Among `fresh`, the records not `known` when the create's first attempt began that match `body`: the
 * first (in the service's order) is the create's record; the others are copies of the same write and are
 * deleted (a copy whose delete fails shows again on the next load). More copies than a browser makes
 * means the list is not what it seems: nothing is deleted then.
 */
async function adopt(
  ctx: Ctx,
  fresh: readonly Beneficiary[],
  body: BeneficiaryCreate,
  known: ReadonlySet<string>,
): Promise<Beneficiary | null> {
  const found = firstAndCopies(fresh.filter((b) => !known.has(b.id) && sameAs(body)(b)));
  if (!found) return null;
  const { first, copies } = found;
  if (copies.length > MAX_COPIES) return first;
  for (const c of copies) await ctx.client.deleteBeneficiary(ctx.formId, c.id).catch(() => undefined);
  return first;
}

/** What one create saved, found by reading the list again; null when none (or the list cannot be read). */
export async function findCreated(
  ctx: Ctx,
  body: BeneficiaryCreate,
  known: ReadonlySet<string>,
): Promise<Beneficiary | null> {
  const fresh = await ctx.client.listBeneficiaries(ctx.formId).catch(() => null);
  return fresh ? adopt(ctx, fresh, body, known) : null;
}

/** The writes of one new beneficiary (from opening its form until it is saved). */
export class NewBeneficiary {
  readonly #key = new WriteKey();
  /** Bodies sent whose outcome is unclear and not found yet: one of them may be stored. */
  #unclear: BeneficiaryCreate[] = [];
  /** The ids known when its first save began. */
  readonly #known: ReadonlySet<string>;

  constructor(known: ReadonlySet<string>) {
    this.#known = known;
  }

  /** Whether an earlier attempt may have stored a record that is not shown. */
  get unresolved(): boolean {
    return this.#unclear.length > 0;
  }

  /**
   * Before anything more is sent: the record an earlier unclear attempt stored (its copies and any other
   * attempt's record deleted), or null when none was. Rejects when the list cannot be read (it stays
   * unresolved: nothing is sent).
   */
  async resolve(ctx: Ctx): Promise<Beneficiary | null> {
    if (!this.#unclear.length) return null;
    const fresh = await ctx.client.listBeneficiaries(ctx.formId);
    let record: Beneficiary | null = null;
    for (const body of this.#unclear) {
      const found = await adopt(ctx, fresh, body, new Set([...this.#known, ...(record ? [record.id] : [])]));
      if (!found) continue;
      if (!record) record = found;
      else await ctx.client.deleteBeneficiary(ctx.formId, found.id).catch(() => undefined);
    }
    this.#unclear = [];
    return record;
  }

  /** POSTs `body` (its own key); after an unclear failure, the list is read: a stored record is adopted. */
  async create(ctx: Ctx, body: BeneficiaryCreate): Promise<Beneficiary> {
    try {
      return await ctx.client.createBeneficiary(ctx.formId, body, {
        idempotencyKey: this.#key.for(JSON.stringify(body)),
      });
    } catch (err) {
      if (!unclear(err)) throw err;
      const found = await findCreated(ctx, body, this.#known);
      if (found) return found;
      this.#unclear.push(body);
      throw err;
    }
  }
}
