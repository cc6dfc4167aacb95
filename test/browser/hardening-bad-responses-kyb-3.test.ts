/**
 * Hardening: every endpoint `<kyb-form>` calls answers with the malformed kinds "huge-strings" and "huge-arrays"
 * (the table is in test/fixtures/hardening-kyb-endpoints.ts; the 8 kinds are split over 4 files).
 */
import { badResponsesSuite } from '../fixtures/hardening-kyb-endpoints.ts';

badResponsesSuite(['huge-strings', 'huge-arrays'], 'huge-strings, huge-arrays');
