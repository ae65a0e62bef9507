import { describe, expect, it } from "vitest";
import { CLOSED, type ComboboxAction, comboboxReducer } from "./combobox-state";

const run = (...actions: ComboboxAction[]) => actions.reduce(comboboxReducer, CLOSED);

describe("comboboxReducer", () => {
  it("opens on results with nothing highlighted, and stays closed without any", () => {
    expect(run({ type: "results", count: 3 })).toEqual({ open: true, active: -1, count: 3 });
    expect(run({ type: "results", count: 0 })).toEqual(CLOSED);
    expect(run({ type: "results", count: 3 }, { type: "down" }, { type: "results", count: 2 })).toEqual({
      open: true,
      active: -1,
      count: 2,
    });
  });

  it("ArrowDown and ArrowUp move through the options and wrap around", () => {
    const three = { type: "results", count: 3 } as const;
    expect(run(three, { type: "down" }).active).toBe(0);
    expect(run(three, { type: "down" }, { type: "down" }, { type: "down" }).active).toBe(2);
    expect(run(three, { type: "down" }, { type: "down" }, { type: "down" }, { type: "down" }).active).toBe(0);
    expect(run(three, { type: "up" }).active).toBe(2);
    expect(run(three, { type: "down" }, { type: "up" }).active).toBe(2);
    expect(run(three, { type: "down" }, { type: "down" }, { type: "up" }).active).toBe(0);
  });

  it("arrows do nothing without options; on a closed list with options they reopen it", () => {
    expect(run({ type: "down" })).toEqual(CLOSED);
    expect(run({ type: "up" })).toEqual(CLOSED);
    const closed = run({ type: "results", count: 2 }, { type: "down" }, { type: "close" });
    expect(closed).toEqual({ open: false, active: -1, count: 2 });
    expect(comboboxReducer(closed, { type: "down" })).toEqual({ open: true, active: 0, count: 2 });
    expect(comboboxReducer(closed, { type: "up" })).toEqual({ open: true, active: 1, count: 2 });
  });

  it("close keeps the options for reopening; open reopens without a highlight; hover highlights only within range", () => {
    const closed = run({ type: "results", count: 2 }, { type: "close" });
    expect(comboboxReducer(closed, { type: "open" })).toEqual({ open: true, active: -1, count: 2 });
    expect(comboboxReducer(closed, { type: "hover", index: 1 })).toBe(closed);
    const open = run({ type: "results", count: 2 });
    expect(comboboxReducer(open, { type: "hover", index: 1 }).active).toBe(1);
    expect(comboboxReducer(open, { type: "hover", index: 2 })).toBe(open);
    expect(comboboxReducer(CLOSED, { type: "close" })).toBe(CLOSED);
  });
});
