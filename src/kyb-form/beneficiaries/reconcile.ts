/**
 * After an unclear failure of a beneficiary create (the answer was lost; the service may have saved it,
 * once or, when the browser re-sent the request on a reused connection, several times): what that one
 * create saved, found by reading the list again.
 */
import type { Beneficiary, BeneficiaryCreate } from '../../api/kyb.ts';
import type { KybContext } from '../context.ts';
import { firstAndCopies } from '../saving/write-copies.ts';

/**
 * The beneficiaries the service has that were not `known` when the create's first attempt began, with
 * the same kind, name and parent as `body`. The first (in the service's order) is the create's record;
 * the others are copies of the same write and are deleted (the interface has DELETE for beneficiaries; a
 * copy whose delete fails is left out of the list here and shows again on the next load). Null when the
 * service has none (or the list cannot be read): then sending it again is right.
 */
/** The most copies one create is believed to have made (Chromium was seen re-sending a request 7 times). */
const MAX_COPIES = 10;

export async function findCreated(
  ctx: Pick<KybContext, 'client' | 'formId'>,
  body: BeneficiaryCreate,
  known: ReadonlySet<string>,
): Promise<Beneficiary | null> {
  const fresh = await ctx.client.listBeneficiaries(ctx.formId).catch(() => null);
  if (!fresh) return null;
  const info = body.info as Record<string, unknown>;
  const same = (b: Beneficiary) =>
    b.infoType === info.infoType &&
    (info.infoType === 'COMPANY'
      ? b.info.companyName === info.companyName
      : b.info.name === info.name && b.info.surname === info.surname) &&
    (b.parent ?? null) === (body.parent ?? null);
  const found = firstAndCopies(fresh.filter((b) => !known.has(b.id) && same(b)));
  if (!found) return null;
  const { first, copies } = found;
  // A browser re-sends a request a few times at most: more "copies" than that means the list is not what
  // it seems (a misbehaving service), and deleting people the user may have entered is not worth the risk.
  if (copies.length > MAX_COPIES) return first;
  for (const c of copies) await ctx.client.deleteBeneficiary(ctx.formId, c.id).catch(() => undefined);
  return first;
}
