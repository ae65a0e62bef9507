import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import type { AdConfiguration } from "../../core/ad-units";
import { useTestDatabase } from "../../tests/support/test-db";
import { adHostsSchema } from "../env/ads";
import { contentSecurityPolicy } from "../http/headers";
import { houseAdPath, houseAdUrl } from "../media/house-ad";
import { localMediaStorage } from "../media/storage";
import {
  applyLatestAdConfiguration,
  currentAdConfiguration,
  currentPreRollConfig,
  resetAdConfigurationForTests,
  watchAdConfiguration,
} from "./ad-units-feed";
import { AdConfigError, getPreRollUnit, preRollConfigOf, setPreRoll } from "./ads";

/** What the player would get with the house clip rendered under `mediaRoot` (or not). */
const readPreRollConfig = async (mediaRoot: string) =>
  preRollConfigOf(await getPreRollUnit(), await houseAdUrl(localMediaStorage(mediaRoot)));
const HOUSE_AD_URL = "/media/house-ad/house-ad.mp4";

const { handle } = useTestDatabase();
const AD_HOSTS = ["https://ads.example.com", "http://127.0.0.1:4555"];
const withClip = fs.mkdtempSync(path.join(os.tmpdir(), "pleazure-ads-"));
const withoutClip = fs.mkdtempSync(path.join(os.tmpdir(), "pleazure-ads-none-"));
fs.mkdirSync(path.dirname(houseAdPath(withClip)), { recursive: true });
fs.writeFileSync(houseAdPath(withClip), "stand-in");

async function refused(input: Parameters<typeof setPreRoll>[0]): Promise<AdConfigError> {
  const err = await setPreRoll(input, AD_HOSTS).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AdConfigError);
  return err as AdConfigError;
}

