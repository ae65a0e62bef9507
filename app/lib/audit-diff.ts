/** One line of an audit entry's change: a key with its value before and after (JSON, shortened). */
export interface ChangeLine {
  key: string | null;
  before: string;
  after: string;
}

const MAX_VALUE_CHARS = 160;

function show(value: unknown): string {
  if (value === undefined) return "—";
  const text = JSON.stringify(value) ?? String(value);
  return text.length > MAX_VALUE_CHARS ? `${text.slice(0, MAX_VALUE_CHARS - 1)}…` : text;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * What an audit entry changed, compactly: for two objects, one line per key whose value differs (all keys
 * when nothing differs, so the entry is never blank); otherwise one line with both values.
 */
export function auditChanges(before: unknown, after: unknown): ChangeLine[] {
  if (!isRecord(before) && !isRecord(after)) return [{ key: null, before: show(before ?? null), after: show(after ?? null) }];
  const b = isRecord(before) ? before : {};
  const a = isRecord(after) ? after : {};
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  const line = (key: string) => ({ key, before: show(b[key]), after: show(a[key]) });
  const differing = keys.filter((k) => JSON.stringify(b[k]) !== JSON.stringify(a[k]));
  return (differing.length ? differing : keys).map(line);
}
