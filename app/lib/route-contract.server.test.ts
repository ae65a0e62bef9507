import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { routeContext } from "../../server/http/request-context";
import { contract as favoritesContract } from "../routes/account/favorites";
import { contract as videoContract } from "../routes/video";
import { textsOfMatches } from "./i18n";
import { enforceRouteContract } from "./route-contract.server";

const VIDEO = "/video/5f0c6b7e-2d8a-4c1e-9b3f-0a1b2c3d4e5f";

/** What the root middleware throws for the video page's address (at `lang`'s prefix), or null when it lets it through. */
async function thrownFor(path: string, lang?: string): Promise<unknown> {
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
    return null;
  } catch (thrown) {
    return thrown;
  }
}

/** The middleware's answer to the video page's address: a thrown response's status and Location, or null. */
async function answer(path: string, lang?: string): Promise<{ status: number; location: string | null } | null> {
  const thrown = await thrownFor(path, lang);
  if (thrown === null) return null;
  if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get("Location") };
  return { status: (thrown as { init?: ResponseInit }).init?.status ?? 0, location: null };
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

describe("a signed-in page asked for by a visitor", () => {
  /** Where the root middleware sends a visitor (no session cookie) who asks for the favorites page at `path`. */
  async function signInRedirect(path: string, lang?: string): Promise<{ status: number; location: string | null }> {
    const context = new RouterContextProvider();
    const params = lang === undefined ? {} : { lang };
    context.set(routeContext, {
      id: "routes/account/favorites",
      pattern: "/favorites",
      localized: true,
      contract: favoritesContract,
      methods: ["GET", "HEAD"],
      params,
    });
    const args = { request: new Request(`http://localhost${path}`), context, params };
    try {
      await enforceRouteContract(args as unknown as Parameters<typeof enforceRouteContract>[0], async () => new Response());
    } catch (thrown) {
      if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get("Location") };
      throw thrown;
    }
    throw new Error(`${path} was let through`);
  }

  it("sends them to the sign-in page in the page's language, which leads back to the page in that language", async () => {
    expect(await signInRedirect("/favorites?page=2")).toEqual({ status: 302, location: "/login?redirectTo=%2Ffavorites%3Fpage%3D2" });
    expect(await signInRedirect("/de/favorites", "de")).toEqual({ status: 302, location: "/de/login?redirectTo=%2Fde%2Ffavorites" });
    // A client navigation's data request: the page it is for.
    expect(await signInRedirect("/ar/favorites.data", "ar")).toEqual({ status: 302, location: "/ar/login?redirectTo=%2Far%2Ffavorites" });
  });
});

describe("a refusal before any loader", () => {
  const refusal = async (path: string, lang: string) => (await thrownFor(path, lang)) as { data: unknown; init: ResponseInit };

  it("is a plain 4xx whose error page still names the layout's texts in the page's language", async () => {
    const german = await refusal(`/de${VIDEO}?list=%00`, "de");
    expect(german.init.status).toBe(400);
    // No loader ran, so no route named its texts: the layout's come from the page's language all the same.
    expect(textsOfMatches([{ loaderData: undefined }], "de")).toEqual([{ locale: "de", ns: "common" }]);
    expect((await refusal(`/xx${VIDEO}`, "xx")).init.status).toBe(404);
  });
});
