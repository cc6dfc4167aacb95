/**
 * Hardening: every endpoint `<kyb-form>` calls answers with the malformed kinds "missing-fields" and "extra-fields"
 * (the table is in test/fixtures/hardening-kyb-endpoints.ts; the 8 kinds are split over 4 files).
 */
import { badResponsesSuite } from '../fixtures/hardening-kyb-endpoints.ts';

badResponsesSuite(['missing-fields', 'extra-fields'], 'missing-fields, extra-fields');
