import { CUSTOM_ELEMENTS_SCHEMA, Component, signal } from '@angular/core';
import type { AgeCheckEventMap, TokenProvider } from 'verify-elements';

// The page gets its tokens from its own backend; here the test driver passes them in the URL.
const params = new URLSearchParams(location.search);

@Component({
  selector: 'app-root',
  standalone: true,
  // <kyb-form> and <age-check> are custom elements: Angular then binds [prop] as a DOM property
  // ([tokenProvider] reaches the element as a function, unchecked by the schema) and (event) listens to the
  // DOM event, its $event typed by the event map the package adds to the DOM's (strictTemplates checks it).
  schemas: [CUSTOM_ELEMENTS_SCHEMA],
  template: `
    <main>
      <h1>Onboarding (Angular)</h1>
      <kyb-form
        [token]="kybToken"
        [apiBase]="apiBase"
        [tokenProvider]="fetchToken"
        (kyb-ready)="log($event)"
        (kyb-saved)="log($event)"
        (kyb-error)="log($event)"
      ></kyb-form>
      <age-check
        [token]="ageToken"
        [apiBase]="apiBase"
        redirect="none"
        (age-check-ready)="log($event)"
        (age-check-complete)="onComplete($event)"
      ></age-check>
      <p id="outcome">{{ outcome() }}</p>
      <ul id="events">
        @for (name of events(); track $index) {
          <li>{{ name }}</li>
        }
      </ul>
    </main>
  `,
})
export class AppComponent {
  readonly apiBase = params.get('api') ?? '/api';
  readonly kybToken = params.get('kyb') ?? '';
  readonly ageToken = params.get('age') ?? '';
  readonly events = signal<string[]>([]);
  readonly outcome = signal('');

  // An arrow function: the element calls it without `this` being the component.
  readonly fetchToken: TokenProvider = async () => ({
    token: this.kybToken,
    expiresAt: Date.now() + 15 * 60_000,
  });

  log(e: Event): void {
    this.events.update((list) => [...list, e.type]);
  }

  // $event is typed from the package's global event map: a CustomEvent<AgeCheckCompleteDetail> here.
  onComplete(e: AgeCheckEventMap['age-check-complete']): void {
    this.log(e);
    this.outcome.set(e.detail.outcome);
  }
}
