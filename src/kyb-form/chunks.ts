/**
 * Every chunk `<kyb-form>` loads with a dynamic `import()`, in one place, so the modules are named by what
 * they hold and the build (vite.config.ts) groups them: the company step and its styles (with the info,
 * no extra round trip), the theme (only for a service that sets one), the form's objects (once a form
 * exists), the save engine (with the first change), the review and submit with the later steps' styles (after the first screen), and each later
 * step (people, documents, questionnaires) with its translations. Each loads once per page; a failed load
 * is tried again on the next call (chunkLoader).
 */
import type { Answers, Beneficiary, KybDocument, Questionnaire } from '../api/kyb.ts';
import { chunkLoader } from '../api/load-chunk.ts';
import type { StepController } from './context.ts';

/** A chunk of the form, loaded once per page (see chunkLoader). */
const chunk = <T>(load: () => Promise<T>) => chunkLoader(load, 'Part of the form could not be downloaded.');

/** The company step (its controller) and the styles of the form's steps: the first screen's. */
export const loadScreens = chunk(() =>
  Promise.all([import('./company/controller.ts'), import('./form-styles.ts')]).then(([company, styles]) => ({
    ...company,
    formStyles: styles.formStyles,
  })),
);
export type Screens = Awaited<ReturnType<typeof loadScreens>>;

/** The custom fields' controls and checks (custom-fields.ts): with the info, only for a flow that has them. */
export const loadCustomFields = chunk(() => import('./custom-fields.ts'));
export type CustomFields = typeof import('./custom-fields.ts');

/**
 * The save engine (saving/engine.ts, with its backoff, late-write repair and idempotency keys): loaded with
 * the first change, not before the first screen (saving/autosave.ts waits for it).
 */
export const loadSaveEngine = chunk(() => import('./saving/engine.ts'));

/** The theme's checks (colours, contrast, font, logo), loaded only for a service that sets a theme. */
export const loadTheme = chunk(() => import('../theme/index.ts'));
export type ThemeModule = Awaited<ReturnType<typeof loadTheme>>;

/** The review, the submit and the later steps' styles (shell/review-submit.ts); `reviewLoaded()` is the module once here. */
let review: ReviewModule | null = null;
export const loadReview = chunk(() => import('./shell/review-submit.ts').then((m) => (review = m)));
export type ReviewModule = typeof import('./shell/review-submit.ts');
export const reviewLoaded = (): ReviewModule | null => review;

/**
 * The form's objects and the later steps' controllers (runtime/objects.ts): needed once a form exists,
 * not by the first screen of a new form. Prefetched with the review; at once when a form exists.
 */
export const loadObjects = chunk(() => import('./runtime/objects.ts'));

/** The data each step after the company step starts from. */
export interface StepData {
  beneficiaries: { beneficiaries: Beneficiary[] };
  documents: { documents: KybDocument[] };
  questionnaires: { questionnaires: Questionnaire[]; answers: Map<string, Answers | null> };
}
export type ObjectStep = keyof StepData;
export type StepFactory<K extends ObjectStep> = (init: StepData[K]) => StepController;
export const OBJECT_STEPS: readonly ObjectStep[] = ['beneficiaries', 'documents', 'questionnaires'];
export const isObjectStep = (step: string): step is ObjectStep =>
  (OBJECT_STEPS as readonly string[]).includes(step);

/**
 * A step module and then its translations and the review chunk (its styles). A step whose translations
 * cannot load is shown in English rather than not at all (they are tried again when the locale changes).
 */
const withMessages = <M extends { loadMessages: () => Promise<void> }>(m: M) =>
  Promise.all([
    m.loadMessages().catch(() => undefined),
    // The upload controls' styles come with the review chunk: a step renders once both are here.
    loadReview(),
  ]).then(() => m);

/** Each step's module, loaded once per page (a failed load is tried again next time). */
const STEP_MODULES: { [K in ObjectStep]: () => Promise<StepFactory<K>> } = {
  beneficiaries: chunk(() =>
    import('./beneficiaries/controller.ts')
      .then(withMessages)
      .then((m) => (init) => new m.BeneficiariesStep(init)),
  ),
  documents: chunk(() =>
    import('./documents/controller.ts').then(withMessages).then((m) => (init) => new m.DocumentsStep(init)),
  ),
  questionnaires: chunk(() =>
    import('./questionnaire/controller.ts')
      .then(withMessages)
      .then((m) => (init) => new m.QuestionnairesStep(init)),
  ),
};
export const loadStep = <K extends ObjectStep>(step: K): Promise<StepFactory<K>> => STEP_MODULES[step]();
