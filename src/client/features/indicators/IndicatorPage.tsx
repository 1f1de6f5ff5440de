/**
 * The shape both indicator pages share: the intro with the Free trial and Purchase buttons, the demo
 * on sample prices, what the indicator draws, how to read it, who it is for, and the closing offer.
 * The page brings its own words, drawing and demo (each demo is its own chunk, with its chart).
 */
import type { ReactNode } from 'react';
import { INDICATORS, type IndicatorProduct } from '#shared/indicator-products';
import { ROUTE_TITLES } from '#shared/paths';
import { NumberedSteps } from '../../ui/NumberedSteps';
import {
  IndicatorActions,
  IndicatorOffer,
  IndicatorPoints,
  type IndicatorPoint,
} from './IndicatorPageParts';

interface IndicatorPageProps {
  product: IndicatorProduct;
  /** Starts the sections' heading ids: `ls` gives ls-demo-title, ls-what-title… */
  idPrefix: string;
  lead: ReactNode;
  /** The drawing beside the intro on wide screens. */
  illustration: ReactNode;
  demo: { title: string; lead: ReactNode; planner: ReactNode };
  /** "What it draws on your chart", "What it shows on your chart". */
  pointsTitle: string;
  points: readonly IndicatorPoint[];
  steps: readonly ReactNode[];
  /** The first paragraph of "Who it is for"; the second, about the invite-only script, is shared. */
  audience: ReactNode;
}

export function IndicatorPage({
  product,
  idPrefix,
  lead,
  illustration,
  demo,
  pointsTitle,
  points,
  steps,
  audience,
}: IndicatorPageProps) {
  const id = (section: string) => `${idPrefix}-${section}-title`;
  return (
    <>
      <div className="page__top" data-illustrated>
        <div className="page__intro">
          <p className="page__eyebrow">TradingView indicator</p>
          <h1 className="page__title">{ROUTE_TITLES[product]}</h1>
          <p className="page__lead">{lead}</p>
          <IndicatorActions product={product} />
        </div>
        <div className="page__visual">{illustration}</div>
      </div>

      <section className="page__section indicator-section" aria-labelledby={id('demo')}>
        <h2 id={id('demo')} className="page__section-title">
          {demo.title}
        </h2>
        <p className="page__section-lead">{demo.lead}</p>
        {demo.planner}
        <p className="indicator-disclaimer">
          The prices are generated, not market data, and nothing on this page is financial advice.
        </p>
      </section>

      <section className="page__section indicator-section" aria-labelledby={id('what')}>
        <h2 id={id('what')} className="page__section-title">
          {pointsTitle}
        </h2>
        <IndicatorPoints points={points} />
      </section>

      <section className="page__section" aria-labelledby={id('read')}>
        <h2 id={id('read')} className="page__section-title">
          How to read it
        </h2>
        <NumberedSteps steps={steps} />
      </section>

      <section className="page__section" aria-labelledby={id('who')}>
        <h2 id={id('who')} className="page__section-title">
          Who it is for
        </h2>
        <p>{audience}</p>
        <p>
          {INDICATORS[product].title} is an invite-only script. Once your trial or purchase is
          granted it appears on your charts under Indicators, in the Invite-only scripts tab, for
          the TradingView username you gave.
        </p>
      </section>

      <IndicatorOffer product={product} />
    </>
  );
}
