import type { ReactNode } from 'react';
import { Svg } from '../../ui/icons';

/** Small line icons for the feature points (decorative; the titles carry the meaning). */
export type PointIconName =
  'zones' | 'ratio' | 'size' | 'flip' | 'table' | 'ring' | 'line' | 'settings';

const POINT_ICONS: Record<PointIconName, ReactNode> = {
  zones: (
    <>
      <rect x="4" y="4" width="16" height="7" rx="1.5" />
      <rect x="4" y="13" width="16" height="7" rx="1.5" />
    </>
  ),
  ratio: (
    <>
      <path d="M5 19 19 5" />
      <circle cx="7" cy="7" r="2.5" />
      <circle cx="17" cy="17" r="2.5" />
    </>
  ),
  size: (
    <>
      <path d="M4 20h16" />
      <path d="M7 20V11M12 20V6M17 20v-5" />
    </>
  ),
  flip: (
    <>
      <path d="M7 4v16M7 4 3.5 7.5M7 4l3.5 3.5" />
      <path d="M17 20V4M17 20l-3.5-3.5M17 20l3.5-3.5" />
    </>
  ),
  table: (
    <>
      <rect x="3.5" y="4.5" width="17" height="15" rx="2" />
      <path d="M3.5 9.5h17M3.5 14.5h17M9.5 9.5v10" />
    </>
  ),
  ring: (
    <>
      <circle cx="12" cy="12" r="8" />
      <path d="M12 4v8l6.5 4.5" />
    </>
  ),
  line: (
    <>
      <path d="M3 17l5-5 4 3 8-9" />
      <path d="M3 20h18" />
    </>
  ),
  settings: (
    <>
      <path d="M4 7h10M18 7h2M4 17h2M10 17h10" />
      <circle cx="16" cy="7" r="2" />
      <circle cx="8" cy="17" r="2" />
    </>
  ),
};

export function PointIcon({ name }: { name: PointIconName }) {
  return <Svg>{POINT_ICONS[name]}</Svg>;
}
