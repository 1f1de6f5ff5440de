import { tracksOf } from '../features/music/music-content';
import { contentPart, siteContent } from '../lib/site-content';
import { MusicPlayer } from '../features/music/MusicPlayer';
import { SimplePage } from './SimplePage';

export function MusicPage() {
  return (
    <SimplePage
      route="music"
      eyebrow="Music"
      lead="Short pieces written and produced at home, from slow ambient tides to bright square-wave tunes. Press play and let them run: the next one starts by itself."
    >
      <MusicPlayer tracks={tracksOf(contentPart('music'))} artist={siteContent().creatorName} />
    </SimplePage>
  );
}
