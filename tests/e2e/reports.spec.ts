import type { Browser } from "@playwright/test";
import { paths } from "../../core/paths";
import { newVisitor, outbox, setRole, signInOverHttp, testVideo, uniqueEmail } from "../support/account-session";
import { mailsMentioning } from "../support/outbox";
import { expect, hydrated, test } from "./support";

/**
 * Issue 22 items 1-2 in Chromium against the built server: a visitor reports a video (without JavaScript),
 * it is hidden at once and the admins are mailed; a moderator restores it from the queue. A signed-in user
 * reports a comment with the keyboard; the moderator removes it and bans its author, who is told why and
 * can comment again once the ban is lifted.
 */

type Role = "visitor" | "user" | "admin";

async function person(browser: Browser, baseURL: string | undefined, role: Role, javaScriptEnabled = true) {
  const { context, page, ip } = await newVisitor(browser, baseURL, { baseURL, javaScriptEnabled });
  if (role === "visitor") return { context, page, email: null };
  const email = uniqueEmail(`reports-${role}`);
  await signInOverHttp(context.request, email, ip);
  await setRole(baseURL, email, role);
  return { context, page, email };
}

const REFERENCE = /R-[0-9A-Z]{4}-[0-9A-Z]{4}/;

test("a visitor without JavaScript reports a video: hidden at once, admins mailed; a moderator restores it", async ({
  browser,
  baseURL,
}) => {
  const admin = await person(browser, baseURL, "admin");
  const videoId = await testVideo(baseURL);
  const visitor = await person(browser, baseURL, "visitor", false);
  // The transparency page's count of this reason, before (reached from the footer like anyone would).
  await visitor.page.goto(paths.home());
  await visitor.page.getByRole("contentinfo").getByRole("link", { name: "Trust and Safety" }).click();
  await expect(visitor.page.getByRole("heading", { name: "Trust and Safety", level: 1 })).toBeVisible();
  const minorReports = async () => Number(await visitor.page.locator('[data-figure="reason-minor"]').textContent());
  const before = await minorReports();
  await visitor.page.goto(paths.video(videoId));
  await visitor.page.getByRole("link", { name: "Report", exact: true }).click();
  await expect(visitor.page).toHaveURL(`/report?video=${videoId}`);
  await expect(visitor.page.getByRole("heading", { name: "Report", exact: true })).toBeVisible();

  // No reason: the form comes back with its message and the typed details.
  await visitor.page.getByLabel("Details").fill("The person shown looks very young.");
  await visitor.page.getByRole("button", { name: "Send Report" }).click();
  await expect(visitor.page.getByText("Choose a reason for your report.")).toBeVisible();
  await expect(visitor.page.getByLabel("Details")).toHaveValue("The person shown looks very young.");

  await visitor.page.getByLabel("May involve a minor").check();
  // The answer that hid the video is a 200 with the reference, not the 404 of an item no longer found (issue 32 item 5).
  const sent = visitor.page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/report"));
  await visitor.page.getByRole("button", { name: "Send Report" }).click();
  expect((await sent).status()).toBe(200);
  await expect(visitor.page.getByRole("heading", { name: "Thank you, your report was received" })).toBeVisible();
  await expect(visitor.page.getByText("It is hidden from everyone while our moderators review it.")).toBeVisible();
  const reference = REFERENCE.exec((await visitor.page.getByText("Your reference number is").textContent()) ?? "")?.[0] as string;
  expect(reference).toBeTruthy();

  // Hidden from everyone at once: the page is gone, and the admin was told, with a link to the queue.
  expect((await visitor.page.goto(paths.video(videoId)))?.status()).toBe(404);
  await expect.poll(() => mailsMentioning(outbox(), reference).some((m) => m.includes(`To: ${admin.email}`))).toBe(true);
  expect(mailsMentioning(outbox(), reference)[0]).toContain("/admin/reports");
  // Counted on the transparency page at once (the report drops its cached copy).
  await visitor.page.goto(paths.trust());
  expect(await minorReports()).toBeGreaterThan(before);

  // The dashboard counts it and links to the queue.
  await admin.page.goto(paths.admin.dashboard());
  await expect(admin.page.locator('[data-total="reports"]')).toContainText(/oldest waiting \d+ min/);
  await admin.page.locator('[data-total="reports"]').getByRole("link", { name: "Open reports" }).click();
  await expect(admin.page.getByRole("heading", { name: "Reports" })).toBeVisible();
  const item = admin.page.locator(`[data-report-target="video:${videoId}"]`);
  await expect(item.getByText("Hidden pending review")).toBeVisible();
  await expect(item.getByText("May involve a minor × 1")).toBeVisible();
  await item.getByText(/The reports/).click();
  await expect(item.getByText(reference)).toBeVisible();
  await expect(item.getByText("The person shown looks very young.")).toBeVisible();

  // A decision needs a reason; then Restore shows the video again and closes the item.
  await item.getByRole("button", { name: /^Restore/ }).click();
  expect(await item.getByLabel("Reason for your decision").evaluate((el: HTMLTextAreaElement) => el.validity.valueMissing)).toBe(true);
  // Past the browser's check, the server refuses too, with the field's message.
  const bare = await admin.page.request.post(paths.admin.reports(), {
    form: { intent: "restore", targetType: "video", targetId: videoId, note: " " },
    headers: { Origin: baseURL as string },
  });
  expect(bare.status()).toBe(400);
  await expect(item).toBeVisible();
  await item.getByLabel("Reason for your decision").fill("Synthetic adult performer; attestation on file.");
  await item.getByRole("button", { name: /^Restore/ }).click();
  await expect(item).toHaveCount(0);
  expect((await visitor.page.goto(paths.video(videoId)))?.status()).toBe(200);

  // The audit log names the moderator, the decision and the reason.
  await admin.page.goto("/admin/audit?action=report.");
  await expect(admin.page.getByText("Synthetic adult performer; attestation on file.").first()).toBeVisible();
  await Promise.all([admin.context.close(), visitor.context.close()]);
});

