/**
 * One artwork large, in the site's modal pop-up: the picture, its year, medium and story, a counter
 * ("3 of 10"), and previous and next buttons. The arrow keys, Home and End move through the gallery,
 * wrapping around at either end; a horizontal swipe (or a mouse drag) does the same; Escape, the X and
 * a click outside close it.
 */
import { useEffect, useRef, type PointerEvent } from 'react';
import { IconButton } from '../../ui/IconButton';
import { ArrowLeftIcon, ArrowRightIcon } from '../../ui/icons';
import { Popup } from '../../ui/Popup';
import { LIGHTBOX_IMAGE_SIZES, type GalleryArtwork } from './art-content';

/** How far a finger or pointer must travel sideways, mostly horizontally, to count as a swipe. */
export const SWIPE_MIN_PX = 48;

interface LightboxProps {
  artworks: GalleryArtwork[];
  index: number;
  leaving: boolean;
  onNavigate: (index: number) => void;
  onClose: () => void;
  onExited: () => void;
}

interface Drag {
  pointerId: number;
  x: number;
  y: number;
}

export function Lightbox({
  artworks,
  index,
  leaving,
  onNavigate,
  onClose,
  onExited,
}: LightboxProps) {
  const count = artworks.length;
  const artwork = artworks[index];
  const stageRef = useRef<HTMLDivElement>(null);
  const drag = useRef<Drag | null>(null);
  const step = (delta: number) => onNavigate((index + delta + count) % count);

  useEffect(() => {
    if (leaving) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      const target = { ArrowLeft: index - 1, ArrowRight: index + 1, Home: 0, End: count - 1 }[
        event.key
      ];
      if (target === undefined) return;
      event.preventDefault();
      onNavigate((target + count) % count);
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [leaving, index, count, onNavigate]);

  if (!artwork) return null;

  function showDrag(dx: number) {
    stageRef.current?.style.setProperty('--drag-x', `${dx}px`);
    if (dx === 0) delete stageRef.current?.dataset.dragging;
    else if (stageRef.current) stageRef.current.dataset.dragging = '';
  }

  function handlePointerDown(event: PointerEvent<HTMLDivElement>) {
    if (!event.isPrimary || event.button !== 0) return;
    drag.current = { pointerId: event.pointerId, x: event.clientX, y: event.clientY };
    event.currentTarget.setPointerCapture(event.pointerId);
  }

  function handlePointerMove(event: PointerEvent<HTMLDivElement>) {
    const start = drag.current;
    if (!start || start.pointerId !== event.pointerId) return;
    showDrag(event.clientX - start.x);
  }

  function handlePointerUp(event: PointerEvent<HTMLDivElement>) {
    const start = drag.current;
    drag.current = null;
    showDrag(0);
    if (!start || start.pointerId !== event.pointerId) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    if (Math.abs(dx) >= SWIPE_MIN_PX && Math.abs(dx) > Math.abs(dy) * 1.2) step(dx < 0 ? 1 : -1);
  }

  function handlePointerCancel() {
    drag.current = null;
    showDrag(0);
  }

  return (
    <Popup title={artwork.title} onClose={onClose} leaving={leaving} onExited={onExited} wide>
      <div className="lightbox">
        <div
          ref={stageRef}
          className="lightbox__stage"
          onPointerDown={handlePointerDown}
          onPointerMove={handlePointerMove}
          onPointerUp={handlePointerUp}
          onPointerCancel={handlePointerCancel}
        >
          <img
            key={artwork.image}
            className="lightbox__image"
            src={artwork.src}
            srcSet={artwork.srcSet}
            sizes={artwork.srcSet && LIGHTBOX_IMAGE_SIZES}
            width={artwork.width}
            height={artwork.height}
            alt={artwork.alt}
            decoding="async"
            draggable={false}
          />
        </div>
        <div className="lightbox__bar">
          <IconButton
            label="Previous artwork"
            icon={<ArrowLeftIcon />}
            className="lightbox__step"
            onClick={() => step(-1)}
          />
          <p className="lightbox__counter">
            {index + 1} of {count}
          </p>
          <IconButton
            label="Next artwork"
            icon={<ArrowRightIcon />}
            className="lightbox__step"
            onClick={() => step(1)}
          />
        </div>
        <p className="lightbox__meta">
          {artwork.year} · {artwork.medium}
        </p>
        <p className="lightbox__description">{artwork.description}</p>
        <p className="visually-hidden" aria-live="polite" aria-atomic="true">
          {artwork.title}, {index + 1} of {count}
        </p>
      </div>
    </Popup>
  );
}
