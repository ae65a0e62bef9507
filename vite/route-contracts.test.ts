import path from "node:path";
import { describe, expect, it } from "vitest";
import { routeContractsServerOnly } from "./route-contracts";

const root = "/repo";
const plugin = routeContractsServerOnly(root);
const transform = (code: string, id = path.join(root, "app/routes/page.tsx")) =>
  (plugin.transform as (code: string, id: string) => { code: string } | null)(code, id);

const ROUTE = `import { defineRoute } from "~core/route-contract";
import { input } from "~core/params";
import { z } from "~core/zod";
import { format } from "~/lib/format";
const pageQuery = z.object({ page: input.page });
export const contract = defineRoute({ access: "public", kind: "page", input: { query: pageQuery } });
export default function Page() { return format(1); }
`;

describe("route contracts in the browser build", () => {
  it("removes the contract and what only it used, keeping the page", () => {
    const out = transform(ROUTE)?.code ?? "";
    expect(out).not.toMatch(/contract|defineRoute|pageQuery|~core\/zod|~core\/params/);
    expect(out).toMatch(/export default function Page/);
    expect(out).toMatch(/~\/lib\/format/);
  });

  it("leaves modules outside app/routes and routes without a contract alone", () => {
    expect(transform(ROUTE, path.join(root, "app/lib/x.ts"))).toBeNull();
    expect(transform("export default function Page() { return null; }\n")).toBeNull();
  });
});
