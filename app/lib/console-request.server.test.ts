import { RouterContextProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { z } from "~core/zod";
import { consoleRequest } from "./console-request.server";

// The contract let the admin in before any action runs (app/lib/route-contract.server.ts): here, the admin is given.
vi.mock("./route-contract.server", () => ({ routeViewer: () => ({ id: "admin-1", email: "admin@example.com" }) }));

const schema = z.object({ intent: z.enum(["delete", "restore"]), commentId: z.uuid() });
const ID = "5f0c6b7e-2d8a-4c1e-9b3f-0a1b2c3d4e5f";

function args(body: BodyInit | null, init: { method?: string; type?: string } = {}) {
  const headers = init.type ? { "Content-Type": init.type } : undefined;
  const request = new Request("http://localhost/admin/comments", { method: init.method ?? "POST", body, headers });
  return { request, context: new RouterContextProvider() };
}
const form = (fields: Record<string, string>) => new URLSearchParams(fields);
const unreadable = (status: number, intent: string, headers: Record<string, string>) => ({ status, intent, headers });

describe("consoleRequest: the start of every console action", () => {
  it("answers 405 with Allow to another method", async () => {
    const thrown = await consoleRequest(args(form({}), { method: "PUT" }), unreadable).catch((e: unknown) => e);
    expect(thrown).toMatchObject({ init: { status: 405, headers: { Allow: "GET, HEAD, POST" } } });
  });

  it("gives the acting admin and the form, parsed when a schema is given", async () => {
    const begun = await consoleRequest(args(form({ intent: "delete", commentId: ID })), unreadable, { schema });
    expect(begun).toMatchObject({
      ok: true,
      actor: { id: "admin-1", email: "admin@example.com" },
      fields: { intent: "delete", commentId: ID },
    });
    const plain = await consoleRequest(args(form({ intent: "delete" })), unreadable);
    expect(plain.ok && plain.form.get("intent")).toBe("delete");
  });

  it("answers a body that is not a form with the action's own answer, its status and no intent", async () => {
    const begun = await consoleRequest(args("{}", { type: "application/json" }), unreadable, { schema });
    expect(begun).toEqual({ ok: false, answer: { status: 415, intent: "", headers: {} } });
  });

  it("answers fields the schema refuses with 400 and the intent the form named", async () => {
    const begun = await consoleRequest(args(form({ intent: "delete", commentId: "nope" })), unreadable, { schema });
    expect(begun).toEqual({ ok: false, answer: { status: 400, intent: "delete", headers: {} } });
  });
});
