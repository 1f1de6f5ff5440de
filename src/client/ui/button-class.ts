/**
 * The Button's class names (ui/button.css) for router links that should look like buttons: a link
 * that navigates stays an <a>, an action stays a <button>.
 */
export type ButtonVariant = 'primary' | 'secondary' | 'ghost';

export interface ButtonLook {
  variant?: ButtonVariant;
  fullWidth?: boolean;
}

export function buttonClassName(
  { variant = 'secondary', fullWidth = false }: ButtonLook = {},
  extra?: string,
): string {
  return ['button', `button--${variant}`, fullWidth && 'button--full', extra]
    .filter(Boolean)
    .join(' ');
}
