/**
 * The CDN build's entry: registers `<kyb-form>` and `<age-check>` and exports their classes.
 * `<script type="module" src=".../verify-elements.js">` or, as a classic script,
 * `<script src=".../verify-elements.iife.js">` (which loads this module next to it).
 */
export * from './define.ts';
