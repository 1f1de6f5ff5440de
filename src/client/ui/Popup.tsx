/**
 * The one modal dialog every pop-up uses (docs/product/shell.md#pop-ups): a centred card with a title, an
 * optional previous arrow and the X. While it is open the rest of the page is inert, focus starts
 * inside and Tab cycles inside; Escape, the X and a click outside the card close it (not while the
 * theme button is hovered, docs/product/shell.md#toggles). `leaving` plays the exit transition, then
 * calls `onExited`.
 */
import {
  use,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  type MouseEvent,
  type PointerEvent,
  type ReactNode,
} from 'react';
import { createPortal } from 'react-dom';
import { ArrowLeftIcon, CloseIcon } from './icons';
import { makeOutsideInert } from './modal-inert';
import { PopupChromeContext } from './popup-chrome';
import './popup.css';

interface PopupProps {
  title: string;
  onClose: () => void;
  /** Shows the previous arrow ("Back") left of the title. */
  onBack?: () => void;
  /** Id of the element that describes the dialog (read out with its name). */
  describedBy?: string;
  /** A wider card for content laid out in columns (e.g. Donation's options). */
  wide?: boolean;
  leaving?: boolean;
  onExited?: () => void;
  children: ReactNode;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';
const FIELDS =
  'input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled])';

/** Longer than the exit animation, for browsers that skip animationend. */
const EXIT_FALLBACK_MS = 400;

function focusableIn(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (element) => element.getClientRects().length > 0 && !element.closest('[inert]'),
  );
}

/** Tab from the last control wraps to the first, Shift+Tab from the first (or the card) to the last. */
function keepTabInside(event: KeyboardEvent, dialog: HTMLElement) {
  const items = focusableIn(dialog);
  const first = items[0];
  const last = items.at(-1);
  const active = document.activeElement;
  if (!first || !last) {
    event.preventDefault();
    dialog.focus();
  } else if (!dialog.contains(active)) {
    event.preventDefault();
    (event.shiftKey ? last : first).focus();
  } else if (event.shiftKey && (active === first || active === dialog)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}

function themeToggleHovered(): boolean {
  return document.querySelector('[data-theme-toggle]:hover') !== null;
}

function lockScroll(): () => void {
  const root = document.documentElement;
  const scrollbar = window.innerWidth - root.clientWidth;
  const previous = { overflow: root.style.overflow, paddingRight: root.style.paddingRight };
  root.style.overflow = 'hidden';
  if (scrollbar > 0) root.style.paddingRight = `${scrollbar}px`;
  return () => {
    root.style.overflow = previous.overflow;
    root.style.paddingRight = previous.paddingRight;
  };
}

export function Popup({
  title,
  onClose,
  onBack,
  describedBy,
  wide = false,
  leaving = false,
  onExited,
  children,
}: PopupProps) {
  const chrome = use(PopupChromeContext);
  const titleId = useId();
  const layerRef = useRef<HTMLDivElement>(null);
  const dialogRef = useRef<HTMLDivElement>(null);
  const pressStartedOutside = useRef(false);
  const onCloseRef = useRef(onClose);
  const onExitedRef = useRef(onExited);

  useLayoutEffect(() => {
    onCloseRef.current = onClose;
    onExitedRef.current = onExited;
  });

  // Modal while open: page inert, scroll locked, focus inside.
  useLayoutEffect(() => {
    const layer = layerRef.current;
    const dialog = dialogRef.current;
    if (leaving || !layer || !dialog) return;
    const restoreInert = makeOutsideInert(layer);
    const unlockScroll = lockScroll();
    const field = dialog.querySelector<HTMLElement>(FIELDS);
    (field ?? dialog).focus({ preventScroll: true });
    return () => {
      restoreInert();
      unlockScroll();
    };
  }, [leaving]);

  useEffect(() => {
    if (leaving) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        onCloseRef.current();
      } else if (event.key === 'Tab' && dialogRef.current) {
        keepTabInside(event, dialogRef.current);
      }
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [leaving]);

  useEffect(() => {
    if (!leaving) return;
    const dialog = dialogRef.current;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      onExitedRef.current?.();
    };
    const timer = window.setTimeout(finish, EXIT_FALLBACK_MS);
    const onEnd = (event: AnimationEvent) => {
      if (event.target === dialog) finish();
    };
    dialog?.addEventListener('animationend', onEnd);
    // With reduced motion the exit animation is 0 ms and may fire no event at all.
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) finish();
    return () => {
      window.clearTimeout(timer);
      dialog?.removeEventListener('animationend', onEnd);
    };
  }, [leaving]);

  const isOutside = (target: EventTarget) =>
    !(target instanceof Node && dialogRef.current?.contains(target));

  function handlePointerDown(event: PointerEvent<HTMLDivElement>) {
    pressStartedOutside.current = isOutside(event.target);
  }

  function handleClick(event: MouseEvent<HTMLDivElement>) {
    // A press that starts inside the card (e.g. selecting text) and ends outside does not close it.
    const outside = pressStartedOutside.current && isOutside(event.target);
    pressStartedOutside.current = false;
    if (outside && !themeToggleHovered()) onClose();
  }

  return createPortal(
    // The layer is the backdrop; keyboard users close with Escape or the X, so it has no key handler.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions
    <div
      ref={layerRef}
      className="popup-layer"
      lang="en"
      data-state={leaving ? 'closing' : 'open'}
      inert={leaving}
      aria-hidden={leaving || undefined}
      onPointerDown={handlePointerDown}
      onClick={handleClick}
    >
      {!leaving && chrome}
      <div
        ref={dialogRef}
        className="popup"
        data-size={wide ? 'wide' : undefined}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        tabIndex={-1}
      >
        <div className="popup__header">
          {onBack && (
            <button type="button" className="popup__icon-button" aria-label="Back" onClick={onBack}>
              <ArrowLeftIcon />
            </button>
          )}
          <h2 id={titleId} className="popup__title">
            {title}
          </h2>
          <button
            type="button"
            className="popup__icon-button popup__close"
            aria-label="Close"
            onClick={onClose}
          >
            <CloseIcon />
          </button>
        </div>
        <div className="popup__body">{children}</div>
      </div>
    </div>,
    document.body,
  );
}
