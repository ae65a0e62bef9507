import { describe, expect, it } from "vitest";
import { loadOrder } from "./catalog";

const table = (name: string) => ({ schema: "public", name });
const ref = (from: string, to: string) => ({ from: `public.${from}`, to: `public.${to}` });

describe("loadOrder", () => {
  it("puts every table after the tables it references, keeping the given order otherwise; self-references are fine", () => {
    const tables = ["categories", "comments", "playlist_items", "playlists", "users", "videos"].map(table);
    const references = [
      ref("playlist_items", "playlists"),
      ref("playlist_items", "videos"),
      ref("playlists", "users"),
      ref("comments", "comments"),
      ref("comments", "users"),
      ref("comments", "videos"),
      ref("videos", "categories"),
      ref("videos", "users"),
    ];
    expect(loadOrder(tables, references).map((t) => t.name)).toEqual([
      "categories",
      "users",
      "playlists",
      "videos",
      "comments",
      "playlist_items",
    ]);
  });

  it("names the tables of a cycle (a load could not satisfy their foreign keys)", () => {
    expect(() => loadOrder(["a", "b", "c"].map(table), [ref("a", "b"), ref("b", "a")])).toThrow(
      "foreign keys form a cycle between public.a, public.b",
    );
  });
});
