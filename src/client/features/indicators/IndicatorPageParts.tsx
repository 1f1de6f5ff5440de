/**
 * Pieces both indicator pages share: the Free trial and Purchase buttons (they open the product's
 * form in a pop-up), the feature points and the closing offer.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { INDICATORS, TRIAL_DAYS, type IndicatorProduct } from '#shared/indicator-products';
import { paths } from '#shared/paths';
import { usePopups } from '../../lib/popups/use-popups';
import { Button } from '../../ui/Button';
import './indicators.css';

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
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {POINT_ICONS[name]}
    </svg>
  );
}
