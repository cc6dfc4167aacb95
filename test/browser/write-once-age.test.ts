/**
 * `<age-check idempotency-keys>`: each photo upload carries an `Idempotency-Key`, so a request the
 * browser (or the sandbox's `repeat` fault, its deterministic stand-in) sends twice uses ONE attempt;
 * without the attribute each copy uses one. The sandbox's scenario makes every selfie a RETRY ("no face"),
 * so every processed copy shows in `attempts_used`.
 */
import { expect, fixture, html } from '@open-wc/testing';
import '../../src/age-check/define.ts';
import { AgeClient } from '../../src/api/age-client.ts';
import { ageSession, sendSelfie, type AgeCheckProbe } from './age-helpers.ts';

async function oneCapture(keys: boolean): Promise<{ shown: number; stored: number }> {
  const { control, token } = await ageSession({ retry_limit: 3 }, { estimates: ['no-face'] });
  await control.setFaults({ repeat: 1, paths: '^/age-estimation/session/selfie/$', methods: ['POST'] });
  const el = await fixture<AgeCheckProbe>(
    html`<age-check-probe
      token=${token}
      api-base="/sandbox"
      redirect="none"
      ?idempotency-keys=${keys}
    ></age-check-probe>`,
  );
  await sendSelfie(el, ['retry', 'locked', 'error', 'done']);
  await control.setFaults({});
  const stored = (await new AgeClient({ baseUrl: '/sandbox', token }).session()).attempts_used;
  const shown = el.state.session?.attempts_used ?? -1;
  el.remove();
  return { shown, stored };
}

describe('<age-check idempotency-keys>: a re-sent photo uses one attempt', function () {
  this.timeout(60000);
  it('with the attribute: one attempt used, and the screen says so', async () => {
    const r = await oneCapture(true);
    console.log(`write-once: selfie sent twice, with keys: ${r.stored} attempt(s) used, ${r.shown} shown`);
    expect(r).to.deep.equal({ shown: 1, stored: 1 });
  });
  it('without it (a service that does not honour keys): each copy uses an attempt', async () => {
    const r = await oneCapture(false);
    console.log(`write-once: selfie sent twice, without keys: ${r.stored} attempt(s) used, ${r.shown} shown`);
    expect(r).to.deep.equal({ shown: 2, stored: 2 });
  });
});

describe('<age-check> after a 503 that came once the service had processed the photo (no keys)', function () {
  this.timeout(60000);
  async function capture(scenario: Parameters<typeof ageSession>[1]) {
    const { control, token } = await ageSession({ retry_limit: 3 }, scenario);
    await control.setFaults({
      failRate: 1,
      afterCommit: true,
      paths: '^/age-estimation/session/selfie/$',
      methods: ['POST'],
    });
    const el = await fixture<AgeCheckProbe>(
      html`<age-check-probe token=${token} api-base="/sandbox" redirect="none"></age-check-probe>`,
    );
    await sendSelfie(el, ['retry', 'locked', 'error', 'done']);
    await control.setFaults({});
    const posts = (await control.listRequests()).filter(
      (r) => r.method === 'POST' && r.path.includes('/session/selfie/'),
    ).length;
    const text = el.shadowRoot!.textContent ?? '';
    const stored = (await new AgeClient({ baseUrl: '/sandbox', token }).session()).attempts_used;
    el.remove();
    return { state: el.state, posts, text, stored };
  }

  it('a decided attempt shows its outcome, not "no attempt was used"', async () => {
    const r = await capture({ estimates: [{ age: 35, confidence: 95 }] });
    expect(r.state.name).to.equal('done');
    expect(r.state.session?.outcome).to.equal('SUCCESS');
    expect(r.posts, 'not sent again').to.equal(1);
    expect(r.text).to.not.match(/no attempt was used/i);
  });

  it('a used attempt (no face) shows the retry with the attempts left, and was not sent again', async () => {
    const r = await capture({ estimates: ['no-face'] });
    expect(r.state.name).to.equal('retry');
    expect(r.state.session?.attempts_used).to.equal(1);
    expect(r.stored).to.equal(1);
    expect(r.posts).to.equal(1);
    expect(r.text).to.not.match(/no attempt was used/i);
  });
});
