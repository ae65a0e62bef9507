import { useId } from "react";
import { labelledDays, niceTicks, shortDay } from "~/lib/chart-scale";

export interface DayValue {
  day: string;
  views: number;
}

/** A narrow drawing box, so its labels stay readable when it shrinks to a phone's width. */
const WIDTH = 480;
const HEIGHT = 260;
const FONT = 14;
const PAD = { top: 26, right: 8, bottom: 32 };
/** Up to this many bars each carry their value; longer periods label the peak and rely on the gridlines. */
const VALUE_LABELS_UP_TO = 7;

const number = (n: number) => n.toLocaleString("en-US");

/**
 * Views per day as a server-rendered SVG bar chart: gridlines with their values, day labels, the values on
 * the bars (or on the peak for long periods), so nothing needs hovering. The same numbers follow as a table,
 * for screen readers and for anyone who wants the exact figures.
 */
export function ViewsChart({ data, caption }: { data: DayValue[]; caption: string }) {
  const id = useId();
  const max = Math.max(0, ...data.map((d) => d.views));
  const ticks = niceTicks(max);
  const top = ticks[ticks.length - 1] ?? 1;
  // Room for the longest gridline value on the left.
  const left = 16 + number(top).length * FONT * 0.6;
  const plotW = WIDTH - left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotW / Math.max(data.length, 1);
  const barW = Math.max(1, slot * 0.7);
  const y = (v: number) => PAD.top + plotH - (v / top) * plotH;
  const labelled = labelledDays(data.length);
  // Labels of the first and last bars line up with the bar's outer edge, so they stay inside the drawing.
  const edgeAnchor = (i: number) => (data.length > 1 && i === data.length - 1 ? "end" : i === 0 && data.length > 1 ? "start" : "middle");
  const edgeX = (i: number, x: number) => {
    const anchor = edgeAnchor(i);
    return anchor === "end" ? x + barW : anchor === "start" ? x : x + barW / 2;
  };
  const peak = data.findIndex((d) => d.views === max);
  const total = data.reduce((sum, d) => sum + d.views, 0);
  const peakDay = data[peak];
  const summary = `${number(total)} ${total === 1 ? "view" : "views"} over ${data.length} days${peakDay ? `; the most, ${number(max)}, on ${shortDay(peakDay.day)}` : ""}.`;

  return (
    <figure className="space-y-3">
      <figcaption className="text-sm text-zinc-300">{summary}</figcaption>
      <div className="max-w-xl rounded-xl border border-ink-700 bg-ink-900/60 p-2">
        <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={`${id}-title ${id}-desc`} className="block h-auto w-full">
          <title id={`${id}-title`}>{caption}</title>
          <desc id={`${id}-desc`}>{summary}</desc>
          {ticks.map((t) => (
            <g key={t}>
              <line x1={left} x2={WIDTH - PAD.right} y1={y(t)} y2={y(t)} className="stroke-ink-700" strokeWidth={1} />
              <text x={left - 8} y={y(t)} dy="0.35em" textAnchor="end" className="fill-zinc-300 text-[14px]">
                {number(t)}
              </text>
            </g>
          ))}
          {data.map((d, i) => {
            const x = left + i * slot + (slot - barW) / 2;
            const showValue = d.views > 0 && (data.length <= VALUE_LABELS_UP_TO || i === peak);
            return (
              <g key={d.day}>
                {d.views > 0 && (
                  <rect x={x} y={y(d.views)} width={barW} height={Math.max(1, y(0) - y(d.views))} rx={2} className="fill-brand-500" />
                )}
                {showValue && (
                  <text x={edgeX(i, x)} y={y(d.views) - 6} textAnchor={edgeAnchor(i)} className="fill-zinc-100 text-[14px] font-semibold">
                    {number(d.views)}
                  </text>
                )}
                {labelled.has(i) && (
                  <text x={edgeX(i, x)} y={HEIGHT - 10} textAnchor={edgeAnchor(i)} className="fill-zinc-300 text-[14px]">
                    {shortDay(d.day)}
                  </text>
                )}
              </g>
            );
          })}
          <line x1={left} x2={WIDTH - PAD.right} y1={y(0)} y2={y(0)} className="stroke-zinc-500" strokeWidth={1} />
        </svg>
      </div>
      <details className="text-sm">
        <summary className="cursor-pointer text-zinc-300 hover:text-white">Show the numbers as a table</summary>
        <table className="mt-2 w-full max-w-sm text-left">
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr className="border-b border-ink-700 text-zinc-400">
              <th scope="col" className="py-1 font-medium">
                Day
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                Views
              </th>
            </tr>
          </thead>
          <tbody>
            {data.map((d) => (
              <tr key={d.day} className="border-b border-ink-800">
                <td className="py-1">
                  <time dateTime={d.day}>{d.day}</time>
                </td>
                <td className="py-1 text-right tabular-nums">{number(d.views)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
