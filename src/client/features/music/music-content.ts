/**
 * The player's tracks (the words the owner publishes, with the file each names) with the built URL
 * of each file. The files are files of the build (content/music/) with hashed names under /assets.
 */
import type { MusicContent, Track } from '#shared/content-schema';

const AUDIO_URLS = import.meta.glob<string>('/content/music/*.{mp3,m4a,aac,wav}', {
  eager: true,
  query: '?url',
  import: 'default',
});

export interface PlayerTrack extends Track {
  /** Where the browser fetches the audio. */
  src: string;
}

export function tracksOf(music: MusicContent): PlayerTrack[] {
  return music.tracks.map((track) => ({
    ...track,
    src: AUDIO_URLS[`/content/${track.file}`] ?? '',
  }));
}
