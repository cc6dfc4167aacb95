/**
 * A React page using the @lit/react wrappers (`src/react/`). Written with `createElement` so it needs no
 * JSX set-up. A `?token=` (and `?age=`) in the URL is used as is (tests); otherwise the partner backend
 * mints the tokens.
 */
import { createElement as h, StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { AgeCheck, KybForm } from '../src/react/index.ts';
import { postJson, SANDBOX_BASE } from './shared.ts';

const params = new URLSearchParams(location.search);
const apiBase = params.get('api') ?? SANDBOX_BASE;

function App() {
  const [kybToken, setKybToken] = useState(params.get('token'));
  const [ageToken, setAgeToken] = useState(params.get('age'));
  const [log, setLog] = useState<string[]>([]);
  const add = (line: string) => setLog((l) => [line, ...l].slice(0, 20));

  useEffect(() => {
    if (!kybToken)
      void postJson<{ token: string }>('/partner/kyb-token', { clientId: 'react-demo' }).then((t) =>
        setKybToken(t.token),
      );
    if (!ageToken)
      void postJson<{ token: string }>('/partner/age-token', {}).then((t) => setAgeToken(t.token));
  }, []);

  return h(
    'div',
    { className: 'layout' },
    h(
      'div',
      null,
      kybToken
        ? h(KybForm, {
            token: kybToken,
            apiBase,
            onKybReady: (e) => add(`onKybReady ${JSON.stringify(e.detail)}`),
            onKybSaved: (e) => add(`onKybSaved ${JSON.stringify(e.detail)}`),
            onKybStepChange: (e) => add(`onKybStepChange ${JSON.stringify(e.detail)}`),
            onKybError: (e) => add(`onKybError ${JSON.stringify(e.detail)}`),
          })
        : h('p', { role: 'status' }, 'Loading…'),
      h('h2', null, 'Age check'),
      ageToken
        ? h(AgeCheck, {
            token: ageToken,
            apiBase,
            onAgeCheckReady: (e) => add(`onAgeCheckReady ${JSON.stringify(e.detail)}`),
            onAgeCheckComplete: (e) => add(`onAgeCheckComplete ${JSON.stringify(e.detail)}`),
          })
        : null,
    ),
    h(
      'aside',
      { className: 'panel', 'aria-labelledby': 'react-log-title' },
      h('h2', { id: 'react-log-title' }, 'Callbacks'),
      h('ul', { className: 'log', id: 'react-log' }, ...log.map((line, i) => h('li', { key: i }, line))),
    ),
  );
}

createRoot(document.querySelector('#react-root')!).render(h(StrictMode, null, h(App)));
