/**
 * The owner's Markdown, read into data at build time (content-markdown.ts), as React elements: every
 * text is rendered as text; links to this site stay in the app, links elsewhere ask before leaving,
 * and {contactEmail} and the other placeholders come from content/site.json.
 */
import { Fragment, type ReactNode } from 'react';
import { Link } from '../../lib/navigation/router';
import { siteContent } from '../../lib/site-content';
import { ExternalLink } from '../../ui/ExternalLink';
import type { MarkdownBlock, MarkdownInline, MarkdownPlaceholder } from '#shared/markdown-document';
import './markdown.css';

function placeholder(name: MarkdownPlaceholder, inLink: boolean): ReactNode {
  switch (name) {
    case 'contactEmail': {
      const { email } = siteContent().contact;
      return inLink ? email : <a href={`mailto:${email}`}>{email}</a>;
    }
    case 'siteName':
      return siteContent().siteName;
    case 'creatorName':
      return siteContent().creatorName;
  }
}

function inlines(nodes: MarkdownInline[], inLink = false): ReactNode {
  return nodes.map((node, index) => <Fragment key={index}>{inline(node, inLink)}</Fragment>);
}

function inline(node: MarkdownInline, inLink: boolean): ReactNode {
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
      return <code className="prose__code">{node.value}</code>;
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

function blocks(nodes: MarkdownBlock[]): ReactNode {
  return nodes.map((node, index) => <Fragment key={index}>{block(node)}</Fragment>);
}

function block(node: MarkdownBlock): ReactNode {
  switch (node.type) {
    case 'paragraph':
      return <p>{inlines(node.children)}</p>;
    case 'subheading':
      return (
        <h3 id={node.id} className="prose__subheading">
          {node.text}
        </h3>
      );
    case 'quote':
      return <blockquote className="prose__quote">{blocks(node.children)}</blockquote>;
    case 'list': {
      const items = node.items.map((item, index) => <li key={index}>{blocks(item)}</li>);
      return node.ordered ? (
        <ol className="prose__list">{items}</ol>
      ) : (
        <ul className="prose__list">{items}</ul>
      );
    }
  }
}

export function MarkdownBlocks({ blocks: nodes }: { blocks: MarkdownBlock[] }) {
  return blocks(nodes);
}
