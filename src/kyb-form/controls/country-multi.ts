/**
 * A searchable multi-country picker: an editable combobox with chips, after the WAI-ARIA APG combobox
 * pattern (listbox popup, `aria-multiselectable`). ONE Tab stop for the whole control; the keys are
 * described in country-multi-state.ts, which holds every rule as pure functions.
 *
 * It renders into the caller's shadow root (no custom element: a `<label for>` must reach the input), as
 * a directive that keeps its own open / filter / highlight state and redraws only itself, so a caller's
 * `guard` around the question does not hold it back. The selection belongs to the caller: `selected` in,
 * `onChange(codes)` out (the caller re-renders with the new selection).
 *
 * Chips: each chosen country is a chip with a remove button that is NOT a Tab stop (`tabindex="-1"`):
 * the APG keeps a composite widget to one Tab stop and moves inside it with the arrow keys (as in its
 * grid and toolbar patterns), so Left at the start of the text box moves to the chips, Left / Right move
 * between them and Backspace / Delete / Enter remove one. A chosen country can also be removed by
 * Backspace in the empty text box or by un-selecting its option in the list (Enter / Space); pointer and
 * touch users press the chip's button. Screen-reader users find the chips as a list of named buttons
 * ("Remove Germany") in browse mode.
 *
 * Parts (listed in `<kyb-form>`'s `@csspart`s): `country-multi`, `country-multi-box`, `country-multi-chips`,
 * `country-multi-chip`, `country-multi-chip-remove`, `country-multi-input` (with `input`),
 * `country-multi-listbox`, `country-multi-option` (plus `country-multi-option-active` on the highlighted
 * one and `country-multi-option-selected` on chosen ones), `country-multi-code`, `country-multi-empty`,
 * `selection-count`. Its styles are country-multi-styles.ts's (in the later styles of `<kyb-form>`).
 */
import { html, nothing, type TemplateResult } from 'lit';
import { AsyncDirective, directive, PartType, type ChildPart, type PartInfo } from 'lit/async-directive.js';
import { live } from 'lit/directives/live.js';
import { msg, str } from '@lit/localize';
import { countryName, countryOptions } from '../format.ts';
import {
  afterRemoval,
  closed,
  filterCountries,
  initialState,
  keyInInput,
  keyOnChip,
  toggleCode,
  typed,
  type ComboState,
  type CountryOption,
} from './country-multi-state.ts';

export interface CountryMultiProps {
  /** The combobox input's id (the label's `for`); derived ids are `${id}-list`, `${id}-label`, … */
  id: string;
  /**
   * The visible label; it is the combobox's accessible name (and the listbox's). Without it the caller
   * renders `<label for=${id} id="${id}-label">` itself (as field.ts's renderField does).
   */
  label?: unknown;
  /** Rendered between the label and the box (a hint). */
  hint?: unknown;
  /** The chosen country codes, in the order their chips show. */
  selected: readonly string[];
  locale: string;
  onChange: (codes: string[]) => void;
  /** The focus left the whole control (to show a field's error after the user moved on). */
  onLeave?: (() => void) | undefined;
  readOnly?: boolean;
  required?: boolean;
  invalid?: boolean;
  /** Ids of a hint and an error describing the control (the selection count is added). */
  describedBy?: string | undefined;
}

/** Wait this long after the last keystroke before announcing how many countries match. */
const ANNOUNCE_MATCHES_MS = 600;

/**
 * The arrow key in reading order: in a right-to-left form the chips run from the right, so Left moves
 * to the next chip and Right to the one before (the state functions speak left-to-right).
 */
function logicalKey(e: KeyboardEvent): string {
  const rtl = e.target instanceof Element && getComputedStyle(e.target).direction === 'rtl';
  if (!rtl) return e.key;
  return e.key === 'ArrowLeft' ? 'ArrowRight' : e.key === 'ArrowRight' ? 'ArrowLeft' : e.key;
}

/**
 * Whether a press (a pointer button down) is under way on the page, noted by one pair of capture listeners
 * installed when the first picker renders. Leaving the picker by a press closes its list after that press's
 * click (see `#onFocusOut`).
 */
let pressing = false;
let watchingPresses = false;
function watchPresses(): void {
  if (watchingPresses) return;
  watchingPresses = true;
  const up = () => (pressing = false);
  addEventListener('pointerdown', () => (pressing = true), { capture: true });
  addEventListener('pointerup', up, { capture: true });
  addEventListener('pointercancel', up, { capture: true });
}

