import { useMessages } from "~/lib/i18n";
import { VideoCard, type VideoCardData } from "./VideoCard";

/** Rendered width of a related card (1/2/3 columns beside the 300px sidebar from lg). */
const RELATED_SIZES =
  "(min-width: 1280px) 292px, (min-width: 1024px) calc((100vw - 384px) / 2), (min-width: 640px) calc((100vw - 52px) / 2), calc(100vw - 32px)";

/** The video page's "Related Videos" (docs/architecture.md "Recommendations"): the cards, or why there are none. */
export function RelatedVideos({ related, failed }: { related: VideoCardData[]; failed: boolean }) {
  const t = useMessages("video");
  return (
    <section aria-labelledby="related-heading" className="mt-10">
      <h2 id="related-heading" className="mb-4 text-xl font-bold">
        {t("relatedHeading")}
      </h2>
      {failed ? (
        <p className="text-zinc-400">{t("relatedFailed")}</p>
      ) : related.length === 0 ? (
        <p className="text-zinc-400">{t("noRelated")}</p>
      ) : (
        <div className="grid grid-cols-1 gap-x-5 gap-y-8 sm:grid-cols-2 xl:grid-cols-3">
          {related.map((r) => (
            <VideoCard key={r.id} video={r} sizes={RELATED_SIZES} />
          ))}
        </div>
      )}
    </section>
  );
}
