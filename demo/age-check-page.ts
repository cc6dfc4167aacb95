// The capture page that `session_url` points to: the token comes in the query string.
import '../src/age-check/define.ts';
import type { AgeCheckElement } from '../src/age-check/age-check.ts';
import { SANDBOX_BASE } from './shared.ts';

const token = new URLSearchParams(location.search).get('token') ?? '';
const el = document.createElement('age-check') as AgeCheckElement;
el.apiBase = SANDBOX_BASE;
el.token = token;
document.querySelector('#age-host')!.append(el);