/** Runs `then` in a task after the press under way ends (its click included), or in the next task. */
function afterPress(then: () => void): void {
  if (!pressing) {
    setTimeout(then);
    return;
  }
  const done = () => {
    removeEventListener('pointerup', done, { capture: true });
    removeEventListener('pointercancel', done, { capture: true });
    setTimeout(then);
  };
  addEventListener('pointerup', done, { capture: true });
  addEventListener('pointercancel', done, { capture: true });
}

class CountryMultiDirective extends AsyncDirective {
  #props: CountryMultiProps | null = null;
  #state: ComboState = initialState();
  #selected: readonly string[] = [];
  /** The options shown now (open list, filtered), in order. */
  #visible: CountryOption[] = [];
  #status = '';
  #host: Node | null = null;
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(part: PartInfo) {
    super(part);
    if (part.type !== PartType.CHILD) throw new Error('countryMulti() belongs in a child position');
  }

  override update(part: ChildPart, [props]: [CountryMultiProps]) {
    this.#host = part.parentNode;
    return this.render(props);
  }

  render(props: CountryMultiProps) {
    watchPresses();
    this.#props = props;
    this.#selected = props.selected;
    if (props.readOnly) this.#state = initialState();
    return this.#template();
  }

  protected override disconnected(): void {
    clearTimeout(this.#timer);
  }

  /* ------------------------------------------------------------------ drawing */

  #redraw(): void {
    if (this.isConnected) this.setValue(this.#template());
  }

  #root(): Document | ShadowRoot | null {
    const r = this.#host?.getRootNode();
    return r instanceof ShadowRoot || r instanceof Document ? r : null;
  }

  #el<T extends HTMLElement>(id: string): T | null {
    return (this.#root()?.getElementById(id) as T | null) ?? null;
  }

  #template(): TemplateResult {
    const p = this.#props!;
    const { id, locale } = p;
    const s = this.#state;
    const selected = this.#selected;
    this.#visible = s.open ? filterCountries(countryOptions(locale), s.query, locale) : [];
    const shown = s.open && this.#visible.length > 0;
    const count = selected.length;
    const described = [p.describedBy, `${id}-count`].filter(Boolean).join(' ');
    return html`<div class="cm" part="country-multi" @focusout=${this.#onFocusOut}>
      ${
        p.label === undefined
          ? nothing
          : html`<label class="field-label" part="field-label" id="${id}-label" for=${id}>${p.label}</label>`
      }
      ${p.hint ?? nothing}
      <div
        class="cm-box ${s.open ? 'is-open' : ''} ${p.invalid ? 'is-invalid' : ''}"
        part="country-multi-box"
        @click=${this.#onBoxClick}
      >
        ${
          count > 0
            ? html`<ul
                class="cm-chips"
                part="country-multi-chips"
                aria-label=${msg('Selected countries', { desc: 'list of the chips of the chosen countries' })}
                @keydown=${this.#onChipKey}
                @click=${this.#onChipClick}
                @mousedown=${this.#keepFocus}
              >
                ${selected.map((code, i) => {
                  const name = countryName(code, locale);
                  return html`<li class="cm-chip" part="country-multi-chip">
                    <span class="cm-chip-name">${name}</span>${
                      p.readOnly
                        ? nothing
                        : html`<button
                            type="button"
                            tabindex="-1"
                            class="cm-chip-remove"
                            part="country-multi-chip-remove"
                            id="${id}-chip-${i}"
                            data-i=${i}
                            aria-label=${msg(str`Remove ${countryName(code, locale)}`, {
                              id: 'remove-country',
                              desc: 'button removing a chosen country',
                            })}
                          >
                            <span aria-hidden="true">×</span>
                          </button>`
                    }
                  </li>`;
                })}
              </ul>`
            : nothing
        }
        <input
          id=${id}
          class="cm-input"
          part="input country-multi-input"
          type="text"
          role="combobox"
          autocomplete="off"
          autocapitalize="off"
          spellcheck="false"
          enterkeyhint="done"
          aria-autocomplete="list"
          aria-expanded=${shown ? 'true' : 'false'}
          aria-controls="${id}-list"
          aria-activedescendant=${shown && s.active ? `${id}-opt-${s.active}` : nothing}
          aria-describedby=${described}
          aria-invalid=${p.invalid ? 'true' : nothing}
          aria-required=${p.required ? 'true' : nothing}
          ?disabled=${p.readOnly === true}
          .value=${live(s.query)}
          @input=${this.#onInput}
          @keydown=${this.#onKey}
        />
        <span class="cm-caret" aria-hidden="true"></span>
      </div>
      <div
        role="listbox"
        id="${id}-list"
        class="cm-list"
        part="country-multi-listbox"
        aria-labelledby="${id}-label"
        aria-multiselectable="true"
        ?hidden=${!shown}
        @mousedown=${this.#keepFocus}
        @click=${this.#onOptionClick}
      >
        ${shown ? this.#visible.map((c) => this.#option(c, s)) : nothing}
      </div>
      ${
        s.open && !shown
          ? html`<p class="cm-empty" part="country-multi-empty">${msg('No country matches the filter.')}</p>`
          : nothing
      }
      <p class="cm-count" part="selection-count" id="${id}-count">
        ${
          count === 0
            ? msg('No country selected.')
            : msg(str`Countries selected: ${count}`, { desc: 'how many countries are chosen' })
        }
      </p>
      <p class="visually-hidden" role="status" part="country-multi-status">${this.#status}</p>
    </div>`;
  }

  #option(c: CountryOption, s: ComboState): TemplateResult {
    const chosen = this.#selected.includes(c.code);
    const active = s.active === c.code;
    const parts = `country-multi-option${active ? ' country-multi-option-active' : ''}${
      chosen ? ' country-multi-option-selected' : ''
    }`;
    return html`<div
      role="option"
      id="${this.#props!.id}-opt-${c.code}"
      class="cm-option${active ? ' is-active' : ''}"
      part=${parts}
      aria-selected=${chosen ? 'true' : 'false'}
      data-code=${c.code}
    >
      <span class="cm-check" aria-hidden="true"></span><span class="cm-option-name">${c.name}</span
      ><span class="cm-code" part="country-multi-code" aria-hidden="true">${c.code}</span>
    </div>`;
  }

  /** Keeps the highlighted option in the list's view (the list scrolls, not the page). */
  #reveal(): void {
    const { id } = this.#props!;
    const list = this.#el(`${id}-list`);
    const active = this.#state.active;
    if (!list || list.hidden) return;
    const opt = active ? this.#el(`${id}-opt-${active}`) : null;
    if (!opt) return;
    const top = opt.offsetTop;
    const bottom = top + opt.offsetHeight;
    if (top < list.scrollTop) list.scrollTop = top;
    else if (bottom > list.scrollTop + list.clientHeight) list.scrollTop = bottom - list.clientHeight;
  }

