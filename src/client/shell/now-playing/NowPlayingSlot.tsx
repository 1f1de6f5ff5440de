/**
 * Where the now-playing bar goes (docs/product/offerings.md#music-across-pages): nothing until a track was
 * started, and nothing on the music page, whose own player shows it. The bar and the playback load
 * with the music page, so the shell carries only this slot.
 */
import { lazy, Suspense } from 'react';
import { paths } from '#shared/paths';
import { useLocation } from '../../lib/navigation/router';
import { useStarted } from '../../lib/playback/started';

const NowPlaying = lazy(() => import('./NowPlaying'));

export function NowPlayingSlot() {
  const started = useStarted();
  const { pathname } = useLocation();
  const onMusicPage = pathname.replace(/\/+$/, '').toLowerCase() === paths.music;
  if (!started || onMusicPage) return null;
  return (
    <Suspense fallback={null}>
      <NowPlaying />
    </Suspense>
  );
}
