import { describe, expect, it } from "vitest";
import { insertVideo } from "../../tests/support/fixtures";
import { useTestDatabase } from "../../tests/support/test-db";
import { setUserRole } from "./users";
import { resetAllViews } from "./views";

const { handle } = useTestDatabase();

describe("operator commands' services", () => {
  it("user:role sets the role and keeps is_creator in step; unknown e-mail → undefined", async () => {
    const db = handle().db;
    await db.insertInto("users").values({ id: "u1", email: "Ada@Example.com" }).execute();
    expect(await setUserRole("ada@example.com", "creator")).toMatchObject({ role: "creator" });
    expect((await db.selectFrom("users").select(["is_creator"]).where("id", "=", "u1").executeTakeFirstOrThrow()).is_creator).toBe(true);
    await setUserRole("ada@example.com", "user");
    expect((await db.selectFrom("users").select(["is_creator"]).where("id", "=", "u1").executeTakeFirstOrThrow()).is_creator).toBe(false);
    expect(await setUserRole("nobody@example.com", "admin")).toBeUndefined();
  });

  it("views:reset zeroes every view count", async () => {
    const db = handle().db;
    await insertVideo(db, { views: 10 });
    await insertVideo(db, { views: 0 });
    await insertVideo(db, { views: 3, is_public: false });
    expect(await resetAllViews()).toBe(2);
    const views = await db.selectFrom("videos").select("views").execute();
    expect(views.every((v) => v.views === 0)).toBe(true);
  });
});
