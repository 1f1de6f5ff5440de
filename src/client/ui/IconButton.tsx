import type { ButtonHTMLAttributes, ReactNode } from 'react';
import './icon-button.css';

type IconButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'aria-label' | 'children'> & {
  /** The accessible name; icon-only controls have no visible text. */
  label: string;
  icon: ReactNode;
};

/** A square 44 px control holding one icon. */
export function IconButton({ label, icon, className, type = 'button', ...rest }: IconButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      aria-label={label}
      title={label}
      className={['icon-button', className].filter(Boolean).join(' ')}
    >
      {icon}
    </button>
  );
}
