/**
 * React wrappers made with @lit/react: typed props and event callbacks. Importing this module
 * registers the custom elements in the browser (and defines nothing during server-side rendering).
 *
 *   <KybForm token={t} apiBase="/api" onKybSubmitted={(e) => ...} />
 *   <AgeCheck token={t} onAgeCheckComplete={(e) => e.detail.outcome} />
 */
import * as React from 'react';
import { createComponent, type EventName } from '@lit/react';
import { KybFormElement } from '../kyb-form/kyb-form.ts';
import { AgeCheckElement } from '../age-check/age-check.ts';
import { defineKybForm } from '../kyb-form/define.ts';
import { defineAgeCheck } from '../age-check/define.ts';

defineKybForm();
defineAgeCheck();

type Detail<K extends keyof GlobalEventHandlersEventMap> = EventName<GlobalEventHandlersEventMap[K]>;

export const KybForm = createComponent({
  react: React,
  tagName: 'kyb-form',
  elementClass: KybFormElement,
  events: {
    onKybReady: 'kyb-ready' as Detail<'kyb-ready'>,
    onKybSaved: 'kyb-saved' as Detail<'kyb-saved'>,
    onKybError: 'kyb-error' as Detail<'kyb-error'>,
    onKybSubmitted: 'kyb-submitted' as Detail<'kyb-submitted'>,
    onKybStepChange: 'kyb-step-change' as Detail<'kyb-step-change'>,
    onKybSessionExpired: 'kyb-session-expired' as Detail<'kyb-session-expired'>,
    onKybUnsavedChanges: 'kyb-unsaved-changes' as Detail<'kyb-unsaved-changes'>,
  },
  displayName: 'KybForm',
});

export const AgeCheck = createComponent({
  react: React,
  tagName: 'age-check',
  elementClass: AgeCheckElement,
  events: {
    onAgeCheckReady: 'age-check-ready' as Detail<'age-check-ready'>,
    onAgeCheckAttempt: 'age-check-attempt' as Detail<'age-check-attempt'>,
    onAgeCheckStepUp: 'age-check-step-up' as Detail<'age-check-step-up'>,
    onAgeCheckComplete: 'age-check-complete' as Detail<'age-check-complete'>,
    onAgeCheckError: 'age-check-error' as Detail<'age-check-error'>,
    onAgeCheckCameraFallback: 'age-check-camera-fallback' as Detail<'age-check-camera-fallback'>,
  },
  displayName: 'AgeCheck',
});
