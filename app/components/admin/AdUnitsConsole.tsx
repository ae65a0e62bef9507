import { useRef, useState } from "react";
import { useActionData, useFetcher } from "react-router";
import { useAds } from "~/components/ads/AdsProvider";
import type { AdSlotName } from "~core/ad-units";
import { zoneIdSchema } from "~core/ad-units-schema";
import type { AdUnitRow, AuditEntry, PreRollUnit } from "~core/console-rows";
import { PRE_ROLL_MAX_SECONDS, type PreRollSettings, preRollFieldErrors, preRollInputFromForm } from "~core/preroll";
import { fieldClass as field, fieldErrorClass as fieldError, primaryButton, SectionHeader } from "./console-ui";

/** What the route's action answers (the route imports this, never the other way round). */
export type AdActionResult =
  | { intent: string; ok: true; unitId?: string }
  | {
      intent: string;
      ok: false;
      unitId?: string;
      fieldErrors: Record<string, string>;
      message: string | null;
      /** The zone id as posted, shown again with its error (a post made without scripts reloads the page). */
      zoneId?: string;
    };

/** The console's "Ad units" section (docs/product.md "Ad slots"): the toggle per banner unit, its zone id, the pre-roll, recent changes. */
export function AdUnitsConsole(props: {
  units: AdUnitRow<string>[];
  preRoll: PreRollUnit<string> | undefined;
  audit: AuditEntry<string>[];
  adNetworkConfigured: boolean;
  adHosts: string[];
}) {
  const { error } = useAds();
  return (
    <div className="space-y-10">
      <SectionHeader title="Ad units">
        <p>
          Changes apply at once on every open page.
          {!props.adNetworkConfigured && " No ad network script is configured (AD_SCRIPT_URL): active slots show the house banner."}
        </p>
        {error && (
          <p role="alert" className="mt-3 rounded-lg border border-red-500/50 bg-red-950/60 px-3 py-2 text-sm text-red-200">
            {error}
          </p>
        )}
      </SectionHeader>

      <section aria-labelledby="banners-heading">
        <h2 id="banners-heading" className="mb-3 text-lg font-bold">
          Banner slots
        </h2>
        {props.units.length === 0 ? (
          <p className="text-sm text-zinc-400">No banner units exist.</p>
        ) : (
          <ul className="space-y-3">
            {props.units.map((unit) => (
              <BannerUnit key={unit.id} unit={unit} />
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="preroll-heading">
        <h2 id="preroll-heading" className="mb-3 text-lg font-bold">
          Pre-roll
        </h2>
        {props.preRoll ? (
          <PreRollForm preRoll={props.preRoll} adHosts={props.adHosts} />
        ) : (
          <p className="text-sm text-zinc-400">No pre-roll unit exists.</p>
        )}
      </section>

      <section aria-labelledby="audit-heading">
        <h2 id="audit-heading" className="mb-3 text-lg font-bold">
          Recent changes
        </h2>
        <AuditList entries={props.audit} />
      </section>
    </div>
  );
}

function BannerUnit({ unit }: { unit: AdUnitRow<string> }) {
  const ads = useAds();
  const toggle = useFetcher<AdActionResult>({ key: `toggle-${unit.id}` });
  const zone = useFetcher<AdActionResult>({ key: `zone-${unit.id}` });
  const [zoneError, setZoneError] = useState<string | null>(null);
  // What every page shows now: the live feed's state, else the loaded row; a pending toggle shows its target, and
  // once saved keeps showing it until the feed next speaks: the feed reaches this page a moment after the answer
  // and until then still holds the state before the change (the switch flipped back for that moment, and a
  // second click then sent the old state again).
  const live = ads.config[unit.name as AdSlotName];
  const pendingActive = toggle.formData?.get("active");
  const saved = useRef<{ active: boolean; feed: unknown } | null>(null);
  if (pendingActive) saved.current = { active: pendingActive === "true", feed: live };
  else if (saved.current && (live !== saved.current.feed || (toggle.data && !toggle.data.ok))) saved.current = null;
  const active = pendingActive ? pendingActive === "true" : (saved.current?.active ?? live?.isActive ?? unit.isActive);
  const toggleError = toggle.data && !toggle.data.ok ? (toggle.data.message ?? "The change was not saved.") : null;
  // A save posted before the page's scripts ran (or without them) comes back as the page's own action data.
  const posted = useActionData<AdActionResult>();
  const zoneResult = zone.data ?? (posted?.intent === "zone" && posted.unitId === unit.id ? posted : undefined);
  const refusedZone = zoneResult && !zoneResult.ok ? zoneResult : null;
  const serverZoneError = refusedZone ? (refusedZone.fieldErrors.zoneId ?? refusedZone.message) : null;
  const shownZoneError = zoneError ?? (zone.state === "idle" ? serverZoneError : null);
  const zoneInputId = `zone-${unit.id}`;
  const headingId = `unit-${unit.id}`;

  return (
    <li className="rounded-xl border border-ink-700 bg-ink-900/60 p-4" data-ad-unit={unit.name}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h3 id={headingId} className="font-semibold">
            {unit.name}
          </h3>
          <p className="text-xs text-zinc-400">
            {unit.location} · updated{" "}
            <time dateTime={unit.updatedAt}>{new Date(unit.updatedAt).toLocaleString("en-GB", { timeZone: "UTC" })} UTC</time>
          </p>
        </div>
        <toggle.Form method="post">
          <input type="hidden" name="intent" value="toggle" />
          <input type="hidden" name="unitId" value={unit.id} />
          <input type="hidden" name="active" value={String(!active)} />
          {/* A switch named by its unit's heading; On/Off is its state, not its name (docs/accessibility.md). Green at
              AA contrast with white in both states (emerald-700/800). */}
          <button
            type="submit"
            role="switch"
            aria-checked={active}
            aria-labelledby={headingId}
            disabled={toggle.state !== "idle"}
            className={`inline-flex min-w-24 items-center justify-center gap-2 rounded-full px-4 py-2 text-sm font-semibold ${active ? "bg-emerald-700 text-white hover:bg-emerald-800" : "bg-ink-700 text-zinc-100 hover:bg-ink-800"}`}
          >
            <span aria-hidden="true" className={`h-2.5 w-2.5 rounded-full ${active ? "bg-white" : "bg-zinc-400"}`} />
            {active ? "On" : "Off"}
          </button>
        </toggle.Form>
      </div>
      {toggleError && (
        <p role="alert" className={fieldError}>
          {toggleError}
        </p>
      )}
      <zone.Form
        method="post"
        className="mt-3 flex flex-wrap items-start gap-2"
        onSubmit={(event) => {
          const value = new FormData(event.currentTarget).get("zoneId");
          const parsed = zoneIdSchema.safeParse(value);
          setZoneError(parsed.success ? null : (parsed.error.issues[0]?.message ?? "Invalid zone id"));
          if (!parsed.success) event.preventDefault();
        }}
      >
        <input type="hidden" name="intent" value="zone" />
        <input type="hidden" name="unitId" value={unit.id} />
        <div className="min-w-0 flex-1">
          <label htmlFor={zoneInputId} className="mb-1 block text-sm text-zinc-300">
            Zone id<span className="sr-only"> of {unit.name}</span>
          </label>
          <input
            id={zoneInputId}
            name="zoneId"
            defaultValue={refusedZone?.zoneId ?? unit.zoneId}
            className={field}
            aria-invalid={shownZoneError ? true : undefined}
            aria-describedby={shownZoneError ? `${zoneInputId}-error` : undefined}
            onChange={() => setZoneError(null)}
          />
          {shownZoneError && (
            <p id={`${zoneInputId}-error`} className={fieldError}>
              {shownZoneError}
            </p>
          )}
        </div>
        <button
          type="submit"
          className={`${primaryButton} mt-6`}
          disabled={zone.state !== "idle"}
          aria-label={`Save zone id of ${unit.name}`}
        >
          Save
        </button>
      </zone.Form>
    </li>
  );
}

type PreRollErrors = Partial<Record<keyof PreRollSettings | "unit", string>>;

function PreRollForm({ preRoll, adHosts }: { preRoll: PreRollUnit<string>; adHosts: string[] }) {
  const fetcher = useFetcher<AdActionResult>({ key: "preroll" });
  const [clientErrors, setClientErrors] = useState<PreRollErrors>({});
  const [source, setSource] = useState(preRoll.source);
  const serverErrors: PreRollErrors = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data.fieldErrors : {};
  const errors: PreRollErrors = Object.keys(clientErrors).length ? clientErrors : serverErrors;
  const saved = fetcher.state === "idle" && fetcher.data?.ok && fetcher.data.intent === "preroll";
  const describedBy = (name: keyof PreRollSettings) => (errors[name] ? `preroll-${name}-error` : undefined);

  return (
    <fetcher.Form
      method="post"
      noValidate
      className="space-y-4 rounded-xl border border-ink-700 bg-ink-900/60 p-4"
      onSubmit={(event) => {
        const form = new FormData(event.currentTarget);
        const text = (k: string) => (form.get(k) as string | null) ?? null;
        const found = preRollFieldErrors(
          preRollInputFromForm({
            active: text("active"),
            source: text("source"),
            vastTagUrl: text("vastTagUrl"),
            durationSeconds: text("durationSeconds"),
          }),
        );
        setClientErrors(found);
        if (Object.keys(found).length) event.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value="preroll" />
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" name="active" defaultChecked={preRoll.active} className="h-4 w-4 accent-brand-600" />
        Play a pre-roll before videos
      </label>
      <fieldset>
        <legend className="mb-1 text-sm text-zinc-300">Source</legend>
        <div className="flex flex-wrap gap-4 text-sm">
          <label className="flex items-center gap-2">
            <input
              type="radio"
              name="source"
              value="house"
              checked={source === "house"}
              onChange={() => setSource("house")}
              className="accent-brand-600"
            />
            House clip
          </label>
          <label className="flex items-center gap-2">
            <input
              type="radio"
              name="source"
              value="vast"
              checked={source === "vast"}
              onChange={() => setSource("vast")}
              className="accent-brand-600"
            />
            VAST tag
          </label>
        </div>
        {errors.source && <p className={fieldError}>{errors.source}</p>}
      </fieldset>
      <div>
        <label htmlFor="preroll-vastTagUrl" className="mb-1 block text-sm text-zinc-300">
          VAST tag URL {source === "house" && <span className="text-zinc-400">(used only with a VAST tag)</span>}
        </label>
        <input
          id="preroll-vastTagUrl"
          name="vastTagUrl"
          type="url"
          inputMode="url"
          defaultValue={preRoll.vastTagUrl ?? ""}
          placeholder="https://ads.example.com/vast.xml"
          className={field}
          aria-invalid={errors.vastTagUrl ? true : undefined}
          aria-describedby={describedBy("vastTagUrl") ?? "preroll-hosts"}
        />
        {errors.vastTagUrl && (
          <p id="preroll-vastTagUrl-error" className={fieldError}>
            {errors.vastTagUrl}
          </p>
        )}
        <p id="preroll-hosts" className="mt-1 text-xs text-zinc-400">
          Allowed ad hosts (AD_HOSTS): {adHosts.length ? adHosts.join(", ") : "none"}
        </p>
      </div>
      <div className="max-w-48">
        <label htmlFor="preroll-durationSeconds" className="mb-1 block text-sm text-zinc-300">
          Duration (seconds)
        </label>
        <input
          id="preroll-durationSeconds"
          name="durationSeconds"
          type="number"
          min={1}
          max={PRE_ROLL_MAX_SECONDS}
          step={1}
          defaultValue={preRoll.durationSeconds}
          className={field}
          aria-invalid={errors.durationSeconds ? true : undefined}
          aria-describedby={describedBy("durationSeconds")}
        />
        {errors.durationSeconds && (
          <p id="preroll-durationSeconds-error" className={fieldError}>
            {errors.durationSeconds}
          </p>
        )}
      </div>
      {fetcher.data && !fetcher.data.ok && fetcher.data.message && <p className={fieldError}>{fetcher.data.message}</p>}
      <div className="flex items-center gap-3">
        <button type="submit" className={primaryButton} disabled={fetcher.state !== "idle"}>
          Save pre-roll
        </button>
        <p role="status" className="text-sm text-emerald-300">
          {saved ? "Saved." : ""}
        </p>
      </div>
    </fetcher.Form>
  );
}

function AuditList({ entries }: { entries: AuditEntry<string>[] }) {
  if (entries.length === 0) return <p className="text-sm text-zinc-400">No changes recorded yet.</p>;
  return (
    <ol className="space-y-2 text-sm" aria-label="Recent ad changes">
      {entries.map((e) => (
        <li key={e.id} className="rounded-lg border border-ink-700 bg-ink-900/40 px-3 py-2">
          <p>
            <time dateTime={e.at} className="text-zinc-400">
              {new Date(e.at).toLocaleString("en-GB", { timeZone: "UTC" })} UTC
            </time>{" "}
            · <span className="break-all">{e.actorEmail}</span> · <strong>{e.action}</strong> {e.target}
          </p>
          <p className="break-all font-mono text-xs text-zinc-300">
            {JSON.stringify(e.before)} → {JSON.stringify(e.after)}
          </p>
        </li>
      ))}
    </ol>
  );
}
