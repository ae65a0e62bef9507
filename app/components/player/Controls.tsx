import { formatDuration } from "~/lib/format";
import { type Translate, useLocale, useMessages } from "~/lib/i18n";
import { type Chapter, chapterIndexAt } from "~core/chapters";
import { AutoplaySwitch } from "./AutoplaySwitch";
import { ControlButton } from "./ControlButton";
import { MenuButton } from "./MenuButton";
import { cutAtArguments } from "./message-parts";
import { SeekBar } from "./SeekBar";
import { SPEEDS } from "./shortcuts";
import type { Captions } from "./use-captions";
import type { Stream } from "./use-hls-stream";
import type { MediaState } from "./use-media-state";

export type OpenMenu = "speed" | "quality" | "captions" | null;

/** The captions menu's value for Off (no language tag is empty). */
const CAPTIONS_OFF = "";

export interface ControlActions {
  togglePlay: () => void;
  toggleMute: () => void;
  setVolume: (volume: number) => void;
  seek: (time: number) => void;
  setRate: (rate: number) => void;
  toggleTheater: () => void;
  toggleFullscreen: () => void;
  togglePip: () => void;
  toggleCaptions: () => void;
}

/** Percent of the volume slider, in the page's language ("50%", "50 %"); one formatter per language. */
const percentFormats = new Map<string, Intl.NumberFormat>();
function percent(locale: string, fraction: number): string {
  let format = percentFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: "percent" });
    percentFormats.set(locale, format);
  }
  return format.format(Math.round(fraction * 100) / 100);
}

/**
 * The control bar over the bottom of the video: seek bar on top, buttons below. While not `visible` it is faded
 * out and takes no clicks (use-auto-hide.ts).
 */
export function Controls({
  visible,
  media,
  stream,
  actions,
  openMenu,
  setOpenMenu,
  theater,
  fullscreen,
  pipSupported,
  storyboardUrl,
  captions,
  chapters = [],
  autoplay,
  openCaptionStyle,
}: {
  visible: boolean;
  media: MediaState;
  stream: Stream;
  actions: ControlActions;
  openMenu: OpenMenu;
  setOpenMenu: (menu: OpenMenu) => void;
  theater: boolean;
  fullscreen: boolean;
  pipSupported: boolean;
  storyboardUrl?: string | null;
  captions: Captions;
  chapters?: readonly Chapter[];
  autoplay?: { on: boolean; set: (on: boolean) => void };
  /** The captions menu's "Caption style" (the player's dialog). */
  openCaptionStyle?: () => void;
}) {
  const t = useMessages("player");
  const locale = useLocale();
  const speedLabel = (rate: number) => t("speedRate", { rate });
  const chapter = chapters[chapterIndexAt(chapters, media.currentTime)];
  const autoLabel = stream.playingHeight ? t("qualityAutoPlaying", { height: String(stream.playingHeight) }) : t("qualityAuto");
  const qualityText =
    stream.level === -1 ? autoLabel : (stream.renditions.find((r) => r.level === stream.level)?.label ?? t("qualityAuto"));
  const speedOptions = SPEEDS.includes(media.rate as (typeof SPEEDS)[number]) ? SPEEDS : [...SPEEDS, media.rate].sort((a, b) => a - b);
  const volumeShown = media.muted ? 0 : media.volume;
  const menu = (name: Exclude<OpenMenu, null>) => ({
    open: openMenu === name,
    onOpenChange: (open: boolean) => setOpenMenu(open ? name : openMenu === name ? null : openMenu),
  });

  return (
    // Left to right in every language, as in other players: the seek bar, the times and the buttons' order.
    <div
      data-testid="player-controls"
      data-visible={visible}
      dir="ltr"
      className={`pointer-events-none absolute inset-x-0 bottom-0 transition-opacity duration-300 ${visible ? "opacity-100" : "opacity-0"}`}
    >
      {/* A tap on the gradient, its padding or the chapter's line reaches the video, not the controls: on a phone
          with chapters the bar covers the video's middle, where a person taps. Only the seek bar and the row of
          buttons take pointers, and only while shown. */}
      <div
        className={`bg-gradient-to-t from-black/85 via-black/50 to-transparent px-2 pt-7 pb-1 sm:px-3 ${visible ? "*:pointer-events-auto" : ""}`}
      >
        <SeekBar
          currentTime={media.currentTime}
          duration={media.duration}
          bufferedEnd={media.bufferedEnd}
          storyboardUrl={storyboardUrl}
          chapters={chapters}
          onSeek={actions.seek}
        />
        <div className="flex flex-wrap items-center gap-0.5 sm:flex-nowrap sm:gap-1">
          <ControlButton
            label={t(media.paused ? (media.ended ? "replay" : "play") : "pause")}
            icon={media.paused ? (media.ended ? "replay" : "play") : "pause"}
            onClick={actions.togglePlay}
          />
          <ControlButton
            label={t(media.muted ? "unmute" : "mute")}
            icon={media.muted || media.volume === 0 ? "muted" : "volume"}
            onClick={actions.toggleMute}
          />
          <input
            type="range"
            aria-label={t("volume")}
            min={0}
            max={1}
            step={0.01}
            value={volumeShown}
            aria-valuetext={percent(locale, volumeShown)}
            onChange={(event) => actions.setVolume(Number(event.target.value))}
            className="hidden h-10 w-20 cursor-pointer accent-brand-500 sm:block"
          />
          <TimeDisplay t={t} current={formatDuration(media.currentTime)} total={formatDuration(media.duration)} />
          {/* The chapter playing, as YouTube shows it ("• Opening"); on a phone on a line of its own above the buttons. */}
          {chapter && (
            <p
              data-testid="player-chapter"
              className="pointer-events-none order-first basis-full truncate px-1 text-xs text-zinc-100 sm:order-none sm:ms-2 sm:min-w-0 sm:basis-auto sm:px-0 sm:text-sm"
            >
              <span aria-hidden="true">• </span>
              <ChapterName t={t} title={chapter.title} />
            </p>
          )}
          <span className="flex-1" />
          {autoplay && <AutoplaySwitch on={autoplay.on} onChange={autoplay.set} className="hidden sm:flex" />}
          <MenuButton
            name={t("speed")}
            valueText={speedLabel(media.rate)}
            options={speedOptions.map((rate) => ({ value: rate, label: rate === 1 ? t("speedNormal") : speedLabel(rate) }))}
            selected={media.rate}
            onSelect={actions.setRate}
            {...menu("speed")}
          />
          {captions.tracks.length > 0 && (
            <>
              {/* Below 1280 px the bar (with Autoplay, Quality, Theater) has room for one captions control: the menu,
                  with a short label ("EN", "Off"), so every language and the caption style can be reached at any
                  width; from 1280 px the CC button (on and off in one press) joins it. */}
              <ControlButton
                label={t("captions")}
                icon="captions"
                pressed={captions.language !== null}
                onClick={captions.toggle}
                className="hidden xl:flex"
              />
              <div>
                <MenuButton
                  name={t("captions")}
                  valueText={captions.tracks.find((track) => track.language === captions.language)?.label ?? t("captionsOff")}
                  compactValueText={captions.language?.split("-")[0]?.toUpperCase() ?? t("captionsOffShort")}
                  options={[
                    { value: CAPTIONS_OFF, label: t("captionsOff") },
                    // Each language by its own name ("Deutsch"), marked as such for screen readers.
                    ...captions.tracks.map((track) => ({ value: track.language, label: track.label, lang: track.language })),
                  ]}
                  selected={captions.language ?? CAPTIONS_OFF}
                  onSelect={(language) => captions.select(language || null)}
                  command={openCaptionStyle && { label: t("captionStyle"), run: openCaptionStyle }}
                  {...menu("captions")}
                />
              </div>
            </>
          )}
          {stream.renditions.length > 1 && (
            <MenuButton
              name={t("quality")}
              valueText={qualityText}
              compactValueText={stream.level === -1 ? t("qualityAuto") : qualityText}
              options={[{ value: -1, label: autoLabel }, ...stream.renditions.map((r) => ({ value: r.level, label: r.label }))]}
              selected={stream.level}
              onSelect={stream.setLevel}
              {...menu("quality")}
            />
          )}
          {pipSupported && (
            <ControlButton
              label={t(media.pip ? "exitPictureInPicture" : "pictureInPicture")}
              icon="pip"
              onClick={actions.togglePip}
              className="hidden sm:flex"
            />
          )}
          {!fullscreen && (
            <ControlButton
              label={t(theater ? "defaultView" : "theaterMode")}
              icon={theater ? "theaterOff" : "theater"}
              onClick={actions.toggleTheater}
              className="hidden lg:flex"
            />
          )}
          <ControlButton
            label={t(fullscreen ? "exitFullscreen" : "fullscreen")}
            icon={fullscreen ? "exitFullscreen" : "fullscreen"}
            onClick={actions.toggleFullscreen}
          />
        </div>
      </div>
    </div>
  );
}

