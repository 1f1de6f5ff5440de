/**
 * A legal page (Terms of service, Privacy policy) from the owner's Markdown in content/legal/, read
 * into data at build time: the title, the lead, the "Last updated" date, a table of contents that
 * jumps to each section, and the text at a readable width. Everything is rendered as React text;
 * links to this site stay in the app, links elsewhere ask before leaving, and {contactEmail} and the
 * other placeholders come from content/site.json.
 */
import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ROUTE_TITLES } from '#shared/paths';
import { siteContent } from '../../app/site-content';
import { ExternalLink } from '../../shell/popups/ExternalLink';
import { PageMain } from '../PageMain';
import type { LegalBlock, LegalDocument, LegalInline, LegalPlaceholder } from './legal-document';
import './legal.css';

const UPDATED_FORMAT = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

function placeholder(name: LegalPlaceholder, inLink: boolean): ReactNode {
  switch (name) {
    case 'contactEmail': {
      const { email } = siteContent.contact;
      return inLink ? email : <a href={`mailto:${email}`}>{email}</a>;
    }
    case 'siteName':
      return siteContent.siteName;
    case 'creatorName':
      return siteContent.creatorName;
  }
}

function inlines(nodes: LegalInline[], inLink = false): ReactNode {
  return nodes.map((node, index) => <Fragment key={index}>{inline(node, inLink)}</Fragment>);
}

function inline(node: LegalInline, inLink: boolean): ReactNode {
  switch (node.type) {
    case 'text':
      return node.value;
    case 'placeholder':
      return placeholder(node.name, inLink);
    case 'strong':
      return <strong>{inlines(node.children, inLink)}</strong>;
    case 'emphasis':
      return <em>{inlines(node.children, inLink)}</em>;
    case 'code':
      return <code className="legal__code">{node.value}</code>;
    case 'break':
      return <br />;
    case 'link': {
      const children = inlines(node.children, true);
      switch (node.kind) {
        case 'internal':
          return <Link to={node.href}>{children}</Link>;
        case 'external':
          return <ExternalLink href={node.href}>{children}</ExternalLink>;
        case 'anchor':
        case 'mail':
          return <a href={node.href}>{children}</a>;
      }
    }
  }
}

function blocks(nodes: LegalBlock[]): ReactNode {
  return nodes.map((node, index) => <Fragment key={index}>{block(node)}</Fragment>);
}

function block(node: LegalBlock): ReactNode {
  switch (node.type) {
    case 'paragraph':
      return <p>{inlines(node.children)}</p>;
    case 'subheading':
      return (
        <h3 id={node.id} className="legal__subheading">
          {node.text}
        </h3>
      );
    case 'quote':
      return <blockquote className="legal__quote">{blocks(node.children)}</blockquote>;
    case 'list': {
      const items = node.items.map((item, index) => <li key={index}>{blocks(item)}</li>);
      return node.ordered ? (
        <ol className="legal__list">{items}</ol>
      ) : (
        <ul className="legal__list">{items}</ul>
      );
    }
  }
}

interface LegalPageProps {
  route: 'termsOfService' | 'privacyPolicy';
  document: LegalDocument;
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
        <p className="legal__updated">
          Last updated{' '}
          <time dateTime={updated}>{UPDATED_FORMAT.format(new Date(`${updated}T00:00:00Z`))}</time>
        </p>
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
          {blocks(intro)}
          {sections.map(({ id, title, blocks: content }) => (
            <section key={id} className="legal__section">
              <h2 id={id} className="legal__heading">
                {title}
              </h2>
              {blocks(content)}
            </section>
          ))}
        </div>
      </div>
    </PageMain>
  );
}
