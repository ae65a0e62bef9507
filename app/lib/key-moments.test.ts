import { describe, expect, it } from "vitest";
import { keyMoments } from "./key-moments";

const path = "/video/0b7c3a52-8a5e-4f55-9d0e-2f4f2f2b1e11";

describe("keyMoments", () => {
  it("gives a Clip per chapter, ending where the next starts (the last at the video's end), and how to seek", () => {
    const ld = keyMoments(
      "https://pleazure.example",
      path,
      [
        { start: 0, title: "Opening" },
        { start: 20, title: "Colour shift" },
        { start: 40, title: "Finale" },
      ],
      56,
    );
    expect(ld).toEqual({
      hasPart: [
        { "@type": "Clip", name: "Opening", startOffset: 0, endOffset: 20, url: `https://pleazure.example${path}?t=0` },
        { "@type": "Clip", name: "Colour shift", startOffset: 20, endOffset: 40, url: `https://pleazure.example${path}?t=20` },
        { "@type": "Clip", name: "Finale", startOffset: 40, endOffset: 56, url: `https://pleazure.example${path}?t=40` },
      ],
      potentialAction: {
        "@type": "SeekToAction",
        target: `https://pleazure.example${path}?t={seek_to_second_number}`,
        "startOffset-input": "required name=seek_to_second_number",
      },
    });
  });

  it("still says how to seek without chapters", () => {
    expect(keyMoments("https://pleazure.example", path, [], 56)).toEqual({
      potentialAction: expect.objectContaining({ "@type": "SeekToAction" }),
    });
  });
});
