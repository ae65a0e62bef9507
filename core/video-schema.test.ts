import { describe, expect, it } from "vitest";
import { checkVideoFields, refuseVideoFile, videoFieldsFromForm } from "./video-schema";

describe("video fields (console upload and edit, browser and server)", () => {
  const valid = { title: " Harbour lights ", description: "", category: "Amateur", isPublic: "on" };

  it("trims, turns an empty description into null and reads the checkbox", () => {
    expect(checkVideoFields(valid)).toEqual({
      ok: true,
      fields: { title: "Harbour lights", description: null, category: "Amateur", isPublic: true },
    });
    const { isPublic: _off, ...unchecked } = valid;
    expect(checkVideoFields(unchecked)).toMatchObject({ ok: true, fields: { isPublic: false } });
  });

  it("puts each refusal on its own field, the content policy included", () => {
    const result = checkVideoFields({ title: "", description: "Filmed by a 16 yo", category: "Teens", isPublic: "maybe" });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.title).toBe("Enter a title");
    expect(result.errors.description).toMatch(/^Description contains a term that suggests minors/);
    expect(result.errors.category).toMatch(/^Category contains a term that suggests minors/);
    expect(result.errors.isPublic).toBe("Choose public or private");
    expect(checkVideoFields({ ...valid, title: "x".repeat(201) })).toMatchObject({ ok: false, errors: { title: /at most 200/ } });
    expect(checkVideoFields({ ...valid, title: "a\u0000b" })).toMatchObject({ ok: false, errors: { title: "Unreadable characters" } });
  });

  it("a field sent twice or as a file makes the form unreadable", () => {
    const twice = new FormData();
    twice.append("title", "a");
    twice.append("title", "b");
    expect(videoFieldsFromForm(twice)).toBeUndefined();
    const file = new FormData();
    file.append("title", new Blob(["x"]), "x.txt");
    expect(videoFieldsFromForm(file)).toBeUndefined();
  });

  it("accepts video files by extension and type, within the size limit", () => {
    expect(refuseVideoFile("clip.MP4", "video/mp4", 10, 100)).toBeNull();
    expect(refuseVideoFile("clip.mkv", "", 10, 100)).toBeNull();
    expect(refuseVideoFile("notes.txt", "text/plain", 10, 100)).toMatch(/^Only video files/);
    expect(refuseVideoFile("notes.mp4", "text/plain", 10, 100)).toMatch(/^Only video files/);
    expect(refuseVideoFile("mp4", "video/mp4", 10, 100)).toMatch(/^Only video files/);
    expect(refuseVideoFile("clip.mp4", "video/mp4", 0, 100)).toBe("The file is empty.");
    expect(refuseVideoFile("clip.mp4", "video/mp4", 101, 100)).toMatch(/larger than the/);
  });
});
