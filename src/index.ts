/**
 * verify-elements: side-effect-free entry. Exports the element classes (not registered: import
 * `verify-elements/define` for that), their event types, the schema layer and the browser clients.
 */
export { KybFormElement } from './kyb-form/kyb-form.ts';
export { AgeCheckElement } from './age-check/age-check.ts';
export type * from './element-types.ts';
export * from './api/index.ts';
export { resolveLocale, applyLocale, SUPPORTED_LOCALES, type SupportedLocale } from './i18n/index.ts';
export { compileCondition, evaluateCondition, createVisibilityIndex } from './conditions/index.ts';
