/**
 * A legal page (Terms of service, Privacy policy) from the owner's Markdown in content/legal/, read
 * into data at build time: the title, the lead, the "Last updated" date, a table of contents that
 * jumps to each section, and the text at a readable width. Everything is rendered as React text;
 * links to this site stay in the app, links elsewhere ask before leaving, and {contactEmail} and the
 * other placeholders come from content/site.json.
 */
import { ROUTE_TITLES } from '#shared/paths';
import { MarkdownBlocks } from '../markdown/MarkdownBlocks';
import type { MarkdownDocument } from '#shared/markdown-document';
import { PageMain } from '../PageMain';
import { formatDay } from '../../lib/date-format';
import './legal.css';

interface LegalPageProps {
  route: 'termsOfService' | 'privacyPolicy';
  document: MarkdownDocument;
}

export function LegalPage({ route, document }: LegalPageProps) {
  const { updated, summary, intro, sections } = document;
  const tocTitleId = `${route}-contents`;
  return (
    <PageMain route={route} className="legal">
      <div className="page__intro">
        <p className="page__eyebrow">Legal</p>
        <h1 className="page__title">{ROUTE_TITLES[route]}</h1>
        <p className="page__lead">{summary}</p>
        {updated && (
          <p className="legal__updated">
            Last updated <time dateTime={updated}>{formatDay(updated)}</time>
          </p>
        )}
      </div>
      <div className="legal__columns">
        <nav className="legal__toc" aria-labelledby={tocTitleId}>
          <h2 id={tocTitleId} className="legal__toc-title">
            On this page
          </h2>
          <ol className="legal__toc-list">
            {sections.map(({ id, title }) => (
              <li key={id}>
                <a href={`#${id}`}>{title}</a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="legal__text">
          <MarkdownBlocks blocks={intro} />
          {sections.map(({ id, title, blocks: content }) => (
            <section key={id} className="legal__section">
              <h2 id={id} className="legal__heading">
                {title}
              </h2>
              <MarkdownBlocks blocks={content} />
            </section>
          ))}
        </div>
      </div>
    </PageMain>
  );
}
