import { describe, expect, it } from "vitest";
import { parseCaptionFile, serializeCaptions } from "../../core/captions";
import { demoCues } from "./demo-captions";

describe("demo captions", () => {
  it("fit the clip and pass the console's own check unchanged", () => {
    for (const duration of [6, 12.5, 45]) {
      const cues = demoCues(duration);
      expect(cues.length).toBe(6);
      expect(cues.every((c) => c.start >= 0 && c.end > c.start && c.end <= duration)).toBe(true);
      const vtt = serializeCaptions(cues);
      const parsed = parseCaptionFile(new TextEncoder().encode(vtt), duration);
      expect(parsed.ok && parsed.vtt).toBe(vtt);
    }
  });
});
