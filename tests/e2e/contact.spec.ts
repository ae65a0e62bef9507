import crypto from "node:crypto";
import type { Page } from "@playwright/test";
import { paths } from "../../core/paths";
import { formTokenIn } from "../support/form-token";
import { expect, jsonLd, setFaults, test } from "./support";

/**
 * The contact form (docs/product.md "Contact form"). Every test uses its own X-Forwarded-For address (the
 * server trusts the loopback proxy), so each has its own rate-limit bucket and a known stored IP, and
 * its own e-mail address to find its rows through the test hook.
 */

test.afterEach(async ({ baseURL }) => setFaults(baseURL, []));

const SUBMIT_ERROR = "An error occurred while submitting your message. Please try again.";
const MIN_FILL_MS = 3000;

function uniqueIp(): string {
  const [a, b, c] = crypto.randomBytes(3);
  return `10.${a}.${b}.${Math.max(1, c ?? 1)}`;
}

function uniqueEmail(tag: string): string {
  return `${tag}-${crypto.randomBytes(5).toString("hex")}@example.com`;
}

interface StoredMessage {
  name: string;
  email: string;
  subject: string;
  message: string;
  ip_address: string | null;
  user_agent: string | null;
}

async function storedMessages(baseURL: string | undefined, email: string): Promise<StoredMessage[]> {
  const res = await fetch(`${baseURL}/__test/contact-messages?email=${encodeURIComponent(email)}`);
  if (!res.ok) throw new Error(`contact-messages hook answered ${res.status}`);
  return ((await res.json()) as { messages: StoredMessage[] }).messages;
}

/** Opens /contact from a given client address. */
async function openForm(page: Page, ip: string, { hydrated = true } = {}): Promise<void> {
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": ip });
  await page.goto(paths.contact());
  if (hydrated) await expect(page.getByRole("form", { name: "Contact form" })).toHaveAttribute("data-hydrated", "true");
}

/** When the server issued the form's current token (server and tests share this machine's clock). */
async function tokenIssuedAt(page: Page): Promise<number> {
  const token = await page.locator('input[name="formToken"]').inputValue();
  const issuedAt = Number(/^contact:(\d+):/.exec(token)?.[1]);
  expect(issuedAt).toBeGreaterThan(0);
  return issuedAt;
}

/** Waits until the 3-second minimum since the server issued the form's token has surely passed. */
async function pastMinimumFill(page: Page): Promise<void> {
  const wait = (await tokenIssuedAt(page)) + MIN_FILL_MS + 250 - Date.now();
  if (wait > 0) await page.waitForTimeout(wait);
}

const fields = (page: Page) => ({
  name: page.getByLabel("Name", { exact: true }),
  email: page.getByLabel("Email", { exact: true }),
  subject: page.getByLabel("Subject", { exact: true }),
  message: page.getByLabel("Message", { exact: true }),
  submit: page.getByRole("button", { name: /^(Send Message|Sending\.\.\.)$/ }),
});

async function fillValid(page: Page, email: string) {
  const f = fields(page);
  await f.name.fill("  Grace Hopper ");
  await f.email.fill(email);
  await f.subject.fill("A question about the library");
  await f.message.fill("Hello! How do you label the AI-generated videos?");
}

test("page content and metadata", async ({ page }) => {
  await openForm(page, uniqueIp(), { hydrated: false });
  await expect(page).toHaveTitle("Contact | Pleazure");
  await expect(page.getByRole("heading", { level: 1, name: "Contact Us" })).toBeVisible();
  await expect(page.locator("main").getByRole("link", { name: "contact@pleazure.example" })).toHaveAttribute(
    "href",
    "mailto:contact@pleazure.example",
  );
  await expect(page.locator("link[rel=canonical]")).toHaveAttribute("href", /\/contact$/);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{40,}/);
  expect((await jsonLd(page)).some((d) => d["@type"] === "ContactPage")).toBe(true);
  // The honeypot is there for bots only: off-screen, unfocusable, hidden from assistive technology.
  const honeypot = page.locator('input[name="website"]');
  await expect(honeypot).toHaveAttribute("tabindex", "-1");
  await expect(honeypot).toHaveAttribute("autocomplete", "off");
  await expect(page.locator('[aria-hidden="true"]:has(input[name="website"])')).toHaveCount(1);
  await expect(page.getByRole("textbox", { name: "Website" })).toHaveCount(0);
});

