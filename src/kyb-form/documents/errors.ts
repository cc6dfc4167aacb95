/** A localized, user-facing sentence for a failed call (never the raw server message or the token). */
import { msg } from '@lit/localize';
import { ApiError } from '../../api/http.ts';

export function errorMessage(err: unknown): string {
  if (!(err instanceof ApiError)) return msg('Something went wrong. Please try again.');
  if (err.kind === 'network')
    return msg('No connection to the service. Check your connection and try again.');
  if (err.kind === 'timeout') return msg('The service did not answer in time. Please try again.');
  if (err.kind === 'aborted') return msg('The request was cancelled.');
  if (err.kind === 'invalid-response') return msg('The service sent an unexpected answer. Please try again.');
  if (err.status === 413) return msg('The file is too large for the service.');
  if (err.status === 401) return msg('Your session has expired. Reload the page to continue.');
  if (err.status === 403) return msg('This form can no longer be changed.');
  if (err.status === 404) return msg('This item no longer exists. Reload the page.');
  if (err.status === 429) return msg('Too many requests. Wait a moment and try again.');
  if (err.status === 400) return msg('The service did not accept these values. Check them and try again.');
  return msg('The service had a problem. Please try again.');
}
