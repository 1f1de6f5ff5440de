/**
 * Prices side by side as cards (the indicator plans, the Lokala jobb packages): a name, the price and
 * what it is for, and an optional list of what is included. One card may be marked with a badge.
 */
import './price-cards.css';

export interface PriceCard {
  name: string;
  price: string;
  /** After the price: "for 30 days", "i månaden". */
  period?: string;
  description: string;
  includes?: readonly string[];
  featured?: boolean;
}

export function PriceCards({
  cards,
  featuredLabel,
}: {
  cards: readonly PriceCard[];
  /** The badge on the featured card: "Best value". */
  featuredLabel: string;
}) {
  return (
    <ul className="price-cards">
      {cards.map((card) => (
        <li key={card.name} className="price-card" data-featured={card.featured || undefined}>
          <h3 className="price-card__name">
            {card.name}
            {card.featured && <span className="price-card__badge">{featuredLabel}</span>}
          </h3>
          <p className="price-card__price">
            <span className="price-card__amount">{card.price}</span>
            {card.period && (
              <>
                {' '}
                <span className="price-card__period">{card.period}</span>
              </>
            )}
          </p>
          <p className="price-card__text">{card.description}</p>
          {card.includes && card.includes.length > 0 && (
            <ul className="price-card__includes">
              {card.includes.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ul>
  );
}
