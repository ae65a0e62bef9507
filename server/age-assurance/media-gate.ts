import type { RequestHandler } from "express";
import { mediaWithheld } from "../../core/age-assurance";
import { HOUSE_AD_KEY } from "../media/house-ad";
import { requestAgeAccess } from "./access";

/**
 * Mounted on /media: a visitor from whom explicit media are withheld gets 403 for every video file (stills,
 * playlists, segments, storyboards), whatever URL they found (an old page, the sitemap, a shared link). Pages
 * never name these files to them; this makes sure the files themselves stay shut. The house pre-roll clip is
 * the site's own advertising, not a video of the catalogue. Media served from a bucket or CDN
 * (MEDIA_STORAGE=s3) do not pass here: see docs/operations.md.
 */
export function withheldMediaGate(): RequestHandler {
  return (req, res, next) => {
    if (!mediaWithheld(requestAgeAccess(req)) || req.path === `/${HOUSE_AD_KEY}`) return next();
    res.status(403).set({ "Cache-Control": "no-store", "Content-Type": "text/plain; charset=utf-8" }).send("Age check required");
  };
}
