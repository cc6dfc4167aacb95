/**
 * The shell's texts: step titles, error screens and save status (all through msg()). Why a submit failed
 * is told by the review (review-view.ts, in the later chunk).
 */
import { msg, str } from '@lit/localize';
import type { SaveState, StepId } from '../context.ts';
import type { ErrorInfo } from '../form-reducer.ts';
import { plural } from '../../i18n/plural.ts';

export function stepTitle(step: StepId): string {
  switch (step) {
    case 'company':
      return msg('Company details');
    case 'beneficiaries':
      return msg('People and owners');
    case 'documents':
      return msg('Company documents');
    case 'questionnaires':
      return msg('Questionnaires');
    case 'review':
      return msg('Review and submit');
  }
}

export function errorText(info: ErrorInfo): { title: string; text: string } {
  switch (info.cause) {
    case 'no-token':
      return {
        title: msg('The form cannot open'),
        text: msg('No access token was given. Open the form again from the link or page you were sent.'),
      };
    case 'token':
      return {
        title: msg('Your session has expired'),
        text: msg(
          'The link to this form is no longer valid or has expired. Reload the page or ask for a new link.',
        ),
      };
    case 'submitted':
      return {
        title: msg('This form was already submitted'),
        text: msg('It can no longer be changed. You will be contacted if more information is needed.'),
      };
    case 'network':
      return {
        title: msg('The service could not be reached'),
        text: msg('Check your internet connection and try again.'),
      };
    case 'service':
      if (info.reason === 'form-without-id')
        return {
          title: msg('This form cannot be opened'),
          text: msg(
            'The service sent the form without an identifier, so it cannot be opened or saved. Trying again will not help: contact whoever sent you this link.',
          ),
        };
      return {
        title: msg('Something went wrong'),
        text: msg(str`The service answered with an error: ${info.message}`),
      };
  }
}

/** The text of the save status line. */
export function saveStatusText(state: SaveState, sessionEnded: boolean, editing: boolean, held = 0): string {
  if (sessionEnded)
    return msg(
      'Your session has ended, so your changes cannot be saved now. They are kept on this page and are saved once your session is renewed.',
    );
  if (state === 'error')
    return msg('Your last changes could not be saved. They are kept here and will be sent again.');
  if (state === 'saving') return msg('Saving…');
  if (editing) return msg('You have unsaved changes in the open form.');
  if (held > 0)
    return plural(held, {
      one: () => msg(str`${held} change not saved: fix the highlighted field.`),
      other: () => msg(str`${held} changes not saved: fix the highlighted fields.`),
    });
  if (state === 'pending') return msg('Unsaved changes');
  if (state === 'saved') return msg('All changes saved');
  return '';
}

/** Why the progress cannot open the steps ahead yet. */
export const progressReason = (hasForm: boolean): string =>
  hasForm
    ? msg('The next steps open as you continue: each step is checked first.')
    : msg('The next steps open once the company name and country are saved.');
