/**
 * The site's one music playback (docs/product/offerings.md#music-across-pages): a single audio element that
 * outlives the page it was started on, so a track plays on while the visitor reads another page. The
 * music page's player and the shell's now-playing bar are two views of it. It is made on first use in
 * the browser; the prerendered markup and hydration see the idle state. When a track ends the next one
 * starts; after the last, the queue returns to the first and stops. The operating system's media
 * controls (lock screen, media keys) show the track and drive it through the Media Session API.
 */
import { useSyncExternalStore } from 'react';
import { setStarted } from './started';

export interface QueueTrack {
  title: string;
  src: string;
  /** Seconds, from content (the file's own length once it is loaded). */
  duration: number;
}

export interface PlaybackState {
  tracks: readonly QueueTrack[];
  artist: string;
  index: number;
  playing: boolean;
  time: number;
  /** The loaded file's length, null until known. */
  loadedDuration: number | null;
  volume: number;
  muted: boolean;
  failed: boolean;
}

const DEFAULT_VOLUME = 0.8;

const IDLE: PlaybackState = {
  tracks: [],
  artist: '',
  index: 0,
  playing: false,
  time: 0,
  loadedDuration: null,
  volume: DEFAULT_VOLUME,
  muted: false,
  failed: false,
};

let state = IDLE;
let audio: HTMLAudioElement | null = null;
const listeners = new Set<() => void>();

function update(changes: Partial<PlaybackState>) {
  state = { ...state, ...changes };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function usePlayback(): PlaybackState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => IDLE,
  );
}

/** The audio element, made and wired on first use (never on the server). */
function element(): HTMLAudioElement {
  if (audio) return audio;
  const made = new Audio();
  made.preload = 'none';
  // In the document (hidden: the site draws its own controls), where it outlives every page.
  made.hidden = true;
  document.body.append(made);
  made.volume = state.volume;
  made.addEventListener('play', () => {
    update({ playing: true, failed: false });
    setStarted(true);
    showMetadata();
  });
  made.addEventListener('pause', () => update({ playing: false }));
  made.addEventListener('timeupdate', () => update({ time: made.currentTime }));
  made.addEventListener('durationchange', () => {
    if (Number.isFinite(made.duration) && made.duration > 0)
      update({ loadedDuration: made.duration });
  });
  made.addEventListener('ended', () => {
    if (state.index < state.tracks.length - 1) choose(state.index + 1, true);
    else choose(0, false);
  });
  made.addEventListener('error', () => {
    if (made.getAttribute('src')) update({ failed: true, playing: false });
  });
  audio = made;
  bindMediaSession();
  return made;
}

function play(target: HTMLAudioElement) {
  // A refusal (no user gesture yet) or an interruption by a newer load needs no handling here: the
  // element's own play, pause and error events keep the views truthful.
  target.play().catch(() => {});
}

function showMetadata() {
  const track = state.tracks[state.index];
  if (!track || !('mediaSession' in navigator) || typeof MediaMetadata === 'undefined') return;
  navigator.mediaSession.metadata = new MediaMetadata({ title: track.title, artist: state.artist });
}

function bindMediaSession() {
  if (!('mediaSession' in navigator)) return;
  const handlers: [MediaSessionAction, MediaSessionActionHandler][] = [
    ['play', () => play(element())],
    ['pause', () => audio?.pause()],
    ['previoustrack', () => step(-1)],
    ['nexttrack', () => step(1)],
  ];
  for (const [action, handler] of handlers) {
    try {
      navigator.mediaSession.setActionHandler(action, handler);
    } catch {
      // An action this browser does not know.
    }
  }
}

/** Gives the queue its tracks (the music page does, each time it shows); a playing queue stays. */
export function setQueue(tracks: readonly QueueTrack[], artist: string) {
  const target = element();
  if (!audio?.paused && state.tracks.length > 0) return;
  update({ tracks, artist });
  // Named but not fetched (preload none) until a track is played.
  const track = tracks[state.index];
  if (track && !target.getAttribute('src')) target.src = track.src;
}

export function choose(index: number, andPlay: boolean) {
  const target = element();
  const track = state.tracks[index];
  if (!track) return;
  if (index !== state.index || !target.getAttribute('src')) {
    target.src = track.src;
    update({ index, loadedDuration: null });
  } else target.currentTime = 0;
  update({ time: 0, failed: false });
  showMetadata();
  if (andPlay) play(target);
}

export function togglePlay() {
  const target = element();
  if (!target.getAttribute('src')) return choose(state.index, true);
  if (target.paused) play(target);
  else target.pause();
}

export function step(delta: number) {
  const count = state.tracks.length;
  if (count === 0) return;
  choose((state.index + delta + count) % count, audio ? !audio.paused : false);
}

export function durationOf(current: PlaybackState): number {
  return current.loadedDuration ?? current.tracks[current.index]?.duration ?? 0;
}

export function seekTo(seconds: number) {
  const target = element();
  const clamped = Math.max(0, Math.min(seconds, durationOf(state)));
  if (target.getAttribute('src')) target.currentTime = clamped;
  update({ time: clamped });
}

export function setVolume(volume: number) {
  const target = element();
  target.volume = volume;
  if (volume > 0 && state.muted) target.muted = false;
  update({ volume, muted: volume > 0 ? false : state.muted });
}

export function toggleMute() {
  const target = element();
  target.muted = !state.muted;
  update({ muted: !state.muted });
}

/** The now-playing bar's close: the music stops and the bar goes until a track is played again. */
export function stopAndHide() {
  audio?.pause();
  setStarted(false);
}
