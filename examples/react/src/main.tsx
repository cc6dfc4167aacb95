import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { AgeCheck, KybForm } from 'verify-elements/react';
import type { TokenProvider } from 'verify-elements';

// The page gets its tokens from its own backend; here the test driver passes them in the URL.
const params = new URLSearchParams(location.search);
const apiBase = params.get('api') ?? '/api';
const kybToken = params.get('kyb') ?? '';
const ageToken = params.get('age') ?? '';

const fetchToken: TokenProvider = async () => ({ token: kybToken, expiresAt: Date.now() + 15 * 60_000 });

function App() {
  const [events, setEvents] = useState<string[]>([]);
  const [outcome, setOutcome] = useState('');
  const log = (e: Event) => setEvents((list) => [...list, e.type]);
  return (
    <main>
      <h1>Onboarding (React)</h1>
      <KybForm
        token={kybToken}
        apiBase={apiBase}
        tokenProvider={fetchToken}
        onKybReady={log}
        onKybSaved={log}
        onKybError={log}
      />
      <AgeCheck
        token={ageToken}
        apiBase={apiBase}
        redirect="none"
        onAgeCheckReady={log}
        onAgeCheckComplete={(e) => {
          log(e);
          setOutcome(e.detail.outcome);
        }}
      />
      <p id="outcome">{outcome}</p>
      <ul id="events">
        {events.map((name, i) => (
          <li key={i}>{name}</li>
        ))}
      </ul>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