  /* ------------------------------------------------------------------ changes */

  #set(state: ComboState): void {
    const opening = state.open && !this.#state.open;
    const newQuery = state.query !== this.#state.query;
    this.#state = state;
    this.#redraw();
    const list = this.#el(`${this.#props!.id}-list`);
    if (list && (opening || newQuery)) list.scrollTop = 0;
    if (opening && list && !list.hidden) list.scrollIntoView?.({ block: 'nearest' });
    this.#reveal();
  }

  #announce(text: string): void {
    clearTimeout(this.#timer);
    this.#status = text;
    this.#redraw();
  }

  #countText(n: number): string {
    return n === 0
      ? msg('No country selected.')
      : msg(str`Countries selected: ${n}`, { desc: 'how many countries are chosen' });
  }

  #toggle(code: string): void {
    const p = this.#props!;
    if (p.readOnly) return;
    const next = toggleCode(this.#selected, code);
    const added = next.length > this.#selected.length;
    this.#selected = next;
    const name = countryName(code, p.locale);
    this.#announce(
      `${
        added
          ? msg(str`${name} added.`, { desc: 'a country was chosen (announced)' })
          : msg(str`${name} removed.`, { desc: 'a country was un-chosen (announced)' })
      } ${this.#countText(next.length)}`,
    );
    p.onChange(next);
  }

  #removeAt(i: number): void {
    const code = this.#selected[i];
    if (code !== undefined) this.#toggle(code);
  }

  #focus(target: number | 'input'): void {
    const { id } = this.#props!;
    this.#el(target === 'input' ? id : `${id}-chip-${target}`)?.focus();
  }

  /* ------------------------------------------------------------------ events */

  #onInput = (e: Event): void => {
    // the filter text is not the field's value: callers' delegated input handlers must not read it
    e.stopPropagation();
    const input = e.target as HTMLInputElement;
    const locale = this.#props!.locale;
    const matches = filterCountries(countryOptions(locale), input.value, locale);
    this.#set(
      typed(
        input.value,
        matches.map((c) => c.code),
      ),
    );
    clearTimeout(this.#timer);
    const n = matches.length;
    this.#timer = setTimeout(() => {
      this.#announce(
        n === 0
          ? msg('No country matches the filter.')
          : msg(str`Matching countries: ${n}`, {
              desc: 'how many countries match the typed text (announced)',
            }),
      );
    }, ANNOUNCE_MATCHES_MS);
  };

  #onKey = (e: KeyboardEvent): void => {
    if (e.isComposing || this.#props!.readOnly) return;
    const input = e.target as HTMLInputElement;
    const wasBrowsing = this.#state.browsing;
    const { locale } = this.#props!;
    // a closed list shows nothing: the keys that open it move among the options it will show
    const visible = this.#state.open
      ? this.#visible
      : filterCountries(countryOptions(locale), this.#state.query, locale);
    const out = keyInInput(
      this.#state,
      {
        key: logicalKey(e),
        altKey: e.altKey,
        ctrlKey: e.ctrlKey,
        metaKey: e.metaKey,
        caretAtStart: input.selectionStart === 0 && input.selectionEnd === 0,
      },
      visible.map((c) => c.code),
      this.#selected.length,
    );
    if (out.handled) e.preventDefault();
    if (out.handled && e.key === 'Escape') e.stopPropagation();
    if (out.state !== this.#state) this.#set(out.state);
    if (out.toggle) {
      this.#toggle(out.toggle);
      // a match picked by typing: the text is selected, so the next country is typed over it
      if (!wasBrowsing) input.select();
    }
    if (out.removeLast) this.#removeAt(this.#selected.length - 1);
    if (out.toChips) this.#focus(this.#selected.length - 1);
  };

  #onChipKey = (e: KeyboardEvent): void => {
    const btn = (e.target as Element).closest<HTMLElement>('button[data-i]');
    if (!btn) return;
    const i = Number(btn.dataset.i);
    const out = keyOnChip(logicalKey(e), i, this.#selected.length);
    if (!out) return;
    e.preventDefault();
    if (e.key === 'Escape') e.stopPropagation();
    if (out.remove !== undefined) this.#removeAt(out.remove);
    this.#focus(out.focus);
  };

  #onChipClick = (e: MouseEvent): void => {
    const btn = (e.target as Element).closest<HTMLElement>('button[data-i]');
    if (!btn) return;
    e.stopPropagation(); // not a click on the box (which opens the list)
    const i = Number(btn.dataset.i);
    const n = this.#selected.length;
    this.#removeAt(i);
    // Enter / Space on a focused chip (detail 0): the focus stays among the chips; a pointer keeps it where it was
    if (e.detail === 0) this.#focus(afterRemoval(i, n));
  };

  /** A press on an option or a chip does not take the focus from the text box (nor opens a keyboard). */
  #keepFocus = (e: MouseEvent): void => {
    if ((e.target as Element).closest('[role="option"], button[data-i]')) e.preventDefault();
  };

  #onOptionClick = (e: MouseEvent): void => {
    const opt = (e.target as Element).closest<HTMLElement>('[role="option"]');
    const code = opt?.dataset.code;
    if (!code) return;
    this.#state = { ...this.#state, active: code, browsing: true };
    this.#toggle(code);
    this.#redraw();
    this.#focus('input');
  };

  #onBoxClick = (e: MouseEvent): void => {
    if (this.#props!.readOnly) return;
    const onCaret = (e.target as Element).classList.contains('cm-caret');
    if (e.target !== e.currentTarget && !onCaret && !(e.target instanceof HTMLInputElement)) return;
    this.#focus('input');
    if (onCaret && this.#state.open) this.#set(closed(this.#state));
    else if (!this.#state.open) this.#set({ ...this.#state, open: true });
  };

  /**
   * Focus left the picker: its list closes and the caller hears of it (`onLeave`, which may show an error),
   * in a task after the press that moved the focus, if one did. The list is in the flow: closing it on the
   * press moved what lay below it before the button came up, and the click landed on something else (or
   * nothing), a swallowed click on the next checkbox or on Continue. Focus back inside by then: nothing.
   */
  #onFocusOut = (e: FocusEvent): void => {
    const next = e.relatedTarget;
    const box = e.currentTarget as HTMLElement;
    if (next instanceof Node && box.contains(next)) return;
    afterPress(() => {
      const focused = this.#root()?.activeElement;
      if (!this.isConnected || (focused instanceof Node && box.contains(focused))) return;
      if (this.#state.open) this.#set(closed(this.#state));
      this.#props?.onLeave?.();
    });
  };
}

/**
 * The multi-country combobox (label, chips, text box, listbox, selection count, live status) as one
 * template part. See the module comment for the keys, the chips and the parts.
 */
export const countryMulti = directive(CountryMultiDirective);
