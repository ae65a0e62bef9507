import fs from "node:fs";
import path from "node:path";
import { renderToStaticMarkup } from "react-dom/server";
import { Link, MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { AppLink, isPlainLeftClick } from "./AppLink";

const inRouter = (node: React.ReactNode) => renderToStaticMarkup(<MemoryRouter initialEntries={["/search?q=x"]}>{node}</MemoryRouter>);

describe("AppLink", () => {
  it("renders exactly what <Link to> renders (attributes in the same order), so the page's HTML is unchanged", () => {
    const cases: [string, Record<string, string>][] = [
      ["/video/0b7e5b1c-1f8e-4f0a-9a57-4f5c1b2c3d4e", { className: "block rounded-xl" }],
      ["/category/big-tits", { className: "inline-block", "aria-label": "Page 2" }],
      ["/?page=3", {}],
      ["/blog/welcome-to-pleazure", { className: "hover:text-brand-300" }],
    ];
    for (const [to, props] of cases) {
      const link = inRouter(
        <Link to={to} {...props}>
          <span>text &amp; more</span>
        </Link>,
      );
      const plain = inRouter(
        <AppLink to={to} {...props}>
          <span>text &amp; more</span>
        </AppLink>,
      );
      expect(plain).toBe(link);
      expect(plain).toContain('data-discover="true"');
    }
  });

  it("leaves to the browser what <Link> leaves to it: other buttons and modifier keys", () => {
    const click = { button: 0, metaKey: false, altKey: false, ctrlKey: false, shiftKey: false };
    expect(isPlainLeftClick(click)).toBe(true);
    expect(isPlainLeftClick({ ...click, button: 1 })).toBe(false);
    for (const key of ["metaKey", "altKey", "ctrlKey", "shiftKey"] as const)
      expect(isPlainLeftClick({ ...click, [key]: true })).toBe(false);
  });

  it("no <Link reloadDocument> exists: the delegated handler would navigate its data-discover anchor client-side", () => {
    const root = path.resolve(import.meta.dirname, "../../..");
    const files = fs.globSync("app/**/*.tsx", { cwd: root }).filter((f) => !f.endsWith(".test.tsx"));
    const offenders = files.filter((f) => /<Link\b[^>]*\breloadDocument\b/s.test(fs.readFileSync(path.join(root, f), "utf8")));
    expect(offenders).toEqual([]);
  });
});
