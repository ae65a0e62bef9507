import { useEffect, useRef, useState } from "react";

/**
 * Keeps unsaved edits in sessionStorage, so that a failed save (an error page), an expired session or a
 * reload in the same tab loses nothing: the editor offers them back when it opens again. Cleared whenever
 * `lastSave` changes to a new success; `alsoClear` names another key to drop (a new post's, once created).
 */
export function useUnsavedBackup<T extends object>(key: string, values: T, lastSave: unknown, alsoClear?: string) {
  const [found, setFound] = useState<Partial<T> | null>(null);
  const baseline = useRef(JSON.stringify(values));

  useEffect(() => {
    try {
      const raw = sessionStorage.getItem(key);
      if (raw && raw !== baseline.current) setFound(JSON.parse(raw) as Partial<T>);
    } catch {
      // storage unavailable or unreadable: nothing to offer
    }
  }, [key]);

  useEffect(() => {
    try {
      if (lastSave) sessionStorage.removeItem(key);
      if (alsoClear) sessionStorage.removeItem(alsoClear);
    } catch {
      // storage unavailable
    }
  }, [lastSave, key, alsoClear]);

  const serialized = JSON.stringify(values);
  useEffect(() => {
    if (serialized === baseline.current) return;
    baseline.current = "";
    try {
      sessionStorage.setItem(key, serialized);
    } catch {
      // storage full or unavailable: the backup is a convenience
    }
  }, [serialized, key]);

  return {
    found,
    dismiss: () => setFound(null),
    discard: () => {
      setFound(null);
      try {
        sessionStorage.removeItem(key);
      } catch {
        // storage unavailable
      }
    },
  };
}
