import { data, Link } from "react-router";
import { type Translate, textLanguage, translator, useLocale, useMessages, usePaths, type WithMessages } from "~/lib/i18n";
import { withElements } from "~/lib/message-parts";
import { localeFromMatches, siteUrlFromMatches } from "~/lib/root-data";
import { routeInput } from "~/lib/route-contract.server";
import { seoMeta } from "~/lib/seo";
import { type CredentialsView, TRAINED_ALGORITHMIC_MEDIA } from "~core/content-credentials";
import { type Locale, localeOfRequest } from "~core/locales";
import { input } from "~core/params";
import { paths } from "~core/paths";
import { defineRoute } from "~core/route-contract";
import { z } from "~core/zod";
import { attempt } from "../../server/http/route-errors";
import { type MessageId, pageTexts } from "../../server/i18n/catalog";
import { appMediaStorage } from "../../server/media/app-storage";
import { videoCredentials } from "../../server/media/content-credentials";
import { localizeCards } from "../../server/services/content-translations";
import { getPublicVideo } from "../../server/services/videos";
import type { Route } from "./+types/video-credentials";

/**
 * "Content credentials" of a video: its C2PA manifests (the poster's, embedded; the stream's, in its sidecar)
 * read back and validated with the library that signed them, in words. Only public videos have one, as only
 * they have a page: anything else is the video page's own not-found.
 */

/** C2PA action names in words; others are shown as they are. */
const ACTION_NAMES: Record<string, MessageId<"pages">> = { "c2pa.created": "actionCreated" };
/** The signed files by the names server/media/content-credentials.ts gives them; others are shown as they are. */
const ASSET_NAMES: Record<string, MessageId<"pages">> = { "Poster image": "assetPoster", "Video stream": "assetStream" };

type CredentialsData = WithMessages &
  (
    | { state: "ok"; video: { id: string; title: string; title_lang?: Locale }; assets: CredentialsView[] }
    | { state: "not-found" }
    | { state: "error" }
  );

const params = z.object({ videoId: input.videoId.nullable().catch(null) });

