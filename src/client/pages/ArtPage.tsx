import { artworksOf } from '../features/art/art-content';
import { contentPart } from '../lib/site-content';
import { ArtGallery } from '../features/art/ArtGallery';
import { SimplePage } from './SimplePage';

export function ArtPage() {
  return (
    <SimplePage
      route="art"
      eyebrow="Art"
      lead="Generative pieces drawn with code: each starts from a few simple rules and a random seed, then gets nudged until it feels right. Open any of them to see it large, with the story behind it."
    >
      <ArtGallery artworks={artworksOf(contentPart('art'))} />
    </SimplePage>
  );
}
