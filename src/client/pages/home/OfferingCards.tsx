/**
 * One card per offering: its drawing (left out in the compact variant), a kicker, the title, a
 * one-line promise and a link that makes the whole card clickable. Home shows them large; About
 * shows the compact ones as a way into each.
 */
import { Link } from '../../lib/navigation/router';
import { ArrowRightIcon, SwedenFlagIcon } from '../../ui/icons';
import { offerings } from './offerings';
import './offerings.css';

interface OfferingCardsProps {
  compact?: boolean;
}

export function OfferingCards({ compact = false }: OfferingCardsProps) {
  return (
    <ul className="offerings__grid" data-compact={compact || undefined}>
      {offerings().map(({ id, kicker, title, promise, action, to, Illustration, swedish }) => (
        <li key={id} className="offering" data-offering={id}>
          {!compact && (
            <div className="offering__art">
              <Illustration />
            </div>
          )}
          <div className="offering__body">
            <p className="offering__kicker">
              {kicker}
              {swedish && <SwedenFlagIcon size={16} className="sweden-flag" />}
            </p>
            <h3 className="offering__title">{title}</h3>
            <p className="offering__promise">{promise}</p>
            <Link to={to} className="offering__link">
              {action}
              <span className="visually-hidden">: {title}</span>
              <ArrowRightIcon size={16} />
            </Link>
          </div>
        </li>
      ))}
    </ul>
  );
}