export const contract = defineRoute({
  access: "public",
  kind: "page",
  // The same for everyone, and the signed files never change under their URL.
  pageCache: true,
  robots: "noindex",
  input: { params },
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = localeOfRequest(request);
  const intl = pageTexts(locale, ["pages"]);
  const { videoId } = routeInput(context, contract).params;
  if (!videoId) return data<CredentialsData>({ state: "not-found", intl }, { status: 404 });
  const found = await attempt(
    context,
    "content credentials",
    async () => {
      const video = await getPublicVideo(videoId);
      if (!video) return undefined;
      const [assets, shown] = await Promise.all([videoCredentials(video, appMediaStorage()), localizeCards([video], locale)]);
      return { video: shown[0]!, assets }; // one card in, one out
    },
    () => "failed" as const,
  );
  if (found === "failed") return data<CredentialsData>({ state: "error", intl }, { status: 500 });
  if (!found) return data<CredentialsData>({ state: "not-found", intl }, { status: 404 });
  const { id, title, title_lang } = found.video;
  return data<CredentialsData>({ state: "ok", intl, video: { id, title, ...(title_lang && { title_lang }) }, assets: found.assets });
}

export function meta({ loaderData: d, matches, params: p }: Route.MetaArgs) {
  const locale = localeFromMatches(matches);
  const t = translator(locale, "pages");
  const path = paths.videoCredentials(p.videoId ?? "");
  const siteUrl = siteUrlFromMatches(matches);
  if (d?.state !== "ok") {
    const title = d?.state === "error" ? translator(locale, "common")("errorHeading") : t("videoNotFound");
    return seoMeta({ locale, siteUrl, title, description: t("videoNotFoundText"), path, noindex: true });
  }
  return seoMeta({
    locale,
    siteUrl,
    title: t("credentialsMetaTitle", { title: d.video.title }),
    description: t("credentialsMetaDescription", { title: d.video.title }),
    path,
    noindex: true,
  });
}

export default function VideoCredentialsPage({ loaderData: d }: Route.ComponentProps) {
  const t = useMessages("pages");
  const common = useMessages("common");
  const localPaths = usePaths();
  const locale = useLocale();
  if (d.state !== "ok") {
    const notFound = d.state === "not-found";
    return (
      <section role={notFound ? undefined : "alert"} className="py-16 text-center">
        <h1 className="text-2xl font-bold">{notFound ? t("videoNotFound") : common("errorHeading")}</h1>
        <p className="mt-3 text-zinc-400">{notFound ? t("videoNotFoundText") : t("credentialsLoadError")}</p>
      </section>
    );
  }
  const development = d.assets.some((a) => a.development);
  const { id, title, title_lang } = d.video;
  return (
    <article className="max-w-3xl">
      <h1 className="text-2xl font-bold">{t("credentialsTitle")}</h1>
      <p className="mt-2 text-zinc-300">
        {withElements((slots) => t("credentialsOf", slots), {
          video: (
            <Link to={localPaths.video(id)} dir="auto" {...textLanguage(title_lang, locale)} className="text-brand-300 hover:underline">
              {title}
            </Link>
          ),
        })}
      </p>
      <p className="mt-4 text-zinc-300">{t("credentialsIntro")}</p>
      {development && (
        <p role="note" className="mt-4 rounded-xl border border-amber-400/60 bg-amber-500/10 p-4 text-amber-200">
          <strong>{t("developmentTitle")}</strong> {t("developmentBody")}
        </p>
      )}
      {d.assets.map((a) => (
        <AssetCredentials key={a.url} asset={a} t={t} />
      ))}
    </article>
  );
}

function AssetCredentials({ asset: a, t }: { asset: CredentialsView; t: Translate<"pages"> }) {
  const id = `credentials-${a.name.toLowerCase().replace(/\W+/g, "-")}`;
  const named = (names: Record<string, MessageId<"pages">>, name: string) => {
    const message = names[name];
    return message ? t(message) : name;
  };
  const signer = a.signer ?? t("unknown");
  return (
    <section aria-labelledby={id} className="mt-8 rounded-xl bg-ink-900 p-5">
      <h2 id={id} className="text-xl font-bold">
        {named(ASSET_NAMES, a.name)}
      </h2>
      {a.missing ? (
        <p className="mt-2 text-zinc-400">{t("noCredentials")}</p>
      ) : (
        <dl className="mt-3 grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-[12rem_1fr]">
          <dt className="text-zinc-400">{t("howMade")}</dt>
          <dd>{a.digitalSourceType === TRAINED_ALGORITHMIC_MEDIA ? t("madeByAi") : (a.digitalSourceType ?? t("notStated"))}</dd>
          <dt className="text-zinc-400">{t("actions")}</dt>
          <dd>{a.actions.map((action) => named(ACTION_NAMES, action)).join(", ") || t("noActions")}</dd>
          <dt className="text-zinc-400">{t("signature")}</dt>
          <dd>
            {a.signatureValid && a.failures.length === 0
              ? t("signatureValid")
              : t("signatureInvalid", { failures: a.failures.join(", ") || t("noSignature") })}
          </dd>
          <dt className="text-zinc-400">{t("signedBy")}</dt>
          <dd>{a.development ? t("signerDevelopment", { signer }) : signer}</dd>
          <dt className="text-zinc-400">{t("issuedBy")}</dt>
          <dd>{a.issuer ?? t("unknown")}</dd>
          <dt className="text-zinc-400">{t("madeWith")}</dt>
          <dd>{a.generator ?? t("notStated")}</dd>
          {a.files.length > 0 && (
            <>
              <dt className="text-zinc-400">{t("filesCovered")}</dt>
              <dd>
                <details>
                  <summary className="cursor-pointer">{t("filesSummary", { count: a.files.length })}</summary>
                  <ul dir="ltr" className="mt-2 break-all font-mono text-xs text-zinc-300">
                    {a.files.map((f) => (
                      <li key={f.path}>
                        {f.path} {f.sha256}
                      </li>
                    ))}
                  </ul>
                </details>
              </dd>
            </>
          )}
        </dl>
      )}
      <p className="mt-3 text-sm">
        <a href={a.url} className="text-brand-300 hover:underline" download>
          {t("download")}
        </a>
      </p>
    </section>
  );
}
