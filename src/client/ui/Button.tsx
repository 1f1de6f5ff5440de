/**
 * The site's button: primary (accent fill), secondary (outlined) or ghost (text only), at least
 * 44 px tall (touch targets, docs/product/shell.md#look-and-feel) with a visible focus ring. `type`
 * defaults to "button" so a button inside a form never submits by accident.
 */
import type { ComponentPropsWithRef } from 'react';
import './button.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost';

type ButtonProps = ComponentPropsWithRef<'button'> & {
  variant?: ButtonVariant;
  /** Stretches to the container's width (used for primary actions on mobile). */
  fullWidth?: boolean;
  /** Shows a spinner and sets aria-busy; the button stays focusable but ignores clicks. */
  loading?: boolean;
};

export function Button({
  variant = 'secondary',
  fullWidth = false,
  loading = false,
  type = 'button',
  className,
  children,
  onClick,
  ...rest
}: ButtonProps) {
  const classes = ['button', `button--${variant}`, fullWidth ? 'button--full' : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  return (
    <button
      {...rest}
      type={type}
      className={classes}
      aria-busy={loading || undefined}
      data-loading={loading || undefined}
      onClick={loading ? (event) => event.preventDefault() : onClick}
    >
      {loading && <span className="button__spinner" aria-hidden="true" />}
      {children}
    </button>
  );
}
