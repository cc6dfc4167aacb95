/**
 * Hardening: every endpoint `<kyb-form>` calls answers with the malformed kinds "invalid-json" and "wrong-types"
 * (the table is in test/fixtures/hardening-kyb-endpoints.ts; the 8 kinds are split over 4 files).
 */
import { badResponsesSuite } from '../fixtures/hardening-kyb-endpoints.ts';

badResponsesSuite(['invalid-json', 'wrong-types'], 'invalid-json, wrong-types');
