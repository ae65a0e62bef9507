import type { ReactNode } from "react";

/** The console's shared look: fields, buttons, errors, badges, dates. */
export const fieldClass = "w-full rounded-lg border border-zinc-500 bg-ink-900 px-3 py-2 text-sm text-zinc-100 placeholder:text-zinc-400";
export const primaryButton = "rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60";
export const secondaryButton =
  "rounded-lg border border-ink-700 bg-ink-900 px-3 py-1.5 text-sm font-medium text-zinc-100 hover:bg-ink-800 disabled:opacity-60";
export const dangerButton = "rounded-lg bg-red-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-red-600 disabled:opacity-60";
export const fieldErrorClass = "mt-1 text-sm text-red-300";

/** A console section's title and what it is about; `actions` (a link, the dashboard's period switch) sit to its right. */
export function SectionHeader({ title, children, actions }: { title: string; children?: ReactNode; actions?: ReactNode }) {
  return (
    <header className="mb-6 flex flex-wrap items-end justify-between gap-3">
      <div>
        <h1 className="text-2xl font-bold">{title}</h1>
        {children && <div className="mt-1 text-sm text-zinc-300">{children}</div>}
      </div>
      {actions}
    </header>
  );
}

/** A short status badge; `tone` picks the colours (all AA on the dark background). */
export type BadgeTone = "ok" | "warn" | "muted" | "info";

/** A badge's colours, also for a link that looks like one. */
export const badgeToneClass: Record<BadgeTone, string> = {
  ok: "bg-emerald-900/60 text-emerald-200 border-emerald-700/60",
  warn: "bg-red-950/60 text-red-200 border-red-700/60",
  muted: "bg-ink-800 text-zinc-300 border-ink-700",
  info: "bg-ink-800 text-brand-300 border-brand-600",
};

export function Badge({ tone, children }: { tone: BadgeTone; children: ReactNode }) {
  return <span className={`inline-block rounded-full border px-2 py-0.5 text-xs font-semibold ${badgeToneClass[tone]}`}>{children}</span>;
}

export function formatWhen(iso: string): string {
  return `${new Date(iso).toLocaleString("en-GB", { timeZone: "UTC", dateStyle: "medium", timeStyle: "short" })} UTC`;
}

/** "2 d 3 h", "5 h 12 min", "4 min": how long the oldest report of an item has waited. */
export function waitedFor(fromIso: string, nowIso: string): string {
  const minutes = Math.max(0, Math.floor((Date.parse(nowIso) - Date.parse(fromIso)) / 60_000));
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  if (days > 0) return `${days} d ${hours} h`;
  if (hours > 0) return `${hours} h ${minutes % 60} min`;
  return `${minutes} min`;
}

/** A failed action's message, announced. */
export function ActionError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className={fieldErrorClass}>
      {message}
    </p>
  );
}