describe("pre-roll configuration (the Pre_Roll ad unit)", () => {
  it("exists after migrating, switched off, with the SPEC default of 15 s", async () => {
    const unit = await getPreRollUnit();
    expect(unit).toMatchObject({ name: "Pre_Roll", active: false, source: "house", vastTagUrl: null, durationSeconds: 15 });
    const row = await handle().db.selectFrom("ad_units").select("location").where("name", "=", "Pre_Roll").executeTakeFirstOrThrow();
    expect(row.location).toBe("player");
    expect(await readPreRollConfig(withClip)).toBeNull();
  });

  it("the house clip: played when active and rendered, nothing when the clip is missing", async () => {
    await setPreRoll({ active: true, source: "house", durationSeconds: 15 }, AD_HOSTS);
    expect(await readPreRollConfig(withClip)).toEqual({
      source: "house",
      vastTagUrl: null,
      durationSeconds: 15,
      houseClip: { src: HOUSE_AD_URL, clickThrough: "/" },
    });
    expect(await readPreRollConfig(withoutClip)).toBeNull();
  });

  it("a VAST tag on an allowed host is saved, with the house clip as its fallback", async () => {
    const before = await getPreRollUnit();
    const saved = await setPreRoll(
      { active: true, source: "vast", vastTagUrl: " https://ads.example.com/vast?zone=1 ", durationSeconds: 20 },
      AD_HOSTS,
    );
    expect(saved).toMatchObject({ active: true, source: "vast", vastTagUrl: "https://ads.example.com/vast?zone=1", durationSeconds: 20 });
    expect(saved.updatedAt.getTime()).toBeGreaterThanOrEqual(before?.updatedAt.getTime() ?? 0);
    expect(await readPreRollConfig(withClip)).toMatchObject({
      source: "vast",
      vastTagUrl: "https://ads.example.com/vast?zone=1",
      houseClip: { src: HOUSE_AD_URL },
    });
    // Without the house clip a VAST pre-roll still plays (and plays nothing when the tag fails).
    expect(await readPreRollConfig(withoutClip)).toMatchObject({ source: "vast", houseClip: null });
  });

  it("refuses bad settings with a clear message for the field", async () => {
    const vast = { active: true, source: "vast" as const, durationSeconds: 15 };
    expect(await refused({ ...vast })).toMatchObject({ field: "vastTagUrl", message: "Enter the VAST tag URL" });
    expect(await refused({ ...vast, vastTagUrl: "javascript:alert(1)" })).toMatchObject({ field: "vastTagUrl" });
    expect(await refused({ ...vast, vastTagUrl: "ftp://ads.example.com/vast.xml" })).toMatchObject({ field: "vastTagUrl" });
    expect(await refused({ ...vast, vastTagUrl: "https://user:pw@ads.example.com/v" })).toMatchObject({ field: "vastTagUrl" });
    expect(await refused({ ...vast, vastTagUrl: `https://ads.example.com/${"a".repeat(2100)}` })).toMatchObject({ field: "vastTagUrl" });
    const offHost = await refused({ ...vast, vastTagUrl: "https://evil.example.net/vast.xml" });
    expect(offHost.message).toContain("https://evil.example.net is not an allowed ad host");
    expect(offHost.message).toContain("AD_HOSTS");
    // Same host name, another port or scheme: another origin.
    expect(await refused({ ...vast, vastTagUrl: "http://ads.example.com/vast.xml" })).toMatchObject({ field: "vastTagUrl" });
    for (const durationSeconds of [0, -5, 1.5, 121, Number.NaN]) {
      expect(await refused({ active: true, source: "house", durationSeconds })).toMatchObject({ field: "durationSeconds" });
    }
    expect(await refused({ active: true, source: "flash" as "house", durationSeconds: 15 })).toMatchObject({ field: "source" });
    // Nothing of the refused settings was stored.
    expect(await getPreRollUnit()).toMatchObject({
      source: "vast",
      vastTagUrl: "https://ads.example.com/vast?zone=1",
      durationSeconds: 20,
    });
  });

  it("switching off works even when the saved tag's host is no longer allowed", async () => {
    await setPreRoll({ active: true, source: "vast", vastTagUrl: "https://ads.example.com/old", durationSeconds: 15 }, AD_HOSTS);
    const off = await setPreRoll({ active: false, source: "vast", vastTagUrl: "https://ads.example.com/old", durationSeconds: 15 }, []);
    expect(off).toMatchObject({ active: false, vastTagUrl: "https://ads.example.com/old" });
    const err = await setPreRoll(
      { active: true, source: "vast", vastTagUrl: "https://ads.example.com/old", durationSeconds: 15 },
      [],
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AdConfigError);
    await setPreRoll({ active: true, source: "vast", vastTagUrl: "https://ads.example.com/vast?zone=1", durationSeconds: 20 }, AD_HOSTS);
  });

  it("the database refuses a VAST source without a tag even past the service", async () => {
    const update = handle().db.updateTable("ad_units").set({ preroll_source: "vast", vast_tag_url: null }).where("name", "=", "Pre_Roll");
    await expect(update.execute()).rejects.toThrow(/ad_units_vast_needs_url/);
  });

  it("the live copy (every video page reads it, with the banners) follows a change as soon as it is saved", async () => {
    // (A VAST pre-roll: it needs no house clip under the test process's DATA_DIR.)
    resetAdConfigurationForTests();
    await setPreRoll({ active: true, source: "vast", vastTagUrl: "https://ads.example.com/a", durationSeconds: 15 }, AD_HOSTS);
    expect(await currentPreRollConfig()).toMatchObject({ vastTagUrl: "https://ads.example.com/a" });
    await setPreRoll({ active: true, source: "vast", vastTagUrl: "https://ads.example.com/b", durationSeconds: 15 }, AD_HOSTS);
    expect(await currentPreRollConfig()).toMatchObject({ vastTagUrl: "https://ads.example.com/b" });
    await setPreRoll({ active: false, source: "house", durationSeconds: 15 }, AD_HOSTS);
    expect(await currentPreRollConfig()).toBeNull();
  });

  it("tells its watchers (the page cache, the live streams) of every read but the process's first", async () => {
    // Nothing was shown with another configuration before the first read, so the page cache keeps the pages
    // rendered meanwhile; every later read may be a change, and clears it.
    resetAdConfigurationForTests();
    const told: AdConfiguration[] = [];
    const unwatch = watchAdConfiguration((config) => told.push(config));
    try {
      const first = await currentAdConfiguration();
      expect(told).toEqual([]);
      await applyLatestAdConfiguration();
      expect(told).toEqual([first]);
    } finally {
      unwatch();
    }
  });

  it("after a first read that failed (pages showed no ads meanwhile), tells its watchers of the next one", async () => {
    resetAdConfigurationForTests();
    const told: AdConfiguration[] = [];
    const unwatch = watchAdConfiguration((config) => told.push(config));
    const db = handle().db;
    try {
      await sql`ALTER TABLE ad_units RENAME TO ad_units_away`.execute(db);
      await expect(currentAdConfiguration()).rejects.toThrow(/ad_units/);
      await sql`ALTER TABLE ad_units_away RENAME TO ad_units`.execute(db);
      const read = await currentAdConfiguration();
      expect(told).toEqual([read]);
    } finally {
      await sql`ALTER TABLE IF EXISTS ad_units_away RENAME TO ad_units`.execute(db);
      unwatch();
    }
  });
});

describe("AD_HOSTS and the Content-Security-Policy", () => {
  it("parses origins and refuses anything that is not one", () => {
    expect(adHostsSchema().parse(" https://ads.example.com , http://127.0.0.1:4555/,https://ads.example.com")).toEqual(AD_HOSTS);
    expect(adHostsSchema().parse(undefined)).toEqual([]);
    for (const bad of ["ads.example.com", "https://ads.example.com/path", "javascript:alert(1)", "https://a.example.com?x=1", "*"]) {
      expect(adHostsSchema().safeParse(bad).success, bad).toBe(false);
    }
  });

  it("allows exactly the ad hosts for requests, media and pixels; scripts and the rest stay closed", () => {
    const directives = Object.fromEntries(
      contentSecurityPolicy({ nonce: "n0nce" }, AD_HOSTS)
        .split("; ")
        .map((d) => [d.split(" ")[0], d.split(" ").slice(1)]),
    );
    for (const name of ["connect-src", "media-src", "img-src"]) expect(directives[name]).toEqual(expect.arrayContaining(AD_HOSTS));
    for (const [name, sources] of Object.entries(directives)) {
      if (!["connect-src", "media-src", "img-src"].includes(name)) for (const h of AD_HOSTS) expect(sources, name).not.toContain(h);
    }
    expect(contentSecurityPolicy({ nonce: "n0nce" }, [])).not.toContain("127.0.0.1");
    expect(directives["connect-src"]).toEqual(["'self'", ...AD_HOSTS]);
    expect(directives["media-src"]).toEqual(["'self'", "blob:", ...AD_HOSTS]);
  });
});
