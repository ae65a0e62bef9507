import { test as base, expect, type Page } from "@playwright/test";

/** Every test starts as a visitor who has passed the age gate, unless it clears the cookie itself. */
export const test = base.extend<{ verified: Page }>({
  context: async ({ context, baseURL }, use) => {
    await context.addCookies([{ name: "ageVerified", value: "true", url: baseURL as string }]);
    await use(context);
  },
});

export { expect };

export async function setFaults(baseURL: string | undefined, faults: string[]): Promise<void> {
  const res = await fetch(`${baseURL}/__test/faults`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ faults }),
  });
  if (!res.ok) throw new Error(`could not set faults: ${res.status}`);
}

export async function jsonLd(page: Page): Promise<Record<string, unknown>[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((b) => JSON.parse(b));
}
