/**
 * The music page's player: one <audio> element driven by the site's own controls (play and pause,
 * previous and next, a seek slider, volume and mute) and the track list beside it. Keys work while
 * focus is anywhere in the player or the list: K (or Space, outside buttons) plays and pauses, J and L
 * jump ten seconds back and ahead, and the sliders take the arrow keys natively. When a track ends the
 * next one starts; after the last, the player returns to the first and stops. Nothing is fetched until
 * a track is played (preload="none"); the list shows each track's length from content/music.json.
 */
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { formatTime } from './format-time';
import type { PlayerTrack } from './music-content';
import { MutedIcon, NextIcon, PauseIcon, PlayIcon, PreviousIcon, VolumeIcon } from './player-icons';
import './music.css';

/** How far J and L jump, as on common video players. */
export const SKIP_SECONDS = 10;
const DEFAULT_VOLUME = 0.8;

function playAudio(audio: HTMLAudioElement | null) {
  // A refusal (no user gesture yet) or an interruption by a newer load needs no handling here: the
  // element's own play, pause and error events keep the controls truthful.
  audio?.play().catch(() => {});
}

interface PlayerActions {
  togglePlay: () => void;
  step: (delta: number) => void;
  seekTo: (seconds: number) => void;
}

interface MusicPlayerProps {
  tracks: PlayerTrack[];
  /** Shown by the operating system's media controls. */
  artist: string;
}

export function MusicPlayer({ tracks, artist }: MusicPlayerProps) {
  const audioRef = useRef<HTMLAudioElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const playOnLoad = useRef(false);
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);
  const [loadedDuration, setLoadedDuration] = useState<number | null>(null);
  const [volume, setVolume] = useState(DEFAULT_VOLUME);
  const [muted, setMuted] = useState(false);
  const [failed, setFailed] = useState(false);
  const listId = useId();

  const count = tracks.length;
  const track = tracks[index] ?? tracks[0];
  const duration = loadedDuration ?? track?.duration ?? 0;

  function choose(next: number, play: boolean) {
    setFailed(false);
    setTime(0);
    if (next === index) {
      const audio = audioRef.current;
      if (audio) audio.currentTime = 0;
      if (play) playAudio(audio);
      return;
    }
    playOnLoad.current = play;
    setIndex(next);
    setLoadedDuration(null);
  }

  function togglePlay() {
    const audio = audioRef.current;
    if (!audio) return;
    if (audio.paused) playAudio(audio);
    else audio.pause();
  }

  function step(delta: number) {
    const audio = audioRef.current;
    choose((index + delta + count) % count, audio ? !audio.paused : false);
  }

  function seekTo(seconds: number) {
    const audio = audioRef.current;
    if (!audio) return;
    const clamped = Math.max(0, Math.min(seconds, duration));
    audio.currentTime = clamped;
    setTime(clamped);
  }

  function changeVolume(value: number) {
    const audio = audioRef.current;
    setVolume(value);
    if (audio) audio.volume = value;
    if (value > 0 && muted) toggleMute();
  }

  function toggleMute() {
    const audio = audioRef.current;
    if (audio) audio.muted = !muted;
    setMuted(!muted);
  }

  function handleEnded() {
    if (index < count - 1) choose(index + 1, true);
    else choose(0, false);
  }

  // The latest actions, for listeners registered once.
  const actions = useRef<PlayerActions>({ togglePlay, step, seekTo });
  useLayoutEffect(() => {
    actions.current = { togglePlay, step, seekTo };
  });

  useEffect(() => {
    if (audioRef.current) audioRef.current.volume = DEFAULT_VOLUME;
  }, []);

  // A new track's src is in the DOM now and the element has begun loading it: play it if asked.
  useEffect(() => {
    if (!playOnLoad.current) return;
    playOnLoad.current = false;
    playAudio(audioRef.current);
  }, [index]);

  useEffect(() => {
    const root = rootRef.current;
    if (!root) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      const key = event.key.toLowerCase();
      const onButton = event.target instanceof HTMLButtonElement;
      const audio = audioRef.current;
      if (key === 'k' || (key === ' ' && !onButton)) actions.current.togglePlay();
      else if (key === 'j' && audio) actions.current.seekTo(audio.currentTime - SKIP_SECONDS);
      else if (key === 'l' && audio) actions.current.seekTo(audio.currentTime + SKIP_SECONDS);
      else return;
      event.preventDefault();
    }
    root.addEventListener('keydown', onKeyDown);
    return () => root.removeEventListener('keydown', onKeyDown);
  }, []);

  // The operating system's media keys and lock-screen controls.
  useEffect(() => {
    if (!('mediaSession' in navigator) || typeof MediaMetadata === 'undefined' || !track) return;
    navigator.mediaSession.metadata = new MediaMetadata({ title: track.title, artist });
  }, [track, artist]);

  useEffect(() => {
    if (!('mediaSession' in navigator)) return;
    const session = navigator.mediaSession;
    const handlers: [MediaSessionAction, MediaSessionActionHandler][] = [
      ['play', () => playAudio(audioRef.current)],
      ['pause', () => audioRef.current?.pause()],
      ['previoustrack', () => actions.current.step(-1)],
      ['nexttrack', () => actions.current.step(1)],
    ];
    for (const [action, handler] of handlers) {
      try {
        session.setActionHandler(action, handler);
      } catch {
        // An action this browser does not know.
      }
    }
    return () => {
      for (const [action] of handlers) {
        try {
          session.setActionHandler(action, null);
        } catch {
          // As above.
        }
      }
    };
  }, []);

  if (!track) return null;
  const status = playing ? 'Now playing' : time > 0 ? 'Paused' : 'Ready';
  const volumePercent = Math.round(volume * 100);

  return (
    <div ref={rootRef} className="music">
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
              onChange={(event) => changeVolume(Number(event.target.value) / 100)}
            />
          </div>
        </div>

        {failed && (
          <p className="player__error" role="alert">
            This track could not be loaded. Try again, or pick another one.
          </p>
        )}
        <p className="player__keys">
          Keys: <kbd>Space</kbd> or <kbd>K</kbd> play and pause, <kbd>J</kbd> and <kbd>L</kbd> jump
          10 seconds back and ahead.
        </p>

        {/* Instrumental music without words: each track's description is its text alternative. */}
        {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
        <audio
          ref={audioRef}
          src={track.src}
          preload="none"
          onPlay={() => setPlaying(true)}
          onPause={() => setPlaying(false)}
          onTimeUpdate={(event) => setTime(event.currentTarget.currentTime)}
          onDurationChange={(event) => {
            const seconds = event.currentTarget.duration;
            if (Number.isFinite(seconds) && seconds > 0) setLoadedDuration(seconds);
          }}
          onEnded={handleEnded}
          onError={() => {
            setFailed(true);
            setPlaying(false);
          }}
        />
      </section>

      <section className="tracklist" aria-labelledby={`${listId}-heading`}>
        <h2 id={`${listId}-heading`} className="tracklist__heading">
          Tracks
        </h2>
        <ol className="tracklist__items">
          {tracks.map((item, i) => {
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
