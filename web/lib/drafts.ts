/**
 * Unsaved texts kept in this browser only (localStorage), per scope and field, until they are
 * saved, discarded ("Renunta") or the user signs out (issue 22: a consultation being typed is not
 * lost on a tab switch, a link or a reload). Nothing here is sent to the server.
 */
import { useSyncExternalStore } from 'react';

const PREFIX = 'draft:';
const listeners = new Set<() => void>();

function store(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // storage disabled: no drafts, nothing breaks
  }
}

const keyOf = (scope: string, field: string) => `${PREFIX}${scope}:${field}`;

function keys(prefix: string): string[] {
  const s = store();
  if (!s) return [];
  const found: string[] = [];
  for (let i = 0; i < s.length; i++) {
    const k = s.key(i);
    if (k?.startsWith(prefix)) found.push(k);
  }
  return found;
}

function changed() {
  for (const l of listeners) l();
}

export function readDraft(scope: string, field: string): string {
  return store()?.getItem(keyOf(scope, field)) ?? '';
}

/** Keeps `text` as the field's draft; an empty text removes it. */
export function writeDraft(scope: string, field: string, text: string) {
  const s = store();
  if (!s) return;
  const key = keyOf(scope, field);
  if (text === (s.getItem(key) ?? '')) return;
  try {
    if (text) s.setItem(key, text);
    else s.removeItem(key);
  } catch {
    /* storage full: the text stays on the page only */
  }
  changed();
}

/** Removes the drafts of one scope, or every draft (sign-out). */
export function clearDrafts(scope?: string) {
  const s = store();
  if (!s) return;
  for (const k of keys(scope ? `${PREFIX}${scope}:` : PREFIX)) s.removeItem(k);
  changed();
}

export function hasDrafts(scope: string): boolean {
  return keys(`${PREFIX}${scope}:`).length > 0;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Whether the scope has a draft, kept up to date as fields change. */
export function useHasDrafts(scope: string): boolean {
  return useSyncExternalStore(subscribe, () => hasDrafts(scope));
}
