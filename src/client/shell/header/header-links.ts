/**
 * The header's navigation (docs/product/shell.md#header-navigation). Desktop: Apps (Nowou), Indicators
 * (Long & Short Position, Portfolio), Music, Art, Solutions (Web development, with a Sweden flag),
 * About.
 * Tablet and mobile: Areas (Indicators, Art, Music, Solutions), Apps, About.
 */
import { paths } from '#shared/paths';

export interface HeaderLink {
  label: string;
  to: string;
  /** A short line under the label inside a dropdown. */
  hint?: string;
  /** Web development is a Swedish service: the Sweden flag sits beside it. */
  swedishFlag?: boolean;
}

export interface HeaderSection {
  heading?: string;
  links: HeaderLink[];
}

export type HeaderItem =
  | { kind: 'link'; link: HeaderLink }
  | { kind: 'menu'; id: string; label: string; sections: HeaderSection[] };

const nowou: HeaderLink = {
  label: 'Nowou',
  to: paths.nowou,
  hint: 'Timelines, to-dos and brainstorms',
};
const longAndShort: HeaderLink = {
  label: 'Long & Short Position',
  to: paths.longAndShortPosition,
  hint: 'Entries and exits, drawn on the chart',
};
const portfolio: HeaderLink = {
  label: 'Portfolio',
  to: paths.portfolio,
  hint: 'Your holdings at a glance',
};
const music: HeaderLink = { label: 'Music', to: paths.music };
const art: HeaderLink = { label: 'Art', to: paths.art };
const webDevelopment: HeaderLink = {
  label: 'Web development',
  to: paths.lokalaJobb,
  hint: 'Websites for local Swedish businesses',
  swedishFlag: true,
};
const about: HeaderLink = { label: 'About', to: paths.about };

export const DESKTOP_ITEMS: HeaderItem[] = [
  { kind: 'menu', id: 'apps', label: 'Apps', sections: [{ links: [nowou] }] },
  {
    kind: 'menu',
    id: 'indicators',
    label: 'Indicators',
    sections: [{ links: [longAndShort, portfolio] }],
  },
  { kind: 'link', link: music },
  { kind: 'link', link: art },
  { kind: 'menu', id: 'solutions', label: 'Solutions', sections: [{ links: [webDevelopment] }] },
  { kind: 'link', link: about },
];

export const COMPACT_ITEMS: HeaderItem[] = [
  {
    kind: 'menu',
    id: 'areas',
    label: 'Areas',
    sections: [
      { heading: 'Indicators', links: [longAndShort, portfolio] },
      { links: [art, music] },
      { heading: 'Solutions', links: [webDevelopment] },
    ],
  },
  { kind: 'menu', id: 'apps', label: 'Apps', sections: [{ links: [nowou] }] },
  { kind: 'link', link: about },
];

/** Whether a menu holds the page being shown (its button is then marked as the current area). */
export function menuHoldsPath(sections: HeaderSection[], pathname: string): boolean {
  const current = pathname.replace(/\/+$/, '').toLowerCase();
  return sections.some((section) =>
    section.links.some((link) => link.to.toLowerCase() === current),
  );
}
