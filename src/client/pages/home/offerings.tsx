/** The offerings Home introduces, each with a drawing, a one-line promise and where to go. */
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
    promise: 'See entry, target and stop on the chart before you commit to a trade.',
    action: 'See the indicator',
    to: paths.longAndShortPosition,
    Illustration: CandlesIllustration,
  },
  {
    id: 'portfolio',
    kicker: 'Indicator',
    title: 'Portfolio',
    promise: 'Every holding and how the whole portfolio is doing, in one calm view.',
    action: 'See the indicator',
    to: paths.portfolio,
    Illustration: PortfolioIllustration,
  },
  {
    id: 'art',
    kicker: 'Gallery',
    title: 'Art',
    promise: 'Original pieces, from the first sketch to the finished work.',
    action: 'Visit the gallery',
    to: paths.art,
    Illustration: ArtIllustration,
  },
  {
    id: 'music',
    kicker: 'Listen',
    title: 'Music',
    promise: 'Tracks to work, trade and wander to.',
    action: 'Listen in',
    to: paths.music,
    Illustration: MusicIllustration,
  },
  {
    id: 'lokala-jobb',
    kicker: 'Web development',
    title: 'Lokala jobb',
    promise: 'Fast, clear websites that bring local Swedish businesses more customers.',
    action: 'Read more',
    to: paths.lokalaJobb,
    Illustration: WebIllustration,
    swedish: true,
  },
  {
    id: 'nowou',
    kicker: 'App',
    title: 'Nowou',
    promise: 'Timelines, text boxes, brainstorms and to-dos, kept right in your browser.',
    action: 'Meet Nowou',
    to: paths.nowou,
    Illustration: NowouIllustration,
  },
];
