/**
 * The offerings Home and About introduce: their words from content/site.json (`offerings`), and here
 * each one's drawing and page.
 */
import type { ComponentType } from 'react';
import { OFFERING_IDS, type OfferingId } from '#shared/offerings';
import { paths } from '#shared/paths';
import { siteContent } from '../../lib/site-content';
import {
  ArtIllustration,
  CandlesIllustration,
  MusicIllustration,
  NowouIllustration,
  PortfolioIllustration,
  WebIllustration,
} from '../illustrations/illustrations';

export interface Offering {
  id: OfferingId;
  kicker: string;
  title: string;
  promise: string;
  action: string;
  to: string;
  Illustration: ComponentType;
  swedish?: boolean;
}

const PLACES: Record<OfferingId, Pick<Offering, 'to' | 'Illustration' | 'swedish'>> = {
  longAndShortPosition: { to: paths.longAndShortPosition, Illustration: CandlesIllustration },
  portfolio: { to: paths.portfolio, Illustration: PortfolioIllustration },
  art: { to: paths.art, Illustration: ArtIllustration },
  music: { to: paths.music, Illustration: MusicIllustration },
  lokalaJobb: { to: paths.lokalaJobb, Illustration: WebIllustration, swedish: true },
  nowou: { to: paths.nowou, Illustration: NowouIllustration },
};

/** The six offerings with the words the owner published. */
export function offerings(): Offering[] {
  const words = siteContent().offerings;
  return OFFERING_IDS.map((id) => ({ id, ...words[id], ...PLACES[id] }));
}
