/**
 * Pieces of the indicator pages (IndicatorPage) and the purchase page: the Free trial and Purchase
 * buttons (they open the product's form in a pop-up), the feature points and the closing offer.
 */
import type { ReactNode } from 'react';
import { Link } from '../../lib/navigation/router';
import { INDICATORS, TRIAL_DAYS, type IndicatorProduct } from '#shared/indicator-products';
import { paths } from '#shared/paths';
import { usePopups } from '../../lib/popups/use-popups';
import { Button } from '../../ui/Button';
import './indicator-page.css';

export function IndicatorActions({
  product,
  note = true,
}: {
  product: IndicatorProduct;
  note?: boolean;
}) {
  const { open, preload } = usePopups();
  const preloadForm = () => preload('indicatorForm');
  return (
    <div className="page__actions indicator-actions">
      <Button
        variant="primary"
        onPointerEnter={preloadForm}
        onFocus={preloadForm}
        onClick={() => open({ name: 'indicatorForm', product, kind: 'freeTrial' })}
      >
        Free trial
      </Button>
      <Button
        onPointerEnter={preloadForm}
        onFocus={preloadForm}
        onClick={() => open({ name: 'indicatorForm', product, kind: 'purchase' })}
      >
        Purchase
      </Button>
      {note && (
        <span className="indicator-actions__note">{TRIAL_DAYS} days free, no card needed</span>
      )}
    </div>
  );
}

export interface IndicatorPoint {
  title: string;
  text: ReactNode;
  icon: ReactNode;
}

export function IndicatorPoints({ points }: { points: readonly IndicatorPoint[] }) {
  return (
    <ul className="indicator-points">
      {points.map((point) => (
        <li key={point.title} className="indicator-points__item">
          <span className="indicator-points__mark" aria-hidden="true">
            {point.icon}
          </span>
          <h3 className="indicator-points__title">{point.title}</h3>
          <p className="indicator-points__text">{point.text}</p>
        </li>
      ))}
    </ul>
  );
}

/** The closing band: the trial's terms, the two buttons and the way to the plans. */
export function IndicatorOffer({ product }: { product: IndicatorProduct }) {
  const { title } = INDICATORS[product];
  const headingId = `${product}-offer-title`;
  return (
    <section className="indicator-offer" aria-labelledby={headingId}>
      <h2 id={headingId} className="indicator-offer__title">
        Try {title} free for {TRIAL_DAYS} days
      </h2>
      <p className="indicator-offer__text">
        Ask for the trial with your TradingView username and it is added to your account by hand,
        usually within a day. There is one trial per account and per TradingView username, nothing
        to pay and no card to enter. When you want to keep it, a month, a year or a lifetime licence
        is paid in crypto or through the membership page.
      </p>
      <IndicatorActions product={product} note={false} />
      <p>
        <Link className="indicator-offer__link" to={paths.purchase}>
          Plans, prices and how payment works
        </Link>
      </p>
    </section>
  );
}
