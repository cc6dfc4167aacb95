/**
 * The code of the steps after the company step (people, documents, questionnaires): each a chunk of its
 * own with its translations. None is needed for the first screen: they load when the browser is idle
 * after it (once a form exists), or at once when the user goes to the step.
 */
import type { Answers, Beneficiary, KybDocument, Questionnaire } from '../../api/kyb.ts';
import { chunkLoader } from '../../api/load-chunk.ts';
import type { StepController } from '../context.ts';

/** A chunk of the form, loaded once per page (see chunkLoader). */
export const lazy = <T>(load: () => Promise<T>) =>
  chunkLoader(load, 'Part of the form could not be downloaded.');

/** The review, the submit and the later styles (later.ts); `laterLoaded()` is the module once here. */
let later: Later | null = null;
export const loadLater = lazy(() => import('./later.ts').then((m) => (later = m)));
export type Later = typeof import('./later.ts');
export const laterLoaded = (): Later | null => later;

/**
 * The form's objects and the later steps' controllers (objects.ts): needed once a form exists, not by
 * the first screen of a new form. Prefetched with the later chunk; at once when a form exists.
 */
export const loadObjects = lazy(() => import('./objects.ts'));

/** The data each lazily loaded step starts from. */
export interface StepData {
  beneficiaries: { beneficiaries: Beneficiary[] };
  documents: { documents: KybDocument[] };
  questionnaires: { questionnaires: Questionnaire[]; answers: Map<string, Answers | null> };
}
export type LazyStep = keyof StepData;
export type StepFactory<K extends LazyStep> = (init: StepData[K]) => StepController;
export const LAZY_STEPS: readonly LazyStep[] = ['beneficiaries', 'documents', 'questionnaires'];
export const isLazyStep = (step: string): step is LazyStep =>
  (LAZY_STEPS as readonly string[]).includes(step);

/**
 * A step module and then its translations and the later chunk (its styles). A step whose translations
 * cannot load is shown in English rather than not at all (they are tried again when the locale changes).
 */
const withMessages = <M extends { loadMessages: () => Promise<void> }>(m: M) =>
  Promise.all([
    m.loadMessages().catch(() => undefined),
    // The upload controls' styles come with the later chunk: a step renders once both are here.
    loadLater(),
  ]).then(() => m);

/** Each step's module, loaded once per page (a failed load is tried again next time). */
const STEP_MODULES: { [K in LazyStep]: () => Promise<StepFactory<K>> } = {
  beneficiaries: lazy(() =>
    import('../beneficiaries/controller.ts')
      .then(withMessages)
      .then((m) => (init) => new m.BeneficiariesStep(init)),
  ),
  documents: lazy(() =>
    import('../documents/controller.ts').then(withMessages).then((m) => (init) => new m.DocumentsStep(init)),
  ),
  questionnaires: lazy(() =>
    import('../questionnaire/controller.ts')
      .then(withMessages)
      .then((m) => (init) => new m.QuestionnairesStep(init)),
  ),
};
export const loadStep = <K extends LazyStep>(step: K): Promise<StepFactory<K>> => STEP_MODULES[step]();