test("client-side validation: each error shown under its field, focus on the first, cleared on edit", async ({ page }) => {
  await openForm(page, uniqueIp());
  const posts: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST") posts.push(r.url());
  });
  const f = fields(page);

  await f.submit.click();
  const expected = {
    name: "Name is required",
    email: "Email is required",
    subject: "Subject is required",
    message: "Message is required",
  };
  for (const [field, text] of Object.entries(expected)) {
    const input = f[field as keyof typeof expected];
    await expect(page.getByText(text, { exact: true })).toBeVisible();
    await expect(input).toHaveAttribute("aria-invalid", "true");
    await expect(input).toHaveAccessibleDescription(new RegExp(text));
  }
  await expect(f.name).toBeFocused();

  // Editing a field clears only its own error.
  await f.name.fill("A");
  await expect(page.getByText("Name is required")).toHaveCount(0);
  await expect(f.name).not.toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Email is required")).toBeVisible();

  await f.email.fill("not-an-email");
  await f.subject.fill("Hi");
  await f.message.fill("123456789");
  await f.submit.click();
  await expect(page.getByText("Name must be at least 2 characters")).toBeVisible();
  await expect(page.getByText("Please enter a valid email address")).toBeVisible();
  await expect(page.getByText("Subject must be at least 3 characters")).toBeVisible();
  await expect(page.getByText("Message must be at least 10 characters")).toBeVisible();
  await expect(f.name).toBeFocused();

  // Boundaries pass; trimming happens before counting.
  await f.name.fill("Al");
  await f.email.fill("  al@example.com ");
  await f.subject.fill("Hey");
  await f.message.fill(`  ${"m".repeat(1001)}  `);
  await expect(page.getByText("Name must be at least 2 characters")).toHaveCount(0);
  await f.submit.click();
  await expect(page.getByText("Message must be less than 1000 characters")).toBeVisible();
  await expect(f.message).toBeFocused();
  await expect(page.getByText(/must be at least|valid email/)).toHaveCount(0);
  await f.message.fill("         123456789  ");
  await f.submit.click();
  await expect(page.getByText("Message must be at least 10 characters")).toBeVisible();
  await f.message.fill("m".repeat(1000));
  await expect(page.getByText(/Message must/)).toHaveCount(0);

  expect(posts).toEqual([]); // nothing reached the server
});

