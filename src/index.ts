/**
 * verify-elements: the package root, side-effect free. Its public API, and nothing else (see
 * docs/versioning.md; `api-report/index.d.ts` is the checked-in surface):
 * - the element classes, not registered (import `verify-elements/define` for that);
 * - their types: properties, events and event details, `tokenProvider`;
 * - the browser clients and their error type;
 * - `registerLocale` and the types of the elements' `texts` (src/i18n/).
 * The zod schemas of the service's API are on their own subpath, `verify-elements/schemas`.
 */
export { KybFormElement } from './kyb-form/kyb-form.ts';
export { AgeCheckElement } from './age-check/age-check.ts';
export type * from './element-types.ts';
export { KybClient, type KybClientOptions } from './api/kyb-client.ts';
export { AgeClient, type AgeClientOptions } from './api/age-client.ts';
export { ApiError, type ApiErrorInit, type ApiErrorKind, type HttpClientOptions } from './api/http.ts';
export {
  registerLocale,
  type Texts,
  type Messages,
  type MessageId,
  type ConsentTexts,
} from './i18n/index.ts';
