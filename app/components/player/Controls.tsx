import { formatDuration } from "~/lib/format";
import { type Chapter, chapterIndexAt } from "~core/chapters";
import { AutoplaySwitch } from "./AutoplaySwitch";
import { ControlButton } from "./ControlButton";
import { MenuButton } from "./MenuButton";
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

const speedLabel = (rate: number) => `${rate}×`;

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
}) {
  const chapter = chapters[chapterIndexAt(chapters, media.currentTime)];
  const severalLanguages = captions.tracks.length > 1;
  const autoLabel = stream.playingHeight ? `Auto (${stream.playingHeight}p)` : "Auto";
  const qualityText = stream.level === -1 ? autoLabel : (stream.renditions.find((r) => r.level === stream.level)?.label ?? "Auto");
  const speedOptions = SPEEDS.includes(media.rate as (typeof SPEEDS)[number]) ? SPEEDS : [...SPEEDS, media.rate].sort((a, b) => a - b);
  const volumeShown = media.muted ? 0 : media.volume;
  const menu = (name: Exclude<OpenMenu, null>) => ({
    open: openMenu === name,
    onOpenChange: (open: boolean) => setOpenMenu(open ? name : openMenu === name ? null : openMenu),
  });

  return (
    <div
      data-testid="player-controls"
      data-visible={visible}
      className={`absolute inset-x-0 bottom-0 transition-opacity duration-300 ${visible ? "opacity-100" : "pointer-events-none opacity-0"}`}
    >
      <div className="bg-gradient-to-t from-black/85 via-black/50 to-transparent px-2 pt-8 pb-1 sm:px-3">
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
            label={media.paused ? (media.ended ? "Replay" : "Play") : "Pause"}
            icon={media.paused ? (media.ended ? "replay" : "play") : "pause"}
            onClick={actions.togglePlay}
          />
          <ControlButton
            label={media.muted ? "Unmute" : "Mute"}
            icon={media.muted || media.volume === 0 ? "muted" : "volume"}
            onClick={actions.toggleMute}
          />
          <input
            type="range"
            aria-label="Volume"
            min={0}
            max={1}
            step={0.01}
            value={volumeShown}
            aria-valuetext={`${Math.round(volumeShown * 100)}%`}
            onChange={(event) => actions.setVolume(Number(event.target.value))}
            className="hidden h-10 w-20 cursor-pointer accent-brand-500 sm:block"
          />
          <p data-testid="player-time" className="ml-1 text-xs whitespace-nowrap text-zinc-100 tabular-nums sm:ml-2 sm:text-sm">
            <span className="sr-only">Elapsed </span>
            {formatDuration(media.currentTime)}
            <span aria-hidden="true"> / </span>
            <span className="sr-only"> of </span>
            {formatDuration(media.duration)}
          </p>
          {/* The chapter playing, as YouTube shows it ("• Opening"); on a phone on a line of its own above the buttons. */}
          {chapter && (
            <p
              data-testid="player-chapter"
              className="order-first basis-full truncate px-1 text-xs text-zinc-100 sm:order-none sm:ml-2 sm:min-w-0 sm:basis-auto sm:px-0 sm:text-sm"
            >
              <span aria-hidden="true">• </span>
              <span className="sr-only">Chapter: </span>
              {chapter.title}
            </p>
          )}
          <span className="flex-1" />
          {autoplay && <AutoplaySwitch on={autoplay.on} onChange={autoplay.set} className="hidden sm:flex" />}
          <MenuButton
            name="Speed"
            valueText={speedLabel(media.rate)}
            options={speedOptions.map((rate) => ({ value: rate, label: rate === 1 ? "Normal" : speedLabel(rate) }))}
            selected={media.rate}
            onSelect={actions.setRate}
            {...menu("speed")}
          />
          {captions.tracks.length > 0 && (
            <>
              {/* Below 1280 px the bar (with Autoplay, Quality, Theater) has room for one captions control: the CC
                  button for one language (it turns it on and off), the menu with a short label ("EN", "Off") for
                  several, so every language can be chosen at any width. */}
              <ControlButton
                label="Captions"
                icon="captions"
                pressed={captions.language !== null}
                onClick={captions.toggle}
                className={severalLanguages ? "hidden xl:flex" : ""}
              />
              <div className={severalLanguages ? "" : "hidden xl:block"}>
                <MenuButton
                  name="Captions"
                  valueText={captions.tracks.find((t) => t.language === captions.language)?.label ?? "Off"}
                  compactValueText={severalLanguages ? (captions.language?.split("-")[0]?.toUpperCase() ?? "Off") : undefined}
                  options={[{ value: CAPTIONS_OFF, label: "Off" }, ...captions.tracks.map((t) => ({ value: t.language, label: t.label }))]}
                  selected={captions.language ?? CAPTIONS_OFF}
                  onSelect={(language) => captions.select(language || null)}
                  {...menu("captions")}
                />
              </div>
            </>
          )}
          {stream.renditions.length > 1 && (
            <MenuButton
              name="Quality"
              valueText={qualityText}
              compactValueText={stream.level === -1 ? "Auto" : qualityText}
              options={[{ value: -1, label: autoLabel }, ...stream.renditions.map((r) => ({ value: r.level, label: r.label }))]}
              selected={stream.level}
              onSelect={stream.setLevel}
              {...menu("quality")}
            />
          )}
          {pipSupported && (
            <ControlButton
              label={media.pip ? "Exit picture-in-picture" : "Picture-in-picture"}
              icon="pip"
              onClick={actions.togglePip}
              className="hidden sm:flex"
            />
          )}
          {!fullscreen && (
            <ControlButton
              label={theater ? "Default view" : "Theater mode"}
              icon={theater ? "theaterOff" : "theater"}
              onClick={actions.toggleTheater}
              className="hidden lg:flex"
            />
          )}
          <ControlButton
            label={fullscreen ? "Exit fullscreen" : "Fullscreen"}
            icon={fullscreen ? "exitFullscreen" : "fullscreen"}
            onClick={actions.toggleFullscreen}
          />
        </div>
      </div>
    </div>
  );
}
