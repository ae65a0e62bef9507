import { describe, expect, it } from "vitest";
import { readAdConfiguration } from "./ad-configuration-message";
import { AD_SLOT_NAMES, type AdConfiguration } from "./ad-units";

const unit = (i: number) => ({ id: `unit-${i}`, isActive: i % 2 === 0, zoneId: `zone_${i}`, duration: i * 10 });

describe("readAdConfiguration", () => {
  it("reads the configuration as the feed writes it (JSON of every slot)", () => {
    const config: AdConfiguration = Object.fromEntries(AD_SLOT_NAMES.map((name, i) => [name, unit(i)]));
    expect(readAdConfiguration(JSON.stringify(config))).toEqual(config);
    expect(readAdConfiguration("{}")).toEqual({});
  });

  it("drops slots this build does not know and fields a unit does not have", () => {
    const data = JSON.stringify({ Billboard_1: { ...unit(1), extra: "<script>" }, Sky_9: unit(2) });
    expect(readAdConfiguration(data)).toEqual({ Billboard_1: unit(1) });
    expect(readAdConfiguration('{"__proto__": {"id": "u", "isActive": true, "zoneId": "z", "duration": 0}}')).toEqual({});
  });

  it.each([
    ["not JSON", "{"],
    ["null", "null"],
    ["an array", "[]"],
    ["a string", '"x"'],
    ["an entry that is no unit", JSON.stringify({ Billboard_1: unit(1), other: 5 })],
    ["a missing field", JSON.stringify({ Billboard_1: { id: "u", isActive: true, zoneId: "z" } })],
    ["isActive as text", JSON.stringify({ Billboard_1: { ...unit(1), isActive: "true" } })],
    ["a negative duration", JSON.stringify({ Billboard_1: { ...unit(1), duration: -1 } })],
    ["a fractional duration", JSON.stringify({ Billboard_1: { ...unit(1), duration: 1.5 } })],
    ["an empty id", JSON.stringify({ Billboard_1: { ...unit(1), id: "" } })],
    ["an id over 100 characters", JSON.stringify({ Billboard_1: { ...unit(1), id: "u".repeat(101) } })],
    ["a zone id over 64 characters", JSON.stringify({ Billboard_1: { ...unit(1), zoneId: "z".repeat(65) } })],
  ])("refuses %s", (_what, data) => {
    expect(readAdConfiguration(data)).toBeUndefined();
  });
});
