/**
 * A link to another site. It stays a real <a href> (crawlers, middle-click, "open in new tab"), but a
 * plain click or Enter first asks for consent in the leave-site pop-up
 * (docs/product/shell.md#leaving-the-site).
 */
import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import type { PopupState } from '../lib/popups/popup-state';
import { usePopups } from '../lib/popups/use-popups';

type ExternalLinkProps = Omit<
  AnchorHTMLAttributes<HTMLAnchorElement>,
  'href' | 'target' | 'rel'
> & {
  href: string;
  /** The pop-up that "No" returns to, e.g. Donation. */
  back?: PopupState;
};

export function ExternalLink({
  href,
  back,
  onClick,
  onPointerEnter,
  onFocus,
  children,
  ...rest
}: ExternalLinkProps) {
  const { open, preload } = usePopups();

  function handleClick(event: MouseEvent<HTMLAnchorElement>) {
    onClick?.(event);
    if (event.defaultPrevented) return;
    // Modified clicks keep the browser's own behaviour (new tab, new window, download).
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
      return;
    event.preventDefault();
    open(back ? { name: 'leaveSite', href, back } : { name: 'leaveSite', href });
  }

  return (
    <a
      {...rest}
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      onClick={handleClick}
      onPointerEnter={(event) => {
        onPointerEnter?.(event);
        preload();
      }}
      onFocus={(event) => {
        onFocus?.(event);
        preload();
      }}
    >
      {children}
    </a>
  );
}
