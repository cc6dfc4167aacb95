/**
 * Hardening: every endpoint `<kyb-form>` calls answers with the malformed kinds "wrong-content-type" and "empty-body"
 * (the table is in test/fixtures/hardening-kyb-endpoints.ts; the 8 kinds are split over 4 files).
 */
import { badResponsesSuite } from '../fixtures/hardening-kyb-endpoints.ts';

badResponsesSuite(['wrong-content-type', 'empty-body'], 'wrong-content-type, empty-body');
