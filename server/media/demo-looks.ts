/**
 * Abstract synthetic "looks" for demo clips, as lavfi graphs that run on ffmpeg 4.1 (the npm static build)
 * and 5.x+. Expensive per-pixel sources (geq, mandelbrot, life) render tiny at a few frames per second;
 * `framerate` cross-fades them up to full rate and the HLS ladder scales them up, which suits soft content
 * and keeps the whole demo set cheap to generate.
 */

export interface DemoLook {
  key: string;
  title: string;
  /** Default clip length (40-62 s, cheaper-to-encode looks run longer); the set totals under 5 minutes. */
  seconds: number;
  /** Infinite video graph at `SOURCE_WIDTH`x`SOURCE_HEIGHT`, `fps`, yuv420p; the caller trims it. */
  video: (fps: number) => string;
  /** Chord (Hz) for the quiet synthetic soundtrack. */
  chord: readonly number[];
  /** Slow swell rate (Hz) of the soundtrack. */
  swell: number;
}

export const SOURCE_WIDTH = 320;
export const SOURCE_HEIGHT = 180;

/** Cross-fades a low-rate source up to `fps` (scene detection off so every step blends). */
const blendTo = (fps: number) => `framerate=fps=${fps}:interp_start=0:interp_end=255:scene=100`;
const upscale = `scale=${SOURCE_WIDTH}:${SOURCE_HEIGHT}:flags=bicubic`;

/** geq in RGB at 160x90, 5 fps: ~20x cheaper than evaluating expressions at full size and rate. */
const geqField = (fps: number, r: string, g: string, b: string, post = "") =>
  `nullsrc=s=160x90:r=5,format=gbrp,geq=r='${r}':g='${g}':b='${b}',format=yuv444p,${blendTo(fps)},${upscale}${post},format=yuv420p`;

const wave = (arg: string) => `(0.5+0.5*sin(${arg}))`;

const auroraBand = wave("X/11+3*sin(Y/31+T*0.31)+T*0.5");
const auroraHaze = wave("X/17-2*sin(Y/35-T*0.23)-T*0.4");
const tideA = wave("hypot(X-50,Y-30)/6-T*1.1");
const tideB = wave("hypot(X-120,Y-70)/8-T*0.8");
const driftPhase = "(X+0.6*Y)/14+2.5*sin(Y/23+T*0.2)+1.5*sin(X/31-T*0.15)+T*0.3";

export const DEMO_LOOKS: readonly DemoLook[] = [
  {
    key: "aurora",
    title: "Aurora Veil",
    seconds: 56,
    // Curtain-like green ribbons over a deep blue sky.
    video: (fps) =>
      geqField(
        fps,
        `10+90*pow(${auroraBand},6)*(1-Y/H)`,
        `20+210*pow(${auroraBand},3)*(0.3+0.7*Y/H)`,
        `40+50*(1-Y/H)+120*pow(${auroraHaze},4)`,
        ",gblur=sigma=1.5",
      ),
    chord: [220, 277.18, 329.63, 440],
    swell: 0.08,
  },
  {
    key: "nebula",
    title: "Nebula Bloom",
    seconds: 44,
    // Very low-res temporal noise, blurred into clouds and gradient-mapped to violet and pink.
    video: (fps) =>
      [
        "color=0x808080:s=24x14:r=0.5,format=yuv444p,noise=c0s=100:c0f=t",
        blendTo(fps),
        "scale=160:90:flags=bicubic,gblur=sigma=5,format=gbrp",
        "curves=all='0/0 0.32/0.1 0.7/0.9 1/1'",
        "curves=r='0/0.02 0.35/0.2 0.65/0.85 1/1':g='0/0 0.5/0.06 0.85/0.55 1/0.9':b='0/0.06 0.4/0.5 0.7/0.7 1/1'",
        upscale,
        "format=yuv420p",
      ].join(","),
    chord: [174.61, 220, 261.63, 349.23],
    swell: 0.05,
  },
  {
    key: "tide",
    title: "Tidal Rings",
    seconds: 46,
    // Two interfering ripple sources in sea blues.
    video: (fps) => geqField(fps, `10+40*${tideA}*${tideB}`, `60+110*${tideA}*${tideB}`, `100+110*${tideB}`),
    chord: [196, 246.94, 293.66, 392],
    swell: 0.12,
  },
  {
    key: "ember",
    title: "Ember Field",
    seconds: 40,
    // Game of Life at 6 generations/s, blurred into a density field and gradient-mapped to fire.
    video: (fps) =>
      [
        "life=s=160x90:r=6:ratio=0.35:death_color=black:life_color=white,format=yuv444p",
        blendTo(fps),
        "gblur=sigma=3.5,format=gbrp",
        "curves=all='0/0 0.3/0.7 1/1'",
        "curves=r='0/0 0.35/0.75 0.7/1 1/1':g='0/0 0.45/0.15 0.8/0.7 1/0.95':b='0/0 0.7/0.05 1/0.6'",
        upscale,
        "format=yuv420p",
      ].join(","),
    chord: [146.83, 185, 220, 277.18],
    swell: 0.07,
  },
  {
    key: "prism",
    title: "Prism Dive",
    seconds: 40,
    // Slow Mandelbrot zoom with drifting hue; capped iterations keep deep frames cheap.
    video: (fps) =>
      [
        `mandelbrot=s=${SOURCE_WIDTH}x${SOURCE_HEIGHT}:r=5:maxiter=120:start_scale=2:end_scale=0.2:end_pts=60:outer=normalized_iteration_count`,
        "format=yuv444p",
        blendTo(fps),
        "hue=h=t*12:s=0.7,gblur=sigma=1.2,format=yuv420p",
      ].join(","),
    chord: [261.63, 329.63, 392, 493.88],
    swell: 0.1,
  },
  {
    key: "drift",
    title: "Pastel Drift",
    seconds: 62,
    // Domain-warped diagonal bands in soft pastels.
    video: (fps) => geqField(fps, `205+45*sin(${driftPhase})`, `170+50*sin(${driftPhase}+1.3)`, `190+55*sin(${driftPhase}+2.4)`),
    chord: [164.81, 207.65, 246.94, 329.63],
    swell: 0.06,
  },
];

/**
 * Soft sine chord with a slow swell, the right channel detuned by 0.4 Hz for a gentle beat. Peaks around
 * -20 dBFS. Built from `sine` sources (table lookup) because per-sample `aevalsrc` costs ~1 CPU-s a minute.
 */
export function soundtrack(look: Pick<DemoLook, "chord" | "swell">, seconds: number): string {
  const n = look.chord.length;
  const chains: string[] = [];
  for (const [side, detune] of [
    ["l", 0],
    ["r", 0.4],
  ] as const) {
    look.chord.forEach((f, i) => {
      // `sine` peaks at 1/8 full scale; upper partials softer.
      const gain = (8 * 0.035) / (1 + i * 0.35);
      chains.push(`sine=f=${(f + detune).toFixed(2)}:r=48000,volume=${gain.toFixed(4)}[${side}${i}]`);
    });
    // amix divides by its input count; undo that so gains above are absolute.
    chains.push(`${look.chord.map((_, i) => `[${side}${i}]`).join("")}amix=inputs=${n},volume=${n}[${side}]`);
  }
  const fadeOut = Math.max(0, seconds - 3).toFixed(2);
  chains.push(
    `[l][r]join=inputs=2:channel_layout=stereo,volume='0.65+0.35*sin(2*PI*${look.swell}*t)':eval=frame,afade=t=in:d=2,afade=t=out:st=${fadeOut}:d=3[out0]`,
  );
  return chains.join(";");
}
