/** Helpers for browser tests that need an `<age-check>`: a fresh sandbox account and an age token. */
import { SandboxControl } from '../../src/sandbox/control-client.ts';
import { PartnerClient } from '../../src/server/index.ts';
import { ageRequest } from '../support/age-request.ts';

/** An age-estimation token of a new sandbox account (default options). */
export async function newAgeToken(): Promise<string> {
  const account = await new SandboxControl({ baseUrl: '/sandbox' }).createAccount({});
  const partner = new PartnerClient({
    baseUrl: '/sandbox',
    apiKey: account.apiKey,
    apiSecret: account.apiSecret,
  });
  return (await partner.createAgeToken(ageRequest())).token;
}
