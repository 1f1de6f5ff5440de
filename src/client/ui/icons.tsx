/**
 * Inline SVG icons, drawn on a 24×24 grid with currentColor so they follow the theme.
 * Decorative by default (aria-hidden); give the surrounding control its accessible name.
 */
import type { SVGProps } from 'react';

type IconProps = SVGProps<SVGSVGElement> & { size?: number };

function Svg({ size = 20, children, ...rest }: IconProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      {children}
    </svg>
  );
}

export function CloseIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M6 6l12 12M18 6L6 18" />
    </Svg>
  );
}

export function ArrowLeftIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M19 12H5M12 19l-7-7 7-7" />
    </Svg>
  );
}

/* Donation and pop-up icons. */

export function HeartIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M12 20.5s-8-4.6-8-10.6A4.4 4.4 0 0 1 12 7.3a4.4 4.4 0 0 1 8 2.6c0 6-8 10.6-8 10.6z" />
    </Svg>
  );
}

/** Crowd-funding: many small hands lifting one goal, drawn as people under a rising bar. */
export function CrowdFundingIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <circle cx="6" cy="15" r="2" />
      <circle cx="12" cy="14" r="2" />
      <circle cx="18" cy="15" r="2" />
      <path d="M3 21a3 3 0 0 1 6 0M9 21a3 3 0 0 1 6 0M15 21a3 3 0 0 1 6 0" />
      <path d="M6 8l4-3 3 2 5-4M15 3h3v3" />
    </Svg>
  );
}

export function BitcoinIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <circle cx="12" cy="12" r="10" />
      <path d="M9.5 7.5h4a2 2 0 0 1 0 4h-4zM9.5 11.5h4.5a2 2 0 0 1 0 4H9.5zM9.5 7.5v8M11 6v1.5M13 6v1.5M11 15.5V17M13 15.5V17" />
    </Svg>
  );
}

export function EthereumIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M12 2.5l6 9.5-6 3.5-6-3.5z" />
      <path d="M6 13.5l6 8 6-8-6 3.5z" />
    </Svg>
  );
}

export function ExternalLinkIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M14 4h6v6M20 4l-9 9" />
      <path d="M18 14v4a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h4" />
    </Svg>
  );
}

export function AlertIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M10.3 3.9L2.4 17.6A2 2 0 0 0 4.1 20.5h15.8a2 2 0 0 0 1.7-2.9L13.7 3.9a2 2 0 0 0-3.4 0z" />
      <path d="M12 9v4M12 17h.01" />
    </Svg>
  );
}

export function CookieIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M21 12.5A9 9 0 1 1 11.5 3a3 3 0 0 0 3.5 3.5 3 3 0 0 0 3.5 3.5 3 3 0 0 0 2.5 2.5z" />
      <path d="M8.5 9.5h.01M8 14.5h.01M12.5 12.5h.01M15.5 16h.01M11 17.5h.01" />
    </Svg>
  );
}
