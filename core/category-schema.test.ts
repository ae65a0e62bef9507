import { describe, expect, it } from "vitest";
import { categoryForms, categoryNameSchema } from "./category-schema";
import { categoryNameFromParam, slugify } from "./slug";

describe("category names (the console's browser check and the server's)", () => {
  it.each([
    ["  Night   Drive ", "Night Drive"],
    ["HD", "HD"],
    ["Top 10", "Top 10"],
  ])("accepts %j as %j, which its page address finds again", (raw, stored) => {
    const parsed = categoryNameSchema.parse(raw);
    expect(parsed).toBe(stored);
    expect(categoryNameFromParam(slugify(parsed)).toLowerCase()).toBe(parsed.toLowerCase());
  });

  it.each([
    ["", "Enter a name"],
    ["   ", "Enter a name"],
    ["A", "The name must be at least 2 characters"],
    ["x".repeat(41), "The name must be at most 40 characters"],
    ["R&B", "Use only letters A-Z, digits and spaces (the name is also the page address)"],
    ["Big-Ass", "Use only letters A-Z, digits and spaces (the name is also the page address)"],
    ["Café", "Use only letters A-Z, digits and spaces (the name is also the page address)"],
    ["<script>", "Use only letters A-Z, digits and spaces (the name is also the page address)"],
    ["a\u0000b", "Use only letters A-Z, digits and spaces (the name is also the page address)"],
  ])("refuses %j: %s", (raw, message) => {
    const parsed = categoryNameSchema.safeParse(raw);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(message);
  });

  it("the delete form takes an empty or a uuid target", () => {
    const id = "00000000-0000-4000-8000-000000000000";
    expect(categoryForms.delete.safeParse({ intent: "delete", categoryId: id, moveTo: "" }).success).toBe(true);
    expect(categoryForms.delete.safeParse({ intent: "delete", categoryId: id, moveTo: id }).success).toBe(true);
    expect(categoryForms.delete.safeParse({ intent: "delete", categoryId: id, moveTo: "x" }).success).toBe(false);
  });
});
