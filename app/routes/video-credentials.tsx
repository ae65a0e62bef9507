import { data, Link } from "react-router";
import { localeFromMatches, siteUrlFromMatches } from "~/lib/root-data";
import { routeInput } from "~/lib/route-contract.server";
import { seoMeta } from "~/lib/seo";
import { type CredentialsView, TRAINED_ALGORITHMIC_MEDIA } from "~core/content-credentials";
import { input } from "~core/params";
import { paths } from "~core/paths";
import { defineRoute } from "~core/route-contract";
import { z } from "~core/zod";
import { attempt } from "../../server/http/route-errors";
import { appMediaStorage } from "../../server/media/app-storage";
import { videoCredentials } from "../../server/media/content-credentials";
import { getPublicVideo } from "../../server/services/videos";
import type { Route } from "./+types/video-credentials";

/**
 * "Content credentials" of a video: its C2PA manifests (the poster's, embedded; the stream's, in its sidecar)
 * read back and validated with the library that signed them, in words. Only public videos have one, as only
 * they have a page: anything else is the video page's own not-found.
 */

const LOAD_ERROR = "Failed to load content credentials. Please try again later.";
/** C2PA action names in words; others are shown as they are. */
const ACTION_NAMES: Record<string, string> = { "c2pa.created": "Created (c2pa.created)" };

type CredentialsData =
  | { state: "ok"; video: { id: string; title: string }; assets: CredentialsView[] }
  | { state: "not-found" }
  | { state: "error" };

const params = z.object({ videoId: input.videoId.nullable().catch(null) });

export const contract = defineRoute({
  access: "public",
  kind: "page",
  // The same for everyone, and the signed files never change under their URL.
  pageCache: true,
  robots: "noindex",
  input: { params },
});

export async function loader({ context }: Route.LoaderArgs) {
  const { videoId } = routeInput(context, contract).params;
  if (!videoId) return data<CredentialsData>({ state: "not-found" }, { status: 404 });
  const found = await attempt(
    context,
    "content credentials",
    async () => {
      const video = await getPublicVideo(videoId);
      return video && { video, assets: await videoCredentials(video, appMediaStorage()) };
    },
    () => "failed" as const,
  );
  if (found === "failed") return data<CredentialsData>({ state: "error" }, { status: 500 });
  if (!found) return data<CredentialsData>({ state: "not-found" }, { status: 404 });
  return data<CredentialsData>({ state: "ok", video: { id: found.video.id, title: found.video.title }, assets: found.assets });
}

export function meta({ loaderData: d, matches, params: p }: Route.MetaArgs) {
  const path = paths.videoCredentials(p.videoId ?? "");
  const siteUrl = siteUrlFromMatches(matches);
  if (d?.state !== "ok") {
    const title = d?.state === "error" ? "Error" : "Video not found";
    return seoMeta({
      locale: localeFromMatches(matches),
      siteUrl,
      title,
      description: "The requested video could not be found.",
      path,
      noindex: true,
    });
  }
  const description = `The signed content credentials (C2PA) of ${d.video.title}: how it was made and who signed it.`;
  return seoMeta({
    locale: localeFromMatches(matches),
    siteUrl,
    title: `Content credentials: ${d.video.title}`,
    description,
    path,
    noindex: true,
  });
}

export default function VideoCredentialsPage({ loaderData: d }: Route.ComponentProps) {
  if (d.state !== "ok") {
    const notFound = d.state === "not-found";
    return (
      <section role={notFound ? undefined : "alert"} className="py-16 text-center">
        <h1 className="text-2xl font-bold">{notFound ? "Video not found" : "Error"}</h1>
        <p className="mt-3 text-zinc-400">{notFound ? "The requested video could not be found." : LOAD_ERROR}</p>
      </section>
    );
  }
  const development = d.assets.some((a) => a.development);
  return (
    <article className="max-w-3xl">
      <h1 className="text-2xl font-bold">Content credentials</h1>
      <p className="mt-2 text-zinc-300">
        Of{" "}
        <Link to={paths.video(d.video.id)} className="text-brand-300 hover:underline">
          {d.video.title}
        </Link>
      </p>
      <p className="mt-4 text-zinc-300">
        Content credentials are a signed record that travels with a file and says how it was made (the C2PA standard). Every video here is
        made by an AI model, and its credentials say so. Any C2PA tool can check the files linked below.
      </p>
      {development && (
        <p role="note" className="mt-4 rounded-xl border border-amber-400/60 bg-amber-500/10 p-4 text-amber-200">
          <strong>Development certificate.</strong> These credentials are signed with a certificate this site generated for itself. It shows
          that the files have not changed since they were signed, not who signed them: nobody trusts it.
        </p>
      )}
      {d.assets.map((a) => (
        <AssetCredentials key={a.url} asset={a} />
      ))}
    </article>
  );
}

function AssetCredentials({ asset: a }: { asset: CredentialsView }) {
  const id = `credentials-${a.name.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <section aria-labelledby={id} className="mt-8 rounded-xl bg-ink-900 p-5">
      <h2 id={id} className="text-xl font-bold">
        {a.name}
      </h2>
      {a.missing ? (
        <p className="mt-2 text-zinc-400">No content credentials were found in this file.</p>
      ) : (
        <dl className="mt-3 grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-[12rem_1fr]">
          <dt className="text-zinc-400">How it was made</dt>
          <dd>
            {a.digitalSourceType === TRAINED_ALGORITHMIC_MEDIA
              ? "Created by a trained AI model (IPTC: trainedAlgorithmicMedia)"
              : (a.digitalSourceType ?? "Not stated")}
          </dd>
          <dt className="text-zinc-400">Actions</dt>
          <dd>{a.actions.map((action) => ACTION_NAMES[action] ?? action).join(", ") || "None"}</dd>
          <dt className="text-zinc-400">Signature</dt>
          <dd>
            {a.signatureValid && a.failures.length === 0
              ? "Valid: the file has not changed since it was signed"
              : `Not valid (${a.failures.join(", ") || "no signature"})`}
          </dd>
          <dt className="text-zinc-400">Signed by</dt>
          <dd>
            {a.signer ?? "Unknown"}
            {a.development && " (development certificate, not trusted)"}
          </dd>
          <dt className="text-zinc-400">Issued by</dt>
          <dd>{a.issuer ?? "Unknown"}</dd>
          <dt className="text-zinc-400">Made with</dt>
          <dd>{a.generator ?? "Not stated"}</dd>
          {a.files.length > 0 && (
            <>
              <dt className="text-zinc-400">Files covered</dt>
              <dd>
                <details>
                  <summary className="cursor-pointer">{a.files.length} playlists and segments, each by SHA-256</summary>
                  <ul className="mt-2 break-all font-mono text-xs text-zinc-300">
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
          Download the signed file
        </a>
      </p>
    </section>
  );
}
