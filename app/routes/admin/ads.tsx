import { data } from "react-router";
import { type AdActionResult, AdUnitsConsole } from "~/components/admin/AdUnitsConsole";
import { consoleRequest } from "~/lib/console-request.server";
import { FORM_UNREADABLE } from "~/lib/console-result";
import { toggleUnitSchema, zoneFormSchema } from "~core/ad-units-schema";
import { parseForm, plainText } from "~core/params";
import { preRollFieldErrors, preRollInputFromForm } from "~core/preroll";
import { CONSOLE_PAGE, defineRoute } from "~core/route-contract";
import { z } from "~core/zod";
import { env } from "../../../server/env";
import { AdUnitNotFoundError, listAdUnits, setAdUnitActive, setAdUnitZone, setPreRollAudited } from "../../../server/services/ad-units";
import { AdConfigError, getPreRollUnit } from "../../../server/services/ads";
import { listAuditEntries } from "../../../server/services/audit-log";
import type { Route } from "./+types/ads";

/** How many recent ad changes the page lists (the full audit log section comes later). */
const AUDIT_ENTRIES_SHOWN = 20;

export const contract = defineRoute({
  ...CONSOLE_PAGE,
});

export async function loader() {
  const [units, preRoll, audit] = await Promise.all([
    listAdUnits(),
    getPreRollUnit(),
    listAuditEntries({ limit: AUDIT_ENTRIES_SHOWN, actionPrefix: "ad_unit." }),
  ]);
  return data({
    units: units.filter((u) => u.location !== "player").map((u) => ({ ...u, updatedAt: u.updatedAt.toISOString() })),
    preRoll: preRoll && { ...preRoll, updatedAt: preRoll.updatedAt.toISOString() },
    audit: audit.map((e) => ({ ...e, at: e.at.toISOString() })),
    adNetworkConfigured: Boolean(env().AD_SCRIPT_URL),
    adHosts: env().AD_HOSTS,
  });
}

export function meta() {
  return [{ title: "Ad units | Console" }];
}

const preRollForm = z.object({
  intent: z.literal("preroll"),
  active: plainText(10).optional(),
  source: plainText(20).optional(),
  vastTagUrl: plainText(4096).optional(),
  durationSeconds: plainText(20).optional(),
});

function refused(status: number, result: Omit<Extract<AdActionResult, { ok: false }>, "ok">, headers: Record<string, string> = {}) {
  return data<AdActionResult>({ ...result, ok: false }, { status, headers });
}

export async function action(args: Route.ActionArgs) {
  // Each intent has its schema: the form is parsed once the intent is known.
  const begun = await consoleRequest(args, (status, _intent, headers) =>
    refused(status, { intent: "", fieldErrors: {}, message: FORM_UNREADABLE }, headers),
  );
  if (!begun.ok) return begun.answer;
  const { actor, form: posted } = begun;
  const intent = posted.get("intent");
  const ok = (unitId?: string) => data<AdActionResult>({ intent: String(intent), ok: true, unitId });
  try {
    if (intent === "toggle") {
      const form = parseForm(toggleUnitSchema, posted);
      if (!form) return refused(400, { intent, fieldErrors: {}, message: FORM_UNREADABLE });
      await setAdUnitActive(form.unitId, form.active, actor);
      return ok(form.unitId);
    }
    if (intent === "zone") {
      // The same schema as the browser's check: its first message goes next to the field.
      const unitId = String(posted.get("unitId") ?? "");
      const parsed = zoneFormSchema.safeParse(
        Object.fromEntries(["intent", "unitId", "zoneId"].map((k) => [k, posted.get(k) ?? undefined])),
      );
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const field = issue?.path[0] === "zoneId" ? "zoneId" : "unit";
        const zoneId = String(posted.get("zoneId") ?? "").slice(0, 200);
        return refused(400, { intent, unitId, fieldErrors: { [field]: issue?.message ?? "Invalid" }, message: null, zoneId });
      }
      await setAdUnitZone(parsed.data.unitId, parsed.data.zoneId, actor);
      return ok(parsed.data.unitId);
    }
    if (intent === "preroll") {
      const form = parseForm(preRollForm, posted);
      if (!form) return refused(400, { intent, fieldErrors: {}, message: FORM_UNREADABLE });
      const input = preRollInputFromForm(form);
      const fieldErrors = preRollFieldErrors(input);
      if (Object.keys(fieldErrors).length) return refused(400, { intent, fieldErrors, message: null });
      await setPreRollAudited(input, actor);
      return ok();
    }
    return refused(400, { intent: "", fieldErrors: {}, message: "Unknown action." });
  } catch (err) {
    if (err instanceof AdUnitNotFoundError)
      return refused(404, { intent: String(intent), fieldErrors: {}, message: "This ad unit no longer exists." });
    if (err instanceof AdConfigError) {
      const field = err.field === "unit" ? (intent === "zone" ? "zoneId" : "unit") : err.field;
      return refused(400, { intent: String(intent), fieldErrors: { [field]: err.message }, message: null });
    }
    throw err;
  }
}

export default function AdUnitsPage({ loaderData }: Route.ComponentProps) {
  return <AdUnitsConsole {...loaderData} />;
}
