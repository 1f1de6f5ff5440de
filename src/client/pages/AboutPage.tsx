/**
 * About: the creator's story (Markdown the owner publishes from the desk, read on the server), then
 * every offering with a way in.
 */
import { contentPart, siteContent } from '../lib/site-content';
import { OfferingCards } from './home/OfferingCards';
import { MarkdownBlocks } from './markdown/MarkdownBlocks';
import { PageMain } from './PageMain';

export function AboutPage() {
  const { summary, intro, sections } = contentPart('about');
  return (
    <PageMain route="about">
      <div className="page__intro">
        <p className="page__eyebrow">About</p>
        <h1 className="page__title">Hi, I'm {siteContent().creatorName}</h1>
        <p className="page__lead">{summary}</p>
      </div>
      {intro.length > 0 && (
        <div className="page__section">
          <MarkdownBlocks blocks={intro} />
        </div>
      )}
      {sections.map(({ id, title, blocks }) => (
        <section key={id} className="page__section" aria-labelledby={id}>
          <h2 id={id} className="page__section-title">
            {title}
          </h2>
          <MarkdownBlocks blocks={blocks} />
        </section>
      ))}
      <section className="page__section" aria-labelledby="about-offerings">
        <h2 id="about-offerings" className="page__section-title">
          What you will find here
        </h2>
        <OfferingCards compact />
      </section>
    </PageMain>
  );
}
