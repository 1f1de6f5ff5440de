/**
 * The player's tracks (content/music.json) with the built URL of each file. The build checks the file
 * against musicContentSchema and that every track exists; here the JSON's own type is checked against
 * the schema's type, which keeps zod out of the page's bundle. Files get hashed names under /assets.
 */
import musicJson from '#content/music.json';
import type { Track } from '#shared/content-schema';

const AUDIO_URLS = import.meta.glob<string>('/content/music/*.{mp3,m4a,aac,wav}', {
  eager: true,
  query: '?url',
  import: 'default',
});

export interface PlayerTrack extends Track {
  /** Where the browser fetches the audio. */
  src: string;
}

const tracks: Track[] = musicJson.tracks;

export const TRACKS: PlayerTrack[] = tracks.map((track) => ({
  ...track,
  src: AUDIO_URLS[`/content/${track.file}`] ?? '',
}));
