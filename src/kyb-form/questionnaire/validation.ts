/** Localized messages for the problems of questionnaire answers (see `checkValue` in answers-state). */
import { msg, str } from '@lit/localize';
import type { Question } from '../../api/kyb.ts';
import { hasChoices, type Problem } from './answers-state.ts';

/** The message shown under a question (and in the error summary) for `problem`. */
export function problemMessage(problem: Problem, q: Pick<Question, 'type' | 'choices'>): string {
  const limit = problem.limit;
  switch (problem.code) {
    case 'required':
      switch (q.type) {
        case 'SELECT':
        case 'RADIO':
        case 'COUNTRY':
          return msg('Choose an option.', { desc: 'required single choice question left empty' });
        case 'SELECT_MULTI':
        case 'COUNTRY_MULTI':
          return msg('Choose at least one option.', { desc: 'required multiple choice question left empty' });
        case 'CHECKBOX':
          return hasChoices(q)
            ? msg('Choose at least one option.', { desc: 'required multiple choice question left empty' })
            : msg('Check this box to continue.', { desc: 'required single checkbox not checked' });
        case 'FILE':
          return msg('Choose a file.', { desc: 'required file question without a file' });
        case 'FILE_MULTI':
          return msg('Choose at least one file.', { desc: 'required multi-file question without files' });
        case 'LIST':
          return msg('Add at least one item.', { desc: 'required list question without items' });
        default:
          return msg('This question is required.', { desc: 'required question left empty' });
      }
    case 'required-check':
      return msg('Check this box to continue.', { desc: 'required single checkbox not checked' });
    case 'email':
      return msg('Enter a valid email address, like name@example.com.');
    case 'url':
      return msg('Enter a web address starting with http:// or https://.');
    case 'phone':
      return msg('Enter a valid phone number, like +44 20 7946 0958.');
    case 'date':
      return msg('Enter a valid date.');
    case 'datetime':
      return msg('Enter a valid date and time.');
    case 'time':
      return msg('Enter a valid time.');
    case 'color':
      return msg('Choose a colour.', { desc: 'invalid colour value' });
    case 'country':
      return msg('Choose a country from the list.');
    case 'choice':
      return msg('Choose one of the listed options.');
    case 'integer':
      return msg('Enter a whole number.');
    case 'number':
      return msg('Enter a number.');
    case 'range':
      return msg('This number is too large.');
    case 'too-long':
      return limit === undefined
        ? msg('This answer is too long.')
        : msg(str`Use at most ${limit} characters.`, { desc: 'text answer longer than the limit' });
    case 'too-many':
      return limit === undefined
        ? msg('Too many entries.')
        : msg(str`Add at most ${limit} entries.`, { desc: 'list or file list longer than the limit' });
    case 'duplicate':
      return msg('Each option can be chosen only once.');
    case 'file-type':
      return msg('This file type is not accepted. Choose an image (JPEG, PNG, GIF, WebP, HEIC) or a PDF.');
    case 'file-size':
      return msg('This file is too large.');
    case 'invalid':
      return msg('This answer is not valid.');
  }
}

/** Files chosen beyond the limit of a multi-file question (they were not added). */
export function tooManyFilesMessage(max: number, names: readonly string[]): string {
  const count = names.length;
  const list = names.join(', ');
  return count === 1
    ? msg(str`You can add at most ${max} files. This file was not added: ${list}.`, {
        desc: 'multi-file question: one chosen file over the limit was left out; list = its name',
      })
    : msg(str`You can add at most ${max} files. These ${count} files were not added: ${list}.`, {
        desc: 'multi-file question: chosen files over the limit were left out; list = their names',
      });
}
