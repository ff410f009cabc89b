import type { DataRouter } from 'react-router';
import i18n, { currentLanguage, languageReady } from '../lib/i18n.ts';

/**
 * A page the build pre-rendered (the sign-in pages: apps/web/scripts/prerender.mjs) paints from
 * its HTML before any of the app's script has come; the app then hydrates that HTML in place. Its
 * `<html>` says which page and texts it holds, and src/prerender/prerender-guard.js (run before
 * the first paint) marks it stale when this visitor must see something else (another language,
 * signed in on /login, a reset link's token): the app then renders the page anew, as on any page.
 */
export type PrerenderedPage = {
  path: string;
  language: string;
  texts: string[];
  /** `painted`: a page of data whose HTML is its frame, hydrated as soon as it is painted. */
  start?: string;
};

const html = () => document.documentElement;

/** The page pre-rendered into `#root`, when the app may hydrate it. */
export function prerenderedPage(): PrerenderedPage | null {
  const { prerendered, prerenderLanguage, prerenderTexts, prerenderStale, prerenderStart } =
    html().dataset;
  if (!prerendered || !prerenderLanguage || prerenderStale !== undefined) return null;
  return {
    path: prerendered,
    language: prerenderLanguage,
    texts: prerenderTexts?.split(',') ?? [],
    start: prerenderStart,
  };
}

/** The app renders anew: the pre-rendered HTML goes first (it was hidden when stale). */
export function dropPrerendered(root: HTMLElement) {
  if (html().dataset.prerendered === undefined) return;
  root.replaceChildren();
  delete html().dataset.prerendered;
  delete html().dataset.prerenderStale;
}

const routerInitialized = (router: DataRouter) =>
  new Promise<void>((resolve) => {
    if (router.state.initialized) return resolve();
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });

/**
 * Resolves once the first render can match the HTML (the route's code and guard, the texts it
 * reads): true to hydrate, false when the router went elsewhere or the language differs.
 */
export async function readyToHydrate(router: DataRouter, page: PrerenderedPage) {
  await Promise.all([languageReady, routerInitialized(router), i18n.loadNamespaces(page.texts)]);
  return (
    router.state.location.pathname === page.path &&
    !router.state.errors &&
    currentLanguage() === page.language
  );
}

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
const isField = (target: EventTarget | null): target is Field =>
  target instanceof HTMLInputElement ||
  target instanceof HTMLTextAreaElement ||
  target instanceof HTMLSelectElement;
const isToggle = (field: Field): field is HTMLInputElement =>
  field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio');
const changedByVisitor = (field: Field) =>
  isToggle(field)
    ? field.checked !== field.defaultChecked
    : field instanceof HTMLSelectElement
      ? [...field.options].some((option) => option.selected !== option.defaultSelected)
      : field.value !== field.defaultValue;

/** Sets a field's value as typing does, so React (and the form library) hear of it. */
function type(field: Exclude<Field, HTMLSelectElement>, value: string) {
  const prototype =
    field instanceof HTMLTextAreaElement
      ? HTMLTextAreaElement.prototype
      : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * What the visitor typed, ticked or chose in the pre-rendered form before the app took it over:
 * hydration keeps the elements, but the forms set their default values when they attach, so
 * `restore` gives the visitor's back (with the caret) right after the first render, before it is
 * painted.
 */
export function keepTypedFields(root: HTMLElement) {
  const typed = new Map<Field, string | boolean>();
  let caret: { field: Element; start: number; end: number } | undefined;
  const note = (field: Field) => {
    if (changedByVisitor(field)) typed.set(field, isToggle(field) ? field.checked : field.value);
    if (field === document.activeElement && 'selectionStart' in field) {
      const [start, end] = [field.selectionStart, field.selectionEnd];
      if (start !== null && end !== null) caret = { field, start, end };
    }
  };
  const onChange = (event: Event) => {
    if (isField(event.target)) note(event.target);
  };
  for (const field of root.querySelectorAll<Field>('input, textarea, select')) note(field);
  root.addEventListener('input', onChange, true);
  root.addEventListener('change', onChange, true);
  return function restore() {
    root.removeEventListener('input', onChange, true);
    root.removeEventListener('change', onChange, true);
    for (const [field, value] of typed) {
      if (!field.isConnected) continue;
      if (isToggle(field)) {
        if (field.checked !== value) field.click();
      } else if (field instanceof HTMLSelectElement) {
        if (field.value !== value) {
          field.value = String(value);
          field.dispatchEvent(new Event('change', { bubbles: true }));
        }
      } else if (field.value !== value) type(field, String(value));
    }
    if (caret && caret.field === document.activeElement) {
      (caret.field as HTMLInputElement).setSelectionRange(caret.start, caret.end);
    }
  };
}

/**
 * The app has the page: a button pressed or a form sent before it did (held by the guard script)
 * is pressed or sent again now.
 */
export function finishTakeOver(root: HTMLElement) {
  delete html().dataset.prerendered;
  for (const control of root.querySelectorAll<HTMLElement>('[data-pressed-early]')) {
    control.removeAttribute('data-pressed-early');
    control.click();
  }
  for (const form of root.querySelectorAll<HTMLFormElement>('[data-sent-early]')) {
    form.removeAttribute('data-sent-early');
    form.requestSubmit();
  }
}
