import fs from "node:fs";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { freeLoopbackPort } from "../../server/process";
import { type AppProcess, startApp } from "../support/app-process";
import { expect, test } from "./support";

/**
 * Sign-in codes by real mail (issue 10 item 1): with SMTP_URL set, the app sends the code to an SMTP server
 * (started here on loopback), writes nothing to its outbox, and the code from that message signs the
 * visitor in, in the browser, through the same forms as everywhere else.
 */

interface Received {
  to: string[];
  body: string;
}

let app: AppProcess;
let smtp: SMTPServer;
const received: Received[] = [];

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), body: Buffer.concat(chunks).toString("utf8") });
        callback();
      });
    },
  });
  const port = await freeLoopbackPort();
  await new Promise<void>((resolve) => smtp.listen(port, "127.0.0.1", resolve));
  app = await startApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: "Pleazure <codes@pleazure.test>" });
});

test.afterAll(async () => {
  await app?.stop();
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
});

test("a visitor signs in with the code that arrived by SMTP; nothing goes to the outbox", async ({ browser }) => {
  const email = "smtp-visitor@example.com";
  const context = await browser.newContext();
  await context.addCookies([{ name: "ageVerified", value: "true", url: app.origin }]);
  const page = await context.newPage();
  await page.goto(`${app.origin}/login?redirectTo=%2Ffavorites`);
  await page.getByLabel("E-mail address").fill(email);
  await page.getByRole("button", { name: "Email me a sign-in code" }).click();
  await expect(page.getByText(`We sent a 6-digit code to ${email}`)).toBeVisible();

  await expect.poll(() => received.filter((m) => m.to.includes(email)).length).toBe(1);
  const message = received.find((m) => m.to.includes(email)) as Received;
  expect(message.body).toMatch(/^From: Pleazure <codes@pleazure\.test>/m);
  const code = /sign-in code is: (\d{6})/.exec(message.body)?.[1] as string;
  expect(code).toMatch(/^\d{6}$/);
  const outbox = path.join(app.dataDir, "outbox");
  expect(fs.existsSync(outbox) ? fs.readdirSync(outbox) : []).toEqual([]);

  await page.getByLabel("6-digit code").fill(code);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(`${app.origin}/favorites`);
  await expect(page.getByRole("heading", { level: 1, name: "Favorites" })).toBeVisible();
  await expect(page.getByRole("button", { name: `Account menu for ${email}` })).toBeVisible();
  await context.close();
});
