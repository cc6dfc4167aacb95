/**
 * The review step and the submit, with the styles of the review and of the steps after the company step
 * (their shared rules and the upload controls of documents, questionnaires, people). A chunk of its own
 * (chunks.ts loadReview), fetched when the browser is idle after the first screen, or at once when the
 * review opens.
 */
import { css } from 'lit';
import { renderSummaryList } from '../review/summary-list.ts';
import { laterBaseStyles, stepStyles } from '../step-styles.ts';
import { reviewStyles } from '../review/styles.ts';
import { uploadStyles } from '../upload/styles.ts';
import { countryMultiStyles } from '../controls/country-multi-styles.ts';
import { sessionWarningStyles } from './session-warning.ts';
import { infoRequestStyles } from './info-request.ts';

export { renderReviewView } from './review-view.ts';
export { submitForm } from '../runtime/submit.ts';
export { renderSummaryList };
export { unfold } from '../review/collapse.ts';
export { sessionWarning } from './session-warning.ts';
export { renderInfoRequest } from './info-request.ts';

/** The later steps' shared rules, the upload controls', the review's and the steps' own styles, added after form-styles.ts's. */
export const stepsAndReviewStyles = css`
  ${laterBaseStyles}
  ${uploadStyles}
  ${countryMultiStyles}
  ${reviewStyles}
  ${stepStyles}
  ${sessionWarningStyles}
  ${infoRequestStyles}
`;
