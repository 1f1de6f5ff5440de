/**
 * A disclosure dropdown (button with aria-expanded + a list of links). It opens on mouse hover and on
 * click, Enter, Space or ArrowDown; it closes DROPDOWN_CLOSE_DELAY_MS after the mouse leaves, on
 * Escape (focus back to the button), when focus leaves it, on a click elsewhere and after navigating.
 */
import {
  useEffect,
  useId,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type PointerEvent,
} from 'react';
import { NavLink, useLocation } from '../../lib/navigation/router';
import { DROPDOWN_CLOSE_DELAY_MS } from '#shared/timing';
import { ChevronDownIcon, SwedenFlagIcon } from '../../ui/icons';
import { menuHoldsPath, type HeaderSection } from './header-links';

interface HeaderDropdownProps {
  label: string;
  sections: HeaderSection[];
}

type OpenedBy = 'hover' | 'press' | null;

function linksIn(panel: HTMLElement | null): HTMLAnchorElement[] {
  return panel ? Array.from(panel.querySelectorAll('a')) : [];
}

export function HeaderDropdown({ label, sections }: HeaderDropdownProps) {
  const panelId = useId();
  const { pathname } = useLocation();
  const [openedBy, setOpenedBy] = useState<OpenedBy>(null);
  const open = openedBy !== null;
  const wrapperRef = useRef<HTMLLIElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const closeTimer = useRef<number | undefined>(undefined);
  const focusFirstOnOpen = useRef(false);

  const [shownPath, setShownPath] = useState(pathname);
  if (shownPath !== pathname) {
    setShownPath(pathname);
    setOpenedBy(null);
  }

  function cancelClose() {
    window.clearTimeout(closeTimer.current);
  }

  useEffect(() => cancelClose, []);

  useEffect(() => {
    if (!open) return;
    if (focusFirstOnOpen.current) {
      focusFirstOnOpen.current = false;
      linksIn(panelRef.current)[0]?.focus();
    }
    function closeOnOutsidePress(event: globalThis.PointerEvent) {
      if (!wrapperRef.current?.contains(event.target as Node)) setOpenedBy(null);
    }
    document.addEventListener('pointerdown', closeOnOutsidePress);
    return () => document.removeEventListener('pointerdown', closeOnOutsidePress);
  }, [open]);

  function onPointerEnter(event: PointerEvent) {
    if (event.pointerType !== 'mouse') return;
    cancelClose();
    setOpenedBy((current) => current ?? 'hover');
  }

  function onPointerLeave(event: PointerEvent) {
    if (event.pointerType !== 'mouse') return;
    cancelClose();
    closeTimer.current = window.setTimeout(() => setOpenedBy(null), DROPDOWN_CLOSE_DELAY_MS);
  }

  function onButtonClick() {
    cancelClose();
    // A hover already opened it: the click keeps it open instead of closing it under the pointer.
    setOpenedBy((current) => (current === 'hover' ? 'press' : current === null ? 'press' : null));
  }

  function onButtonKeyDown(event: KeyboardEvent) {
    if (event.key !== 'ArrowDown') return;
    event.preventDefault();
    if (open) linksIn(panelRef.current)[0]?.focus();
    else {
      focusFirstOnOpen.current = true;
      setOpenedBy('press');
    }
  }

  function onWrapperKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      event.stopPropagation();
      setOpenedBy(null);
      buttonRef.current?.focus();
      return;
    }
    const links = linksIn(panelRef.current);
    const index = links.indexOf(document.activeElement as HTMLAnchorElement);
    if (index === -1) return;
    const target =
      event.key === 'ArrowDown'
        ? links[(index + 1) % links.length]
        : event.key === 'ArrowUp'
          ? index === 0
            ? buttonRef.current
            : links[index - 1]
          : event.key === 'Home'
            ? links[0]
            : event.key === 'End'
              ? links.at(-1)
              : undefined;
    if (!target) return;
    event.preventDefault();
    target.focus();
  }

  function onWrapperBlur(event: FocusEvent) {
    if (!wrapperRef.current?.contains(event.relatedTarget as Node | null)) setOpenedBy(null);
  }

  const current = menuHoldsPath(sections, pathname);

  return (
    // The handlers only widen what the button and links already do (hover, arrows, Escape).
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <li
      ref={wrapperRef}
      className="header-menu"
      data-open={open}
      onPointerEnter={onPointerEnter}
      onPointerLeave={onPointerLeave}
      onKeyDown={onWrapperKeyDown}
      onBlur={onWrapperBlur}
    >
      <button
        ref={buttonRef}
        type="button"
        className="header-link header-menu__button"
        aria-expanded={open}
        aria-controls={panelId}
        data-current={current || undefined}
        onClick={onButtonClick}
        onKeyDown={onButtonKeyDown}
      >
        {label}
        <ChevronDownIcon size={16} className="header-menu__chevron" />
      </button>
      <div ref={panelRef} id={panelId} className="header-menu__panel" hidden={!open}>
        {sections.map((section, i) => (
          <div key={section.heading ?? i} className="header-menu__section">
            {section.heading && <p className="header-menu__heading">{section.heading}</p>}
            <ul className="header-menu__list">
              {section.links.map((link) => (
                <li key={link.to}>
                  <NavLink
                    to={link.to}
                    className="header-menu__link"
                    onClick={() => setOpenedBy(null)}
                  >
                    <span className="header-menu__label">
                      {link.label}
                      {link.swedishFlag && <SwedenFlagIcon size={18} className="sweden-flag" />}
                    </span>
                    {link.hint && <span className="header-menu__hint">{link.hint}</span>}
                  </NavLink>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </li>
  );
}
