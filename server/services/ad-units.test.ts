import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../tests/support/test-db";
import { AdUnitNotFoundError, listAdUnits, readAdConfiguration, setAdUnitActive, setAdUnitZone, setPreRollAudited } from "./ad-units";
import { AdConfigError } from "./ads";
import { listAuditEntries } from "./audit-log";

const { handle } = useTestDatabase();
const admin = { id: "admin-1", email: "admin@example.com" };

async function insertBanner(name: string, isActive: boolean, zoneId = "5001") {
  return handle()
    .db.insertInto("ad_units")
    .values({ name, zone_id: zoneId, location: "sidebar", is_active: isActive, updated_at: new Date("2020-01-01T00:00:00Z") })
    .returning("id")
    .executeTakeFirstOrThrow();
}

describe("banner ad units", () => {
  it("the ad configuration is keyed by slot name and leaves out the pre-roll and unknown units", async () => {
    const { id } = await insertBanner("Med_Rect_1", true, "777");
    await insertBanner("Some_Other_Unit", true);
    const config = await readAdConfiguration();
    expect(config).toEqual({ Med_Rect_1: { id, isActive: true, zoneId: "777", duration: 15 } });
    expect((await listAdUnits()).map((u) => u.name)).toEqual(["Med_Rect_1", "Pre_Roll", "Some_Other_Unit"]);
  });

  it("a toggle saves is_active with a new updated_at and records who, what, before and after", async () => {
    const { id } = await insertBanner("Billboard_1", true);
    const saved = await setAdUnitActive(id, false, admin);
    expect(saved).toMatchObject({ id, name: "Billboard_1", isActive: false });
    expect(saved.updatedAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
    const [entry] = await listAuditEntries({ actionPrefix: "ad_unit." });
    expect(entry).toMatchObject({
      actorEmail: "admin@example.com",
      action: "ad_unit.toggle",
      target: "Billboard_1",
      before: { isActive: true },
      after: { isActive: false },
    });
    const row = await handle().db.selectFrom("admin_audit_log").select("actor_id").executeTakeFirstOrThrow();
    expect(row.actor_id).toBe("admin-1");
  });

  it("a zone id is validated by the shared schema; a refused one changes and records nothing", async () => {
    const { id } = await insertBanner("Billboard_2", true, "1");
    const before = (await listAuditEntries()).length;
    await expect(setAdUnitZone(id, "<script>", admin)).rejects.toBeInstanceOf(AdConfigError);
    await expect(setAdUnitZone(id, "", admin)).rejects.toThrow("Enter the zone id");
    expect((await listAuditEntries()).length).toBe(before);
    expect((await setAdUnitZone(id, " 42-b ", admin)).zoneId).toBe("42-b");
    expect((await listAuditEntries())[0]).toMatchObject({ action: "ad_unit.zone", before: { zoneId: "1" }, after: { zoneId: "42-b" } });
  });

  it("an unknown unit is reported, not created, and not recorded", async () => {
    const before = (await listAuditEntries()).length;
    await expect(setAdUnitActive("00000000-0000-4000-8000-000000000000", true, admin)).rejects.toBeInstanceOf(AdUnitNotFoundError);
    expect((await listAuditEntries()).length).toBe(before);
  });

  it("pre-roll changes go through the pre-roll service and are recorded", async () => {
    await setPreRollAudited({ active: true, source: "house", durationSeconds: 10 }, admin);
    expect((await listAuditEntries())[0]).toMatchObject({
      action: "ad_unit.preroll",
      target: "Pre_Roll",
      before: { active: false, durationSeconds: 15 },
      after: { active: true, source: "house", durationSeconds: 10 },
    });
    await expect(setPreRollAudited({ active: true, source: "vast", vastTagUrl: null, durationSeconds: 10 }, admin)).rejects.toThrow(
      "Enter the VAST tag URL",
    );
  });

  it("the audit list is newest first and honours its limit", async () => {
    const entries = await listAuditEntries({ limit: 2 });
    expect(entries).toHaveLength(2);
    expect(entries[0]?.at.getTime()).toBeGreaterThanOrEqual(entries[1]?.at.getTime() ?? 0);
  });
});
