/**
 * The gallery: every artwork as a framed thumbnail in a responsive grid, each a button that opens the
 * lightbox. Thumbnails reserve their space (fixed frames, width and height on every image), and those
 * below the first row load only as they near the screen. Closing the lightbox puts focus back on the
 * thumbnail of the artwork it last showed, so a keyboard user carries on from there.
 */
import { useRef, useState } from 'react';
import { GRID_IMAGE_SIZES, type GalleryArtwork } from './art-content';
import { Lightbox } from './Lightbox';
import './art.css';

/** The first row on a wide screen loads at once; the rest is lazy. */
const EAGER_COUNT = 3;

interface OpenState {
  index: number;
  leaving: boolean;
}

export function ArtGallery({ artworks }: { artworks: GalleryArtwork[] }) {
  const [open, setOpen] = useState<OpenState | null>(null);
  const thumbnails = useRef<(HTMLButtonElement | null)[]>([]);

  return (
    <>
      <ul className="art-grid" aria-label="Artworks">
        {artworks.map((artwork, index) => (
          <li key={artwork.image} className="art-card">
            <button
              ref={(element) => {
                thumbnails.current[index] = element;
              }}
              type="button"
              className="art-card__frame"
              aria-label={artwork.title}
              aria-haspopup="dialog"
              onClick={() => setOpen({ index, leaving: false })}
            >
              <img
                className="art-card__image"
                src={artwork.src}
                srcSet={artwork.srcSet}
                sizes={artwork.srcSet && GRID_IMAGE_SIZES}
                width={artwork.width}
                height={artwork.height}
                alt=""
                loading={index < EAGER_COUNT ? 'eager' : 'lazy'}
                fetchPriority={index === 0 ? 'high' : undefined}
                decoding="async"
                draggable={false}
              />
            </button>
            <div className="art-card__caption">
              <h2 className="art-card__title">{artwork.title}</h2>
              <p className="art-card__meta">
                {artwork.year} · {artwork.medium}
              </p>
            </div>
          </li>
        ))}
      </ul>
      {open && (
        <Lightbox
          artworks={artworks}
          index={open.index}
          leaving={open.leaving}
          onNavigate={(index) => setOpen({ index, leaving: false })}
          onClose={() => setOpen({ ...open, leaving: true })}
          onExited={() => {
            thumbnails.current[open.index]?.focus();
            setOpen(null);
          }}
        />
      )}
    </>
  );
}
