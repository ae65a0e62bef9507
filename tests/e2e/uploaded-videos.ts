import type { Browser } from "@playwright/test";
import { paths } from "../../core/paths";
import { signedInWithRole } from "../support/account-session";
import { expect, test } from "./support";

/**
 * Deletes the videos a spec uploaded (those the console's search finds by `query`), through the console as an
 * admin. Called from afterAll, which also runs after a failed attempt and before its retry: the shared site keeps
 * no leftover clip, which would otherwise be the newest in its category (a few seconds long, one rendition) where
 * other specs look for a video to play.
 */
export async function removeUploadedVideos(browser: Browser, query: string): Promise<void> {
  const baseURL = test.info().project.use.baseURL as string;
  const { context, page } = await signedInWithRole(browser, baseURL, "admin", { tag: "cleanup-admin" });
  await page.goto(paths.admin.videos({ q: query }));
  const ids = await page.locator("[data-admin-video]").evaluateAll((rows) => rows.map((row) => row.getAttribute("data-admin-video") ?? ""));
  for (const id of ids) {
    const deleted = await page.request.post(paths.admin.video(id), {
      form: { intent: "delete", confirm: "yes" },
      headers: { Origin: baseURL },
      maxRedirects: 0,
    });
    expect(deleted.status(), `deleting ${id}`).toBe(302);
  }
  await context.close();
}