/**
 * "0:05 / 3:00" to see, "Elapsed 0:05 of 3:00" to hear: the sentence in the page's language around the two times
 * is for screen readers only. A language that names the total first is read whole and shown as the times.
 */
function TimeDisplay({ t, current, total }: { t: Translate<"player">; current: string; total: string }) {
  const { texts, order } = cutAtArguments((values) => t("timeElapsed", values), ["current", "total"] as const);
  const className = "ms-1 text-xs whitespace-nowrap text-zinc-100 tabular-nums sm:ms-2 sm:text-sm";
  if (order.join() !== "current,total")
    return (
      <p data-testid="player-time" className={className}>
        <span className="sr-only">{t("timeElapsed", { current, total })}</span>
        <span aria-hidden="true">
          {current} / {total}
        </span>
      </p>
    );
  const [before, between, after] = texts;
  return (
    <p data-testid="player-time" className={className}>
      {before && <span className="sr-only">{before}</span>}
      {current}
      <span aria-hidden="true"> / </span>
      {between && <span className="sr-only">{between}</span>}
      {total}
      {after && <span className="sr-only">{after}</span>}
    </p>
  );
}

/** The chapter playing: its title shown, "Chapter: …" around it (in the page's language) for screen readers. */
function ChapterName({ t, title }: { t: Translate<"player">; title: string }) {
  const { texts } = cutAtArguments((values) => t("chapterNow", values), ["title"] as const);
  const [before, after] = texts;
  return (
    <>
      {before && <span className="sr-only">{before}</span>}
      {/* A title as written, in its own direction (an English title on an Arabic page). */}
      <span dir="auto">{title}</span>
      {after && <span className="sr-only">{after}</span>}
    </>
  );
}
