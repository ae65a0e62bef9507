import { contentPolicy } from "./content-safety";
import { input, multilineText, plainText } from "./params";
import { PLAYLIST_LIMITS, WATCH_LATER } from "./playlists";
import { z } from "./zod";

/** Watch Later, or a playlist's id (lower case: ids compare as text in the addresses). */
export const playlistRef = z.union([z.literal(WATCH_LATER), z.uuid().transform((v) => v.toLowerCase())]);

const title = plainText(10_000)
  .transform((v) => v.trim())
  // The endpoint turns the code into a refusal the page words in its language (app/lib/playlist-refusal-text.ts).
  .pipe(z.string().min(1).max(PLAYLIST_LIMITS.titleMax))
  .superRefine(contentPolicy("title"));
const description = multilineText(10_000)
  .transform((v) => v.trim())
  .pipe(z.string().max(PLAYLIST_LIMITS.descriptionMax))
  .superRefine(contentPolicy("description"));
const visibility = z.enum(["private", "public"]).transform((v) => v === "public");
const redirectTo = plainText(2000).optional();
/** A 0-based place in the list to move an item to (past the end: the end). */
const index = z
  .string()
  .regex(/^\d{1,5}$/)
  .transform(Number);

/**
 * The forms of `POST /api/playlists`, by `intent`. Watch Later is toggled with add/remove and `playlist=watch-later`.
 */
export const PLAYLIST_FORMS = {
  create: z.object({
    intent: z.literal("create"),
    title,
    description: description.optional().default(""),
    visibility: visibility.optional().default(false),
    /** Created from the Save dialog: the video goes in at once. */
    videoId: input.videoId.optional(),
    redirectTo,
  }),
  update: z.object({ intent: z.literal("update"), playlist: z.uuid(), title, description, visibility, redirectTo }),
  delete: z.object({ intent: z.literal("delete"), playlist: z.uuid(), redirectTo }),
  add: z.object({ intent: z.literal("add"), playlist: playlistRef, videoId: input.videoId, redirectTo }),
  remove: z.object({ intent: z.literal("remove"), playlist: playlistRef, videoId: input.videoId, redirectTo }),
  move: z.object({ intent: z.literal("move"), playlist: playlistRef, videoId: input.videoId, to: index, redirectTo }),
} as const;

export type PlaylistIntent = keyof typeof PLAYLIST_FORMS;
export const playlistIntent = z.enum(Object.keys(PLAYLIST_FORMS) as [PlaylistIntent, ...PlaylistIntent[]]);

/** Declared for the route contract (the action parses with the intent's own schema). */
export const playlistForm = z.discriminatedUnion("intent", [
  PLAYLIST_FORMS.create,
  PLAYLIST_FORMS.update,
  PLAYLIST_FORMS.delete,
  PLAYLIST_FORMS.add,
  PLAYLIST_FORMS.remove,
  PLAYLIST_FORMS.move,
]);

export type PlaylistForm = z.output<typeof playlistForm>;