test("sending: 'Sending...' while busy, 'Thank You!', stored with IP and user agent, 'Send Another Message' empties the form", async ({
  page,
  baseURL,
}) => {
  const ip = uniqueIp();
  const email = uniqueEmail("sent");
  await openForm(page, ip);
  await fillValid(page, email);
  await pastMinimumFill(page);

  // Hold the submission briefly so the busy state is observable.
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/contact(\.data)?(\?.*)?$/, async (route) => {
    if (route.request().method() === "POST") await held;
    await route.continue();
  });
  const documentUrl = page.url();
  await fields(page).submit.click();
  const busy = page.getByRole("button", { name: "Sending..." });
  await expect(busy).toBeVisible();
  await expect(busy).toBeDisabled();
  release();

  await expect(page.getByRole("heading", { name: "Thank You!" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Thank You!" })).toBeFocused();
  expect(page.url()).toBe(documentUrl);
  await page.unroute(/\/contact(\.data)?(\?.*)?$/);

  const userAgent = await page.evaluate(() => navigator.userAgent);
  const rows = await storedMessages(baseURL, email);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({
    name: "Grace Hopper",
    email,
    subject: "A question about the library",
    message: "Hello! How do you label the AI-generated videos?",
    ip_address: ip,
    user_agent: userAgent,
  });

  await page.getByRole("button", { name: "Send Another Message" }).click();
  const f = fields(page);
  await expect(f.name).toBeVisible();
  for (const input of [f.name, f.email, f.subject, f.message]) await expect(input).toHaveValue("");
  await expect(page.getByRole("heading", { name: "Thank You!" })).toHaveCount(0);
});

test("a filled honeypot shows the success view but stores nothing", async ({ page, baseURL }) => {
  const email = uniqueEmail("honeypot");
  await openForm(page, uniqueIp());
  await fillValid(page, email);
  await page.evaluate(() => {
    const input = document.querySelector<HTMLInputElement>('input[name="website"]');
    if (input) input.value = "https://spam.example";
  });
  await pastMinimumFill(page);
  await fields(page).submit.click();
  await expect(page.getByRole("heading", { name: "Thank You!" })).toBeVisible();
  expect(await storedMessages(baseURL, email)).toEqual([]);
});

test("a submission less than 3 seconds after the form was shown shows success but stores nothing", async ({ page, baseURL }) => {
  // Posted straight after loading the form (as a bot would), so a busy test machine cannot make it slow.
  for (let attempt = 0; attempt < 3; attempt++) {
    const email = uniqueEmail("fast");
    const ip = uniqueIp();
    await openForm(page, ip, { hydrated: false });
    const formToken = await page.locator('input[name="formToken"]').inputValue();
    const issuedAt = await tokenIssuedAt(page);
    const res = await page.request.post(paths.contact(), {
      headers: { "X-Forwarded-For": ip, Origin: baseURL as string },
      form: { name: "Grace Hopper", email, subject: "A question", message: "Hello there, a quick question.", website: "", formToken },
    });
    if (Date.now() - issuedAt >= MIN_FILL_MS - 500) continue; // this attempt was not fast enough to prove anything
    expect(res.status()).toBe(200);
    expect(await res.text()).toContain("Thank You!");
    expect(await storedMessages(baseURL, email)).toEqual([]);
    return;
  }
  throw new Error("could not submit within 3 seconds of loading the form on this machine");
});

test("a tampered form token is refused with a clear message, values kept; a later resend works", async ({ page, baseURL }) => {
  const email = uniqueEmail("token");
  await openForm(page, uniqueIp());
  await fillValid(page, email);
  await pastMinimumFill(page);
  // The token is forged in the request itself: a value set in the page can be put back by any re-render of the
  // form before the click (the viewer state arriving late on a busy machine did that once).
  let forged = false;
  await page.route(
    (url) => url.pathname.startsWith(paths.contact()),
    (route) => {
      const body = route.request().postData();
      if (forged || route.request().method() !== "POST" || !body) return route.continue();
      forged = true;
      const form = new URLSearchParams(body);
      form.set("formToken", `contact:${Date.now() - 60_000}:AAAAAAAAAAAAAAAA.forged`);
      return route.continue({ postData: form.toString() });
    },
  );
  await fields(page).submit.click();
  await expect(page.getByRole("alert")).toHaveText("We could not verify this form. Please wait a few seconds and send it again.");
  await expect(fields(page).email).toHaveValue(email);
  expect(await storedMessages(baseURL, email)).toEqual([]);

  await pastMinimumFill(page); // the replacement token starts its own 3 seconds
  await fields(page).submit.click();
  await expect(page.getByRole("heading", { name: "Thank You!" })).toBeVisible();
  expect(await storedMessages(baseURL, email)).toHaveLength(1);
});

test("a server failure shows the docs/product.md error text and keeps the typed values; a retry succeeds", async ({ page, baseURL }) => {
  const email = uniqueEmail("failure");
  await openForm(page, uniqueIp());
  await fillValid(page, email);
  await pastMinimumFill(page);
  await setFaults(baseURL, ["contact.submit"]);
  await fields(page).submit.click();
  await expect(page.getByText(SUBMIT_ERROR)).toBeVisible();
  const f = fields(page);
  await expect(f.name).toHaveValue("  Grace Hopper ");
  await expect(f.email).toHaveValue(email);
  await expect(f.message).toHaveValue("Hello! How do you label the AI-generated videos?");
  await expect(f.submit).toBeEnabled();
  expect(await storedMessages(baseURL, email)).toEqual([]);

  // Retrying at once is not mistaken for a bot: the 3 seconds count from when the form was first shown.
  await setFaults(baseURL, []);
  await f.submit.click();
  await expect(page.getByRole("heading", { name: "Thank You!" })).toBeVisible();
  expect(await storedMessages(baseURL, email)).toHaveLength(1);
});

test("rate limit: the 6th message from one address in 10 minutes is refused with 429, values kept", async ({ page, baseURL }) => {
  const ip = uniqueIp();
  // Each form is accepted once (single-use tokens): six forms as six page loads would get them.
  const tokens = await Promise.all(
    Array.from({ length: 6 }, async () =>
      formTokenIn(await (await page.request.get(paths.contact(), { headers: { "X-Forwarded-For": ip } })).text()),
    ),
  );
  await openForm(page, ip);
  await pastMinimumFill(page);
  // Five plain form posts (as a browser without JavaScript sends them) use up the allowance.
  for (const [i, formToken] of tokens.slice(0, 5).entries()) {
    const res = await page.request.post(paths.contact(), {
      headers: { "X-Forwarded-For": ip, Origin: baseURL as string },
      form: {
        name: "Rate Tester",
        email: uniqueEmail("rate"),
        subject: "Subject",
        message: `Message number ${i}.`,
        website: "",
        formToken,
      },
    });
    expect(res.status()).toBe(200);
    expect(await res.text()).toContain("Thank You!");
  }

  const email = uniqueEmail("rate-sixth");
  await fillValid(page, email);
  const response = page.waitForResponse((r) => r.request().method() === "POST");
  await fields(page).submit.click();
  expect((await response).status()).toBe(429);
  await expect(page.getByRole("alert")).toHaveText("Too many messages. Please try again in 10 minutes.");
  await expect(fields(page).email).toHaveValue(email);
  await expect(fields(page).subject).toHaveValue("A question about the library");
  expect(await storedMessages(baseURL, email)).toEqual([]);

  // Another address is not affected.
  const other = await page.request.post(paths.contact(), {
    headers: { "X-Forwarded-For": uniqueIp(), Origin: baseURL as string },
    form: {
      name: "Other Sender",
      email: uniqueEmail("rate-other"),
      subject: "Subject",
      message: "Another address.",
      website: "",
      formToken: tokens[5] as string,
    },
  });
  expect(other.status()).toBe(200);
});

test("works without JavaScript: server-side errors with values kept, then success and a stored row", async ({ browser, baseURL }) => {
  const ip = uniqueIp();
  const userAgent = "PleazureNoScript/1.0 (contact e2e)";
  const context = await browser.newContext({ javaScriptEnabled: false, userAgent, extraHTTPHeaders: { "X-Forwarded-For": ip } });
  await context.addCookies([{ name: "ageVerified", value: "true", url: baseURL as string }]);
  const page = await context.newPage();
  try {
    const email = uniqueEmail("nojs");
    await page.goto(paths.contact());
    const f = fields(page);
    await f.name.fill("Z");
    await f.email.fill(email);
    await f.message.fill("too short");
    const [invalid] = await Promise.all([page.waitForNavigation(), f.submit.click()]);
    expect(invalid?.status()).toBe(400);
    await expect(page.getByText("Name must be at least 2 characters")).toBeVisible();
    await expect(page.getByText("Subject is required")).toBeVisible();
    await expect(page.getByText("Message must be at least 10 characters")).toBeVisible();
    await expect(f.name).toHaveAttribute("aria-invalid", "true");
    await expect(f.name).toHaveValue("Z");
    await expect(f.email).toHaveValue(email);
    await expect(f.message).toHaveValue("too short");

    await f.name.fill("Zoe Nojs");
    await f.subject.fill("Without scripts");
    await f.message.fill("This form works without JavaScript.");
    await pastMinimumFill(page);
    await f.submit.click();
    await expect(page.getByRole("heading", { name: "Thank You!" })).toBeVisible();
    const rows = await storedMessages(baseURL, email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: "Zoe Nojs", subject: "Without scripts", ip_address: ip, user_agent: userAgent });

    await page.getByRole("button", { name: "Send Another Message" }).click();
    await expect(f.name).toHaveValue("");
    await expect(f.message).toHaveValue("");
  } finally {
    await context.close();
  }
});
