/**
 * The music page's player: the site's own controls (play and pause, previous and next, a seek slider,
 * volume and mute) and the track list beside it, over the one playback that plays on across pages
 * (lib/playback/playback.ts). Keys work while focus is anywhere in the player or the list: K (or
 * Space, outside buttons) plays and pauses, J and L jump ten seconds back and ahead, and the sliders
 * take the arrow keys natively. Nothing is fetched until a track is played; the list shows each
 * track's length from content/music.json.
 */
import { useEffect, useId, type KeyboardEvent } from 'react';
import {
  choose,
  durationOf,
  seekTo,
  setQueue,
  setVolume,
  step,
  toggleMute,
  togglePlay,
  usePlayback,
} from '../../lib/playback/playback';
import { formatTime } from './format-time';
import type { PlayerTrack } from './music-content';
import {
  MutedIcon,
  NextIcon,
  PauseIcon,
  PlayIcon,
  PreviousIcon,
  VolumeIcon,
} from '../../ui/player-icons';
import './music.css';

/** How far J and L jump, as on common video players. */
export const SKIP_SECONDS = 10;

interface MusicPlayerProps {
  tracks: PlayerTrack[];
  /** Shown by the operating system's media controls. */
  artist: string;
}

export function MusicPlayer({ tracks: pageTracks, artist }: MusicPlayerProps) {
  const playback = usePlayback();
  const listId = useId();

  useEffect(() => setQueue(pageTracks, artist), [pageTracks, artist]);

  // The page's own tracks until the queue has them (prerendering, hydration), then the queue's.
  const { index, playing, time, volume, muted, failed } = playback;
  const count = pageTracks.length;
  const track = pageTracks[index] ?? pageTracks[0];
  const duration = playback.tracks.length > 0 ? durationOf(playback) : (track?.duration ?? 0);

  function onKeyDown(event: KeyboardEvent) {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    const key = event.key.toLowerCase();
    const onButton = event.target instanceof HTMLButtonElement;
    if (key === 'k' || (key === ' ' && !onButton)) togglePlay();
    else if (key === 'j') seekTo(time - SKIP_SECONDS);
    else if (key === 'l') seekTo(time + SKIP_SECONDS);
    else return;
    event.preventDefault();
  }

  if (!track) return null;
  const status = playing ? 'Now playing' : time > 0 ? 'Paused' : 'Ready';
  const volumePercent = Math.round(volume * 100);

  return (
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions -- keys for the controls inside
    <div className="music" onKeyDown={onKeyDown}>
      <section className="player" aria-label="Player">
        <div className="player__now">
          <div className="player__cover" data-playing={playing || undefined} aria-hidden="true">
            <span />
            <span />
            <span />
            <span />
            <span />
          </div>
          <div className="player__info">
            <p className="player__status">
              {status} · Track {index + 1} of {count}
            </p>
            <h2 className="player__title">{track.title}</h2>
            <p className="player__description">{track.description}</p>
          </div>
        </div>

        <div className="player__seek">
          <input
            type="range"
            className="player__slider"
            aria-label="Seek"
            min={0}
            max={duration}
            step={1}
            value={Math.min(time, duration)}
            aria-valuetext={`${formatTime(time)} of ${formatTime(duration)}`}
            onChange={(event) => seekTo(Number(event.target.value))}
          />
          <div className="player__times">
            <span className="player__time">{formatTime(time)}</span>
            <span className="player__time">{formatTime(duration)}</span>
          </div>
        </div>

        <div className="player__row">
          <div className="player__controls">
            <button
              type="button"
              className="player__button"
              aria-label="Previous track"
              onClick={() => step(-1)}
            >
              <PreviousIcon />
            </button>
            <button
              type="button"
              className="player__button player__button--play"
              aria-label={playing ? 'Pause' : 'Play'}
              aria-keyshortcuts="K"
              onClick={togglePlay}
            >
              {playing ? <PauseIcon size={28} /> : <PlayIcon size={28} />}
            </button>
            <button
              type="button"
              className="player__button"
              aria-label="Next track"
              onClick={() => step(1)}
            >
              <NextIcon />
            </button>
          </div>
          <div className="player__volume">
            <button
              type="button"
              className="player__button"
              aria-label={muted ? 'Unmute' : 'Mute'}
              onClick={toggleMute}
            >
              {muted || volume === 0 ? <MutedIcon /> : <VolumeIcon />}
            </button>
            <input
              type="range"
              className="player__slider"
              aria-label="Volume"
              min={0}
              max={100}
              step={5}
              value={volumePercent}
              aria-valuetext={`${volumePercent}%`}
              onChange={(event) => setVolume(Number(event.target.value) / 100)}
            />
          </div>
        </div>

        {failed && (
          <p className="player__error" role="alert">
            This track could not be loaded. Try again, or pick another one.
          </p>
        )}
        <p className="player__keys keyboard-hint">
          Keys: <kbd>Space</kbd> or <kbd>K</kbd> play and pause, <kbd>J</kbd> and <kbd>L</kbd> jump
          10 seconds back and ahead.
        </p>
      </section>

      <section className="tracklist" aria-labelledby={`${listId}-heading`}>
        <h2 id={`${listId}-heading`} className="tracklist__heading">
          Tracks
        </h2>
        <ol className="tracklist__items">
          {pageTracks.map((item, i) => {
            const current = i === index;
            return (
              <li key={item.file} className="tracklist__item" data-current={current || undefined}>
                <span className="tracklist__marker" aria-hidden="true">
                  {current && playing ? (
                    <span className="tracklist__bars">
                      <span />
                      <span />
                      <span />
                    </span>
                  ) : (
                    i + 1
                  )}
                </span>
                <span className="tracklist__text">
                  <button
                    type="button"
                    className="tracklist__button"
                    aria-current={current ? 'true' : undefined}
                    aria-describedby={`${listId}-${i}`}
                    onClick={() => (current ? togglePlay() : choose(i, true))}
                  >
                    {item.title}
                  </button>
                  <span className="tracklist__description">{item.description}</span>
                </span>
                <span className="tracklist__duration" id={`${listId}-${i}`}>
                  {formatTime(item.duration)}
                </span>
              </li>
            );
          })}
        </ol>
      </section>
    </div>
  );
}
