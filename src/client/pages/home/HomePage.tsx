import { Link } from '../../lib/navigation/router';
import { paths } from '#shared/paths';
import { siteContent } from '../../lib/site-content';
import { buttonClassName } from '../../ui/button-class';
import { ArrowRightIcon } from '../../ui/icons';
import { PageMain } from '../PageMain';
import { HeroArt } from './HeroArt';
import { OfferingCards } from './OfferingCards';
import './home.css';

export function HomePage() {
  const { creatorName, tagline, description, contact } = siteContent();
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
