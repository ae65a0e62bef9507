import { paths } from "../../core/paths";
import { expect, jsonLd, test } from "./support";

const CONTACT_EMAIL = "contact@pleazure.example";
const LEGAL_ENTITY = "Pleazure sp. z o.o.";

const sectionHeadings = (page: import("@playwright/test").Page) => page.locator("main article h2").allTextContents();

test("Our Values: the five values, metadata; /our-values redirects here", async ({ page }) => {
  const res = await page.goto("/our-values");
  expect(res?.status()).toBe(200);
  await expect(page).toHaveURL(/\/values$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Our Values");
  expect(await sectionHeadings(page)).toEqual([
    "Innovation First",
    "Ethical by Design",
    "Creativity Without Limits",
    "Privacy & Freedom",
    "Community-Driven Growth",
  ]);
  await expect(page).toHaveTitle("Our Values | Pleazure");
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /principles behind Pleazure/);
  await expect(page.locator("link[rel=canonical]")).toHaveAttribute("href", /\/values$/);
  const ld = await jsonLd(page);
  expect(ld.find((d) => d["@type"] === "AboutPage")).toMatchObject({ name: "Our Values" });
  expect(ld.find((d) => d["@type"] === "BreadcrumbList")).toBeTruthy();

  // The footer link reaches the same page.
  await page.goto(paths.home());
  await page.getByRole("navigation", { name: "Company" }).getByRole("link", { name: "Our Values" }).click();
  await expect(page).toHaveURL(/\/values$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Our Values");
});

test("Career: no open positions, resume to the configured contact address", async ({ page }) => {
  await page.goto(paths.career());
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Careers");
  await expect(page.locator("main article")).toContainText("We do not have any open positions at the moment.");
  const mail = page.locator("main article").getByRole("link", { name: CONTACT_EMAIL });
  await expect(mail).toHaveAttribute("href", `mailto:${CONTACT_EMAIL}`);
  await expect(page.locator("main article")).not.toContainText("{email}");
  await expect(page).toHaveTitle("Careers | Pleazure");
});

test("Terms of Service: last updated 26.08.2025, 14 numbered sections, governing law Poland", async ({ page }) => {
  await page.goto(paths.terms());
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Terms of Service");
  await expect(page.getByText("Last updated: 26.08.2025")).toBeVisible();
  const headings = await sectionHeadings(page);
  expect(headings).toHaveLength(14);
  expect(headings.map((h) => h.split(". ")[0])).toEqual(Array.from({ length: 14 }, (_, i) => String(i + 1)));
  expect(headings[0]).toBe("1. Eligibility and Age");
  expect(headings[12]).toBe("13. Governing Law");
  await expect(page.locator("main article")).toContainText("governed by the laws of Poland");
  await expect(page.locator("main article")).toContainText(LEGAL_ENTITY);
  await expect(page.locator("main article")).not.toContainText("{legalEntity}");
  await expect(page.locator("main article").getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy");
  await expect(page).toHaveTitle("Terms of Service | Pleazure");
});

test("Privacy Policy: last updated 26.08.2025 and 10 sections; /privacy-policy redirects here", async ({ page }) => {
  await page.goto("/privacy-policy");
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacy Policy");
  await expect(page.getByText("Last updated: 26.08.2025")).toBeVisible();
  const headings = await sectionHeadings(page);
  expect(headings).toHaveLength(10);
  expect(headings[0]).toBe("1. Data We Collect");
  expect(headings[9]).toBe("10. Contact");
  await expect(page.locator("main article")).toContainText("GDPR");
  await expect(page.locator("main article")).toContainText("CCPA");
  await expect(page.locator("main article").getByRole("link", { name: CONTACT_EMAIL })).toHaveAttribute("href", `mailto:${CONTACT_EMAIL}`);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /GDPR, CCPA/);
});

test("FAQ: accordion operable by keyboard, answers with links, FAQPage structured data", async ({ page }) => {
  await page.goto(paths.faq());
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Frequently Asked Questions");
  const items = page.locator("main details");
  expect(await items.count()).toBeGreaterThanOrEqual(11);
  const questions = await page.locator("main details summary").allTextContents();
  for (const q of [
    "What is Pleazure?",
    "Is the content real?",
    "Is it legal?",
    "Do I need an account?",
    "How does Pleazure make money?",
    "What are $PLEAZ and $PZN?",
    "What is on the roadmap?",
  ]) {
    expect(questions).toContain(q);
  }

  // Closed by default; Enter opens, Space closes, focus stays on the question.
  const first = items.first();
  const summary = first.locator("summary");
  await expect(first).not.toHaveAttribute("open");
  await expect(first.getByText("curated library of AI-generated adult videos")).toBeHidden();
  await summary.focus();
  await page.keyboard.press("Enter");
  await expect(first).toHaveAttribute("open", "");
  await expect(first.getByText("curated library of AI-generated adult videos")).toBeVisible();
  await expect(summary).toBeFocused();
  await page.keyboard.press("Space");
  await expect(first).not.toHaveAttribute("open");

  // Structured data: one Question per entry, answers as plain text.
  const ld = await jsonLd(page);
  const faq = ld.find((d) => d["@type"] === "FAQPage") as {
    mainEntity: { "@type": string; name: string; acceptedAnswer: { "@type": string; text: string } }[];
  };
  expect(faq.mainEntity.length).toBe(questions.length);
  expect(faq.mainEntity[0]).toMatchObject({ "@type": "Question", name: "What is Pleazure?", acceptedAnswer: { "@type": "Answer" } });
  const money = faq.mainEntity.find((q) => q.name === "How does Pleazure make money?");
  expect(money?.acceptedAnswer.text).toContain("Advertising through ad networks");
  for (const q of faq.mainEntity) expect(q.acceptedAnswer.text).not.toMatch(/\*\*|\]\(|^- /);

  // Tab reaches the next question; links inside an opened answer work.
  await summary.focus();
  await page.keyboard.press("Tab");
  await expect(items.nth(1).locator("summary")).toBeFocused();
  const legal = items.filter({ hasText: "Is it legal?" });
  await legal.locator("summary").click();
  await legal.getByRole("link", { name: "Terms of Service" }).click();
  await expect(page).toHaveURL(/\/terms$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Terms of Service");
});

test("every static page is server-rendered with its own title and canonical", async ({ request }) => {
  for (const [path, heading] of [
    ["/values", "Our Values"],
    ["/career", "Careers"],
    ["/terms", "Terms of Service"],
    ["/privacy", "Privacy Policy"],
    ["/faq", "Frequently Asked Questions"],
  ]) {
    const res = await request.get(path as string);
    expect(res.status(), path).toBe(200);
    const html = await res.text();
    expect(html).toContain(`<title>${heading} | Pleazure</title>`);
    expect(html).toMatch(new RegExp(`<link rel="canonical" href="http://127\\.0\\.0\\.1:\\d+${path}"`));
    expect(html).toContain(`>${heading}</h1>`);
  }
});
