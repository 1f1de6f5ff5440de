/**
 * The body of the Free trial and Purchase pop-up: what happens after sending, then the product's
 * form (the site's one form system; signed-out visitors are asked to log in first).
 */
import { Link } from '../../lib/navigation/router';
import {
  INDICATORS,
  TRIAL_DAYS,
  indicatorSubmissionType,
  type AccessKind,
  type IndicatorProduct,
} from '#shared/indicator-products';
import { paths } from '#shared/paths';
import { usePopups } from '../../lib/popups/use-popups';
import { SubmissionForm } from './SubmissionForm';
import './indicator-request.css';

interface IndicatorRequestProps {
  product: IndicatorProduct;
  kind: AccessKind;
}

export function IndicatorRequest({ product, kind }: IndicatorRequestProps) {
  const { close } = usePopups();
  const { title } = INDICATORS[product];
  return (
    <div className="indicator-request">
      {kind === 'freeTrial' ? (
        <p className="popup__text">
          {TRIAL_DAYS} days of {title} on your own TradingView charts, free. It is added to your
          TradingView username by hand, usually within a day, and your{' '}
          <Link to={paths.account} onClick={close}>
            account page
          </Link>{' '}
          shows when it starts and ends.
        </p>
      ) : (
        <p className="popup__text">
          Send your TradingView username and, if you like, the plan you want. You get an email with
          the price and how to pay, in Bitcoin, Ethereum or through the membership page. The{' '}
          <Link to={paths.purchase} onClick={close}>
            plans and prices
          </Link>{' '}
          are on the purchase page.
        </p>
      )}
      <SubmissionForm
        type={indicatorSubmissionType(product, kind)}
        errorName={kind === 'freeTrial' ? 'handleFreeTrial' : 'handlePurchase'}
      />
    </div>
  );
}
