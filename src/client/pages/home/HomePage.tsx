import { Link } from '../../lib/navigation/router';
import { paths } from '#shared/paths';
import { siteContent } from '../../lib/site-content';
import { buttonClassName } from '../../ui/button-class';
import { ArrowRightIcon } from '../../ui/icons';
import { PageMain } from '../PageMain';
import { OfferingCards } from './OfferingCards';
import './home.css';

function HeroArt() {
  return (
    <svg className="hero__art" viewBox="0 0 320 260" aria-hidden="true" focusable="false">
      <circle className="hero__sun" cx="210" cy="96" r="62" />
      <path
        className="hero__hill hero__hill--back"
        d="M0 210 C60 150 120 150 170 180 S270 150 320 170 V260 H0 Z"
      />
      <path
        className="hero__hill hero__hill--front"
        d="M0 230 C70 190 130 200 190 220 S280 200 320 214 V260 H0 Z"
      />
      <path className="hero__ridge" d="M0 230 C70 190 130 200 190 220 S280 200 320 214" />
      <path className="hero__line" d="M24 150 L74 118 L112 132 L160 84 L196 100 L248 48 L296 58" />
      {[
        [74, 118],
        [160, 84],
        [248, 48],
      ].map(([x, y]) => (
        <circle key={x} className="hero__point" cx={x} cy={y} r="6" />
      ))}
      <g className="hero__notes">
        <path d="M56 58 V34 L80 28 V52" />
        <circle cx="51" cy="59" r="6" />
        <circle cx="75" cy="53" r="6" />
      </g>
    </svg>
  );
}

export function HomePage() {
  const { creatorName, tagline, description, contact } = siteContent;
  return (
    <PageMain route="home" className="home">
      <section className="hero" aria-labelledby="hero-title">
        <div className="hero__text">
          <p className="page__eyebrow">Indicators · Art · Music · Web · Apps</p>
          <h1 id="hero-title" className="hero__title">
            {creatorName}
          </h1>
          <p className="hero__tagline">{tagline}</p>
          <p className="hero__description">{description}</p>
          <div className="hero__actions">
            <Link
              to={paths.longAndShortPosition}
              className={buttonClassName({ variant: 'primary' })}
            >
              Explore the indicators
              <ArrowRightIcon size={18} />
            </Link>
            <Link to={paths.about} className={buttonClassName({ variant: 'secondary' })}>
              About me
            </Link>
          </div>
        </div>
        <HeroArt />
      </section>

      <section className="offerings" aria-labelledby="offerings-title">
        <h2 id="offerings-title" className="offerings__title">
          What you will find here
        </h2>
        <OfferingCards />
      </section>

      <section className="home-band" aria-labelledby="band-title">
        <h2 id="band-title" className="home-band__title">
          Made by one person, with care
        </h2>
        <p className="home-band__text">
          Every indicator, drawing, track and line of code here is made by {creatorName}, and every
          message is read and answered by a person. Questions about an indicator, an idea for a
          website or a song you liked? Write to{' '}
          <a href={`mailto:${contact.email}`}>{contact.email}</a>.
        </p>
        <p className="home-band__more">
          <Link to={paths.about}>
            Read the story behind the site
            <ArrowRightIcon size={16} />
          </Link>
        </p>
      </section>
    </PageMain>
  );
}
