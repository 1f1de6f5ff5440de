/**
 * Inline SVG icons, drawn on a 24×24 grid with currentColor so they follow the theme.
 * Decorative by default (aria-hidden); give the surrounding control its accessible name.
 */
import type { SVGProps } from 'react';

export type IconProps = SVGProps<SVGSVGElement> & { size?: number };

/** The 24×24 stroked frame every icon here is drawn in (also the indicator pages' point icons). */
export function Svg({ size = 20, children, ...rest }: IconProps) {
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

export function SunIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <circle cx="12" cy="12" r="4" />
      <path d="M12 2v2M12 20v2M4.93 4.93l1.41 1.41M17.66 17.66l1.41 1.41M2 12h2M20 12h2M4.93 19.07l1.41-1.41M17.66 6.34l1.41-1.41" />
    </Svg>
  );
}

export function MoonIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M20.5 14.2A8.5 8.5 0 1 1 9.8 3.5a6.6 6.6 0 0 0 10.7 10.7z" />
    </Svg>
  );
}

export function EnterFullscreenIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M4 9V4h5M15 4h5v5M20 15v5h-5M9 20H4v-5" />
    </Svg>
  );
}

export function ExitFullscreenIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M9 4v5H4M20 9h-5V4M15 20v-5h5M4 15h5v5" />
    </Svg>
  );
}

/** Hide layout: a window frame with its chrome folding away. */
export function HideLayoutIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <rect x="3" y="4" width="18" height="16" rx="2" />
      <path d="M3 9h18M8 9v11" />
      <path d="M13 13l3 3M16 13l-3 3" />
    </Svg>
  );
}

/** Show layout: the same frame with its header and side panel back. */
export function ShowLayoutIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <rect x="3" y="4" width="18" height="16" rx="2" />
      <path d="M3 9h18M8 9v11" />
    </Svg>
  );
}

export function MenuIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M4 7h16M4 12h16M4 17h16" />
    </Svg>
  );
}

export function ChevronDownIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M6 9l6 6 6-6" />
    </Svg>
  );
}

export function ArrowRightIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M5 12h14M12 5l7 7-7 7" />
    </Svg>
  );
}

export function MailIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="M3 7l9 6 9-6" />
    </Svg>
  );
}

export function LogOutIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4M16 17l5-5-5-5M21 12H9" />
    </Svg>
  );
}

export function ShieldIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10z" />
    </Svg>
  );
}

/** Nowou: a timeline with a checked box, the app's two main ideas. */
export function NowouIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M3 12h4M17 12h4" />
      <rect x="7" y="7" width="10" height="10" rx="2.5" />
      <path d="M9.5 12l1.8 1.8 3.2-3.6" />
    </Svg>
  );
}

/** The Swedish flag in its own colours (not currentColor): blue field, yellow Nordic cross. */
export function SwedenFlagIcon({ size = 16, ...rest }: IconProps) {
  return (
    <svg
      width={size}
      height={(size * 10) / 16}
      viewBox="0 0 16 10"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      <rect width="16" height="10" rx="1.2" fill="#006aa7" />
      <path d="M5 0h2v10H5zM0 4h16v2H0z" fill="#fecc02" />
    </svg>
  );
}

/* Social link icons, one per kind of site (content-schema SOCIAL_KINDS), drawn generic on purpose:
   the owner chooses which service each kind points to. */

export function VideoSiteIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <rect x="2" y="5" width="20" height="14" rx="4" />
      <path d="M10 9v6l5-3z" fill="currentColor" />
    </Svg>
  );
}

export function ChatServerIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M7 5h10a4 4 0 0 1 4 4v5a4 4 0 0 1-4 4h-1l1 3-4-3H7a4 4 0 0 1-4-4V9a4 4 0 0 1 4-4z" />
      <circle cx="9" cy="11.5" r="1" fill="currentColor" />
      <circle cx="15" cy="11.5" r="1" fill="currentColor" />
    </Svg>
  );
}

export function PhotoSiteIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <rect x="3" y="3" width="18" height="18" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <circle cx="17.5" cy="6.5" r="0.8" fill="currentColor" />
    </Svg>
  );
}

export function CodeHostIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <circle cx="6" cy="5" r="2" />
      <circle cx="6" cy="19" r="2" />
      <circle cx="18" cy="7" r="2" />
      <path d="M6 7v10M18 9c0 5-6 4-11.2 8.6" />
    </Svg>
  );
}

export function ShortPostIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M4 4l16 16M20 4L4 20" />
    </Svg>
  );
}

export function MembershipIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z" />
    </Svg>
  );
}

export function ShortVideoIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M14 3v11.5a3.5 3.5 0 1 1-3.5-3.5" />
      <path d="M14 3c.5 2.5 2.5 4.5 5 5" />
    </Svg>
  );
}

export function SocialNetworkIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <circle cx="9" cy="8" r="3" />
      <path d="M3 20a6 6 0 0 1 12 0" />
      <circle cx="17" cy="9" r="2.5" />
      <path d="M16 14a5 5 0 0 1 5 5" />
    </Svg>
  );
}

export function ForumIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M4 4h11a2 2 0 0 1 2 2v6a2 2 0 0 1-2 2H9l-4 3v-3H4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2z" />
      <path d="M19 9h1a2 2 0 0 1 2 2v5a2 2 0 0 1-2 2h-1v3l-4-3h-3" />
    </Svg>
  );
}

export function MusicStreamingIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M4 10v4M8 7v10M12 4v16M16 8v8M20 11v2" />
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

export function CheckIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M20 6 9 17l-5-5" />
    </Svg>
  );
}

export function RefreshIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M21 12a9 9 0 0 1-15.5 6.2M3 12A9 9 0 0 1 18.5 5.8" />
      <path d="M21 4v5h-5M3 20v-5h5" />
    </Svg>
  );
}

export function PencilIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M4 20h4L19 9a2.8 2.8 0 0 0-4-4L4 16z" />
      <path d="m13.5 6.5 4 4" />
    </Svg>
  );
}

export function CopyIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <rect x="9" y="9" width="12" height="12" rx="2" />
      <path d="M5 15H4a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h10a1 1 0 0 1 1 1v1" />
    </Svg>
  );
}
