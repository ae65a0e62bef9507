import { describe, expect, it } from "vitest";
import { clientIp, MAX_FORM_BYTES, parseCookie, parseForm, plainText, readForm, requestId, userAgent } from "./params";
import { z } from "./zod";

describe("plainText", () => {
  it.each(["a\u0000b", "a\nb", "\u007f", "\ud800", "x\udc00"])("refuses %j", (v) => {
    expect(plainText(100).safeParse(v).success).toBe(false);
  });
  it.each(["", "café", "😀", "\u202eRTL", "a\u200bb", "e\u0301", "<script>alert(1)</script>", "' OR 1=1 --"])("accepts %j", (v) => {
    expect(plainText(100).safeParse(v).success).toBe(true);
  });
  it("caps the length", () => {
    expect(plainText(3).safeParse("abcd").success).toBe(false);
  });
});

describe("readForm", () => {
  const post = (body: BodyInit | null, contentType?: string) =>
    new Request("http://localhost/contact", { method: "POST", body, headers: contentType ? { "content-type": contentType } : {} });

  it("reads url-encoded and multipart forms", async () => {
    const a = await readForm(post("name=Ada&message=hi+there", "application/x-www-form-urlencoded"));
    expect(a.ok && a.form.get("message")).toBe("hi there");
    const fd = new FormData();
    fd.set("name", "Ada");
    const b = await readForm(new Request("http://localhost/contact", { method: "POST", body: fd }));
    expect(b.ok && b.form.get("name")).toBe("Ada");
  });

  it.each([
    ["JSON", '{"name":"Ada"}', "application/json"],
    ["text", "name=Ada", "text/plain"],
    ["no content type", "name=Ada", undefined],
  ])("answers 415 for %s", async (_label, body, type) => {
    expect(await readForm(post(body, type))).toEqual({ ok: false, status: 415, headers: {} });
  });

  it("answers 400 for a broken multipart body", async () => {
    expect(
      await readForm(post('--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nno end', "multipart/form-data; boundary=x")),
    ).toEqual({
      ok: false,
      status: 400,
      headers: {},
    });
    expect(await readForm(post("whatever", "multipart/form-data"))).toEqual({ ok: false, status: 400, headers: {} });
  });

  it("answers 413 past the cap, also without Content-Length", async () => {
    const big = `message=${"x".repeat(MAX_FORM_BYTES)}`;
    expect(await readForm(post(big, "application/x-www-form-urlencoded"))).toEqual({
      ok: false,
      status: 413,
      headers: { Connection: "close" },
    });
    const stream = new ReadableStream({
      start(c) {
        c.enqueue(new TextEncoder().encode(big));
        c.close();
      },
    });
    const chunked = new Request("http://localhost/contact", {
      method: "POST",
      body: stream,
      duplex: "half",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    } as RequestInit);
    expect(await readForm(chunked)).toEqual({ ok: false, status: 413, headers: { Connection: "close" } });
  });

  it("reads an empty form", async () => {
    const empty = await readForm(post("", "application/x-www-form-urlencoded"));
    expect(empty.ok && [...empty.form.keys()]).toEqual([]);
  });
});

describe("parseForm", () => {
  const schema = z.object({ name: plainText(100).default(""), answer: z.string().optional() });
  const form = (entries: [string, string | Blob][]) => {
    const fd = new FormData();
    for (const [k, v] of entries) fd.append(k, v);
    return fd;
  };
  it("returns known fields as strings", () => {
    expect(
      parseForm(
        schema,
        form([
          ["name", "Ada"],
          ["other", "x"],
        ]),
      ),
    ).toEqual({ name: "Ada" });
  });
  it("refuses repeated fields, files and control characters", () => {
    expect(
      parseForm(
        schema,
        form([
          ["name", "a"],
          ["name", "b"],
        ]),
      ),
    ).toBeUndefined();
    expect(parseForm(schema, form([["name", new Blob(["x"])]]))).toBeUndefined();
    expect(parseForm(schema, form([["name", "a\u0000"]]))).toBeUndefined();
  });
});

describe("header-derived values", () => {
  it("reads one cookie through a schema", () => {
    const yes = z.literal("true");
    expect(parseCookie(yes, "a=1; ageVerified=true; b=2", "ageVerified")).toBe("true");
    expect(parseCookie(yes, "ageVerified=yes", "ageVerified")).toBeUndefined();
    expect(parseCookie(yes, "xageVerified=true", "ageVerified")).toBeUndefined();
    expect(parseCookie(yes, null, "ageVerified")).toBeUndefined();
    expect(parseCookie(yes, `ageVerified=true; ${"x".repeat(9000)}`, "ageVerified")).toBeUndefined();
  });
  it("keeps only short, plain request ids", () => {
    expect(requestId.safeParse("abc-123.x:y_z").success).toBe(true);
    for (const bad of ["", "x".repeat(65), "a b", "<script>", "a\u0000"]) expect(requestId.safeParse(bad).success).toBe(false);
  });
  it("keeps only real IP addresses", () => {
    expect(clientIp.parse("203.0.113.9")).toBe("203.0.113.9");
    expect(clientIp.parse("::1")).toBe("::1");
    expect(clientIp.parse("<script>")).toBeNull();
    expect(clientIp.parse(null)).toBeNull();
  });
  it("blanks control characters in the user agent and caps it", () => {
    expect(userAgent.parse("Mozilla\u0000/5.0")).toBe("Mozilla /5.0");
    expect(userAgent.parse("U".repeat(5000))).toHaveLength(1000);
    expect(userAgent.parse("")).toBeNull();
    expect(userAgent.parse(null)).toBeNull();
  });
});
