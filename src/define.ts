/**
 * Registers `<kyb-form>` and `<age-check>` (once: a second import, or another copy of the library
 * that already registered them, is harmless). Safe to import during server-side rendering: nothing
 * is defined where `customElements` does not exist.
 */
import { defineKybForm } from './kyb-form/define.ts';
import { defineAgeCheck } from './age-check/define.ts';

defineKybForm();
defineAgeCheck();

export { KybFormElement } from './kyb-form/kyb-form.ts';
export { AgeCheckElement } from './age-check/age-check.ts';
