import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { routeContext } from "../../server/http/request-context";
import { contract as videoContract } from "../routes/video";
import { enforceRouteContract } from "./route-contract.server";

const VIDEO = "/video/5f0c6b7e-2d8a-4c1e-9b3f-0a1b2c3d4e5f";

/** What the root middleware answers the video page's address with: a thrown response's status and Location, or null. */
async function answer(path: string, lang?: string): Promise<{ status: number; location: string | null } | null> {
  const context = new RouterContextProvider();
  const params = { videoId: VIDEO.split("/")[2], ...(lang === undefined ? {} : { lang }) };
  context.set(routeContext, {
    id: "routes/video",
    pattern: "/video/:videoId",
    localized: true,
    contract: videoContract,
    methods: ["GET", "HEAD"],
    params,
  });
  const args = { request: new Request(`http://localhost${path}`), context, params };
  try {
    await enforceRouteContract(args as unknown as Parameters<typeof enforceRouteContract>[0], async () => new Response());
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get("Location") };
    return { status: (thrown as { init?: ResponseInit }).init?.status ?? 0, location: null };
  }
  return null;
}

describe("a declared canonical address (the video page's ?comments)", () => {
  it("sends a readable but non-canonical address to the canonical one with 301, other parameters kept", async () => {
    expect(await answer(`${VIDEO}?comments=51&t=1`)).toEqual({ status: 301, location: `${VIDEO}?comments=100&t=1` });
    expect(await answer(`${VIDEO}?comments=100&comments=150`)).toEqual({ status: 301, location: VIDEO }); // repeated: the first page
    expect(await answer(`${VIDEO}?comments=50`)).toEqual({ status: 301, location: VIDEO });
  });

  it("lets a canonical address through, and refuses an unreadable query before redirecting", async () => {
    expect(await answer(`${VIDEO}?comments=150`)).toBeNull();
    expect(await answer(VIDEO)).toBeNull();
    expect(await answer(`${VIDEO}?comments=51&list=%00`)).toEqual({ status: 400, location: null });
  });
});

describe("a localized page's language segment", () => {
  it("is a language's code or a 404, before anything else runs", async () => {
    expect(await answer(`/de${VIDEO}`, "de")).toBeNull();
    expect(await answer(`/pt-br${VIDEO}?comments=51`, "pt-br")).toEqual({ status: 301, location: `/pt-br${VIDEO}?comments=100` });
    for (const word of ["xx", "en", "pt-BR", "api"])
      expect(await answer(`/${word}${VIDEO}`, word)).toEqual({ status: 404, location: null });
  });
});
