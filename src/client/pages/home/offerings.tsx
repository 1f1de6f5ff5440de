/** The offerings Home and About introduce, each with a drawing, a one-line promise and where to go. */
import type { ComponentType } from 'react';
import { paths } from '#shared/paths';
import {
  ArtIllustration,
  CandlesIllustration,
  MusicIllustration,
  NowouIllustration,
  PortfolioIllustration,
  WebIllustration,
} from '../illustrations/illustrations';

export interface Offering {
  id: string;
  kicker: string;
  title: string;
  promise: string;
  action: string;
  to: string;
  Illustration: ComponentType;
  swedish?: boolean;
}

export const OFFERINGS: Offering[] = [
  {
    id: 'long-and-short',
    kicker: 'Indicator',
    title: 'Long & Short Position',
    promise:
      'Entry, stop and target on your chart, with the risk-reward and position size worked out.',
    action: 'See the indicator',
    to: paths.longAndShortPosition,
    Illustration: CandlesIllustration,
  },
  {
    id: 'portfolio',
    kicker: 'Indicator',
    title: 'Portfolio',
    promise: 'Allocation and profit and loss for every holding, in one calm view on your chart.',
    action: 'See the indicator',
    to: paths.portfolio,
    Illustration: PortfolioIllustration,
  },
  {
    id: 'art',
    kicker: 'Gallery',
    title: 'Art',
    promise:
      'Generative drawings of harbours, hills and patterns, to browse up close and full screen.',
    action: 'Visit the gallery',
    to: paths.art,
    Illustration: ArtIllustration,
  },
  {
    id: 'music',
    kicker: 'Listen',
    title: 'Music',
    promise: 'Short instrumental tracks to work, trade and wander to.',
    action: 'Listen in',
    to: paths.music,
    Illustration: MusicIllustration,
  },
  {
    id: 'lokala-jobb',
    kicker: 'Web development',
    title: 'Lokala jobb',
    promise: 'Fast, clear websites for local Swedish businesses, at a fixed price.',
    action: 'Visit Lokala jobb',
    to: paths.lokalaJobb,
    Illustration: WebIllustration,
    swedish: true,
  },
  {
    id: 'nowou',
    kicker: 'App',
    title: 'Nowou',
    promise: 'Timelines, notes, brainstorms and to-dos in one calm place, kept in your browser.',
    action: 'Meet Nowou',
    to: paths.nowou,
    Illustration: NowouIllustration,
  },
];