test("a user reports a comment by keyboard; the moderator bans its author, who is told why, until the ban is lifted", async ({
  browser,
  baseURL,
}) => {
  const admin = await person(browser, baseURL, "admin");
  const author = await person(browser, baseURL, "user");
  const reporter = await person(browser, baseURL, "user");
  const videoId = await testVideo(baseURL);
  const text = `Buy followers at spam.example ${Date.now()}`;
  const posted = await author.page.request.post(paths.api.comments(), {
    form: { videoId, content: text, js: "1" },
    headers: { Origin: baseURL as string },
  });
  expect(posted.status()).toBe(200);

  await reporter.page.goto(paths.video(videoId));
  await reporter.page.getByRole("link", { name: "Report this comment" }).click();
  await expect(reporter.page.getByRole("blockquote")).toContainText(text);
  // The reasons are one radio group: the arrow keys move through it, Enter sends the form.
  await reporter.page.getByLabel("Depicts a real person without consent").focus();
  for (let i = 0; i < 4; i++) await reporter.page.keyboard.press("ArrowDown");
  await expect(reporter.page.getByLabel("Spam or abuse")).toBeChecked();
  await reporter.page.keyboard.press("Enter");
  await expect(reporter.page.getByText("Our moderators review every report, oldest first.")).toBeVisible();
  // Spam does not hide anything on its own.
  await reporter.page.goto(paths.video(videoId));
  await expect(reporter.page.getByText(text)).toBeVisible();

  await admin.page.goto(paths.admin.reports());
  const item = admin.page.locator('[data-report-target^="comment:"]').filter({ hasText: text });
  await expect(item.getByText("Spam or abuse × 1")).toBeVisible();
  await expect(item.getByText(author.email as string)).toBeVisible();
  await item.getByLabel("Reason for your decision").fill("Advertising links in comments.");
  await item.getByRole("button", { name: "Remove and ban the author" }).click();
  await expect(item).toHaveCount(0);

  // The comment is gone from the public page; its author cannot comment, and is told why.
  await author.page.goto(paths.video(videoId));
  await hydrated(author.page); // the refusal with its reason is the scripted answer's
  await expect(author.page.getByText(text)).toHaveCount(0);
  await author.page.getByLabel("Add a comment").fill("Am I still here?");
  await author.page.getByRole("button", { name: "Post Comment" }).click();
  await expect(
    author.page.getByText(
      "A moderator has banned your account from commenting, liking and publishing playlists. The moderators' reason: Advertising links in comments.",
    ),
  ).toBeVisible();
  const like = await author.page.request.post(paths.api.like(videoId), {
    form: { liked: "true", js: "1" },
    headers: { Origin: baseURL as string },
  });
  expect(like.status()).toBe(403);

  // Lifted on the Users page: the author comments again.
  await admin.page.goto(`/admin/users?q=${encodeURIComponent(author.email as string)}`);
  await expect(admin.page.getByText("Advertising links in comments.")).toBeVisible();
  await admin.page.getByRole("button", { name: /^Lift ban/ }).click();
  await expect(admin.page.getByText("Ban lifted.")).toBeVisible();
  const again = await author.page.request.post(paths.api.comments(), {
    form: { videoId, content: "Back, and on topic.", js: "1" },
    headers: { Origin: baseURL as string },
  });
  expect(again.status()).toBe(200);
  await Promise.all([admin.context.close(), author.context.close(), reporter.context.close()]);
});

test("a visitor reports a public playlist from its page; it is hidden from others at once, its owner is told why; the moderator removes it", async ({
  browser,
  baseURL,
}) => {
  const admin = await person(browser, baseURL, "admin");
  const owner = await person(browser, baseURL, "user");
  const made = await owner.page.request.post(paths.api.playlists(), {
    form: { intent: "create", title: "Slow evening picks", description: "Calm ones.", visibility: "public" },
    headers: { Accept: "application/json" },
  });
  const playlistId = ((await made.json()) as { playlistId: string }).playlistId;
  const visitor = await person(browser, baseURL, "visitor");
  await visitor.page.goto(paths.playlist(playlistId));
  await visitor.page.getByRole("link", { name: "Report this playlist" }).click();
  await expect(visitor.page).toHaveURL(`/report?playlist=${playlistId}`);
  await expect(visitor.page.getByText("Playlist:")).toBeVisible();
  await visitor.page.getByLabel("Depicts a real person without consent").check();
  await visitor.page.getByRole("button", { name: "Send Report" }).click();
  await expect(visitor.page.getByText("It is hidden from everyone while our moderators review it.")).toBeVisible();
  expect((await visitor.page.goto(paths.playlist(playlistId)))?.status()).toBe(404);
  await owner.page.goto(paths.playlist(playlistId));
  await expect(owner.page.getByText("This playlist is hidden from others while our moderators review a report about it.")).toBeVisible();

  await admin.page.goto(paths.admin.reports());
  const item = admin.page.locator(`[data-report-target="playlist:${playlistId}"]`);
  await expect(item.getByText("Slow evening picks", { exact: true })).toBeVisible();
  await item.getByLabel("Reason for your decision").fill("Uses a real person's name in its description.");
  await item.getByRole("button", { name: "Remove playlist" }).click();
  await expect(item).toHaveCount(0);
  expect((await owner.page.goto(paths.playlist(playlistId)))?.status()).toBe(404);
  await Promise.all([admin.context.close(), owner.context.close(), visitor.context.close()]);
});
