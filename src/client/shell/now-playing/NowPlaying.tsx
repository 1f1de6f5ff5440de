/**
 * The now-playing bar (docs/product/offerings.md#music-across-pages): once a track was started on the music
 * page, a slim bar at the top of every other page keeps it in reach (play and pause, the title as a
 * link back to the player, how far it is, close). It is part of the page's flow, not fixed, so it
 * never lies over the page; the phone's lock screen and media keys drive the same playback. Loaded
 * by NowPlayingSlot once a track has been started.
 */
import { paths } from '#shared/paths';
import { Link } from '../../lib/navigation/router';
import { durationOf, stopAndHide, togglePlay, usePlayback } from '../../lib/playback/playback';
import { CloseIcon } from '../../ui/icons';
import { PauseIcon, PlayIcon } from '../../ui/player-icons';
import './now-playing.css';

function clock(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

export default function NowPlaying() {
  const playback = usePlayback();
  const track = playback.tracks[playback.index];
  if (!track) return null;
  const duration = durationOf(playback);
  return (
    <section className="now-playing" aria-label="Now playing" lang="en">
      <button
        type="button"
        className="now-playing__button"
        aria-label={playback.playing ? 'Pause' : 'Play'}
        onClick={togglePlay}
      >
        {playback.playing ? <PauseIcon size={20} /> : <PlayIcon size={20} />}
      </button>
      <div className="now-playing__text">
        <Link to={paths.music} className="now-playing__title">
          {track.title}
        </Link>
        <span className="now-playing__time">
          {clock(playback.time)} / {clock(duration)}
        </span>
      </div>
      <progress
        className="now-playing__progress"
        aria-label="Progress"
        max={duration || 1}
        value={Math.min(playback.time, duration)}
      />
      <button
        type="button"
        className="now-playing__button now-playing__close"
        aria-label="Stop and close the player"
        onClick={stopAndHide}
      >
        <CloseIcon size={18} />
      </button>
    </section>
  );
}
