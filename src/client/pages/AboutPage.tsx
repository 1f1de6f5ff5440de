import { Link } from 'react-router';
import { paths } from '#shared/paths';
import { siteContent } from '../app/site-content';
import { OfferingCards } from './home/OfferingCards';
import { PageMain } from './PageMain';

export { RouteErrorBoundary as ErrorBoundary } from '../app/RouteErrorBoundary';

export function AboutPage() {
  const { creatorName, contact } = siteContent;
  return (
    <PageMain route="about">
      <div className="page__intro">
        <p className="page__eyebrow">About</p>
        <h1 className="page__title">Hi, I'm {creatorName}</h1>
        <p className="page__lead">
          I make trading tools, art, music and small, useful software, from a desk in Sweden. This
          is how that happened, and what you will find here.
        </p>
      </div>

      <section className="page__section" aria-labelledby="about-start">
        <h2 id="about-start" className="page__section-title">
          Drawing first
        </h2>
        <p>
          It started with drawing: notebooks full of hills, harbours and made-up maps. Later a cheap
          keyboard and a pair of headphones turned some of the drawing evenings into music evenings,
          and they have shared the evenings ever since.
        </p>
        <p>
          Code came in through the side door. I wanted a website for my drawings, and building it
          turned out to be as much fun as the drawings themselves. Programming became my job: for
          years I built websites and tools for other people, and learned what makes software
          pleasant to use: it is quick, it says plainly what it does, and it stays out of your way.
        </p>
      </section>

      <section className="page__section" aria-labelledby="about-indicators">
        <h2 id="about-indicators" className="page__section-title">
          From a habit to two indicators
        </h2>
        <p>
          Trading came later, as a curious hobby. Before every trade I drew the same three lines on
          the chart by hand: where I would get in, where I would admit I was wrong, and where I
          would take the profit. After a few hundred times I wrote a script that drew them for me
          and worked out the position size as well. That script grew into{' '}
          <Link to={paths.longAndShortPosition}>Long &amp; Short Position</Link>. Keeping an eye on
          several positions at once led to the second one,{' '}
          <Link to={paths.portfolio}>Portfolio</Link>.
        </p>
        <p>
          They are the tools I wanted and could not find: clear, honest about risk, and explained in
          plain words. They help you see a trade; the decision stays yours.
        </p>
      </section>

      <section className="page__section" aria-labelledby="about-home">
        <h2 id="about-home" className="page__section-title">
          Closer to home
        </h2>
        <p>
          Friends with small businesses kept asking for help with their websites: a café, a
          carpenter, a hair salon. <Link to={paths.lokalaJobb}>Lokala jobb</Link> is that work done
          properly, for local businesses in Sweden: fast, clear websites at a fixed price, written
          in Swedish for Swedish customers.
        </p>
        <p>
          <Link to={paths.nowou}>Nowou</Link> grew out of my own planning. With drawings, tracks,
          charts and client work all going at once, I wanted one calm place for today and what comes
          next: a timeline, a few notes, a brainstorm and a to-do list. It keeps everything in your
          own browser, because your plans are yours.
        </p>
      </section>

      <section className="page__section" aria-labelledby="about-work">
        <h2 id="about-work" className="page__section-title">
          How I work
        </h2>
        <p>
          Everything here is made by one person. I would rather finish something small than half
          finish something big, and I read every message myself. The site is built the same way: no
          ads, no trackers and nothing loaded from other companies, as the{' '}
          <Link to={paths.privacyPolicy}>privacy policy</Link> sets out.
        </p>
        <p>
          New <Link to={paths.art}>drawings</Link> and <Link to={paths.music}>tracks</Link> arrive
          when they are ready, not on a schedule.
        </p>
      </section>

      <section className="page__section" aria-labelledby="about-offerings">
        <h2 id="about-offerings" className="page__section-title">
          What you will find here
        </h2>
        <OfferingCards compact />
      </section>

      <section className="page__section" aria-labelledby="about-hello">
        <h2 id="about-hello" className="page__section-title">
          Say hello
        </h2>
        <p>
          The best way to get to know each other is to write. A question about an indicator, an idea
          for a website or a song you liked: write to{' '}
          <a href={`mailto:${contact.email}`}>{contact.email}</a> or use the{' '}
          <Link to={paths.contact}>contact form</Link>.
        </p>
      </section>
    </PageMain>
  );
}
