import { useSyncExternalStore } from 'react';

export { storageKeys } from './storage-keys.ts';

const changeEvent = 'doppel:local-storage';

/** Reads a raw localStorage value; null when absent or when storage is blocked (private mode). */
export function readStored(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Writes (or with null removes) a raw value and tells every `useStoredValue` in this tab. */
export function writeStored(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage can be unavailable; the value then lives only until the next read.
  }
  window.dispatchEvent(new CustomEvent(changeEvent, { detail: key }));
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener(changeEvent, onChange);
  window.addEventListener('storage', onChange); // other tabs
  return () => {
    window.removeEventListener(changeEvent, onChange);
    window.removeEventListener('storage', onChange);
  };
}

/** A localStorage value that re-renders its readers when it changes, in this tab or another. */
export function useStoredValue(key: string): string | null {
  return useSyncExternalStore(
    subscribe,
    () => readStored(key),
    () => null,
  );
}
