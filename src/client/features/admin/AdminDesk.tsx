/**
 * The owner's desk on /admin (adminRank > 9): one section per task. A new section is one entry in
 * DESK_SECTIONS and a component that renders its content; the desk adds the heading, the region and
 * the link in the list at the top.
 */
import type { ComponentType } from 'react';
import { AssistantComposer } from './AssistantComposer';
import { DeskSection } from './DeskSection';
import { ErrorReportsSection } from './ErrorReportsSection';
import { ProductAccessSection } from './ProductAccessSection';
import { MAIL_DESK_SECTION } from './MailSection';
import { SubmissionsSection } from './SubmissionsSection';
import { TrafficSection } from './TrafficSection';
import './admin.css';

export interface DeskSectionEntry {
  /** The section's element id, also its #fragment. */
  id: string;
  title: string;
  description: string;
  /** The section's content: it loads its own data and holds its own controls. */
  Component: ComponentType;
}

export const DESK_SECTIONS: readonly DeskSectionEntry[] = [
  {
    id: 'assistant-message',
    title: 'Assistant message',
    description:
      'Write a short note, pick the pages it appears on, and post it. It replaces the current message at once, for every visitor on those pages.',
    Component: AssistantComposer,
  },
  {
    id: 'traffic',
    title: 'Traffic',
    description:
      'Visits per page, counted once per page and browser session, and visits per day over the last 90 days (UTC).',
    Component: TrafficSection,
  },
  {
    id: 'indicator-access',
    title: 'Indicator access',
    description:
      'Free trials and purchases of the indicators: grant the waiting ones once the TradingView username is on the invite-only script, take ended ones off TradingView, extend or revoke the rest.',
    Component: ProductAccessSection,
  },
  {
    id: 'submissions',
    title: 'Submissions',
    description:
      'What visitors sent with the site’s forms: contact, support, Lokala jobb enquiries and indicator requests, newest first.',
    Component: SubmissionsSection,
  },
  MAIL_DESK_SECTION,
  {
    id: 'error-reports',
    title: 'Error reports',
    description:
      'Reports visitors chose to send, newest first. E-mail addresses and tokens were masked before they left the browser.',
    Component: ErrorReportsSection,
  },
];

export function AdminDesk() {
  return (
    <div className="desk">
      <nav className="desk__contents" aria-label="Desk sections">
        <ul className="desk__contents-list">
          {DESK_SECTIONS.map(({ id, title }) => (
            <li key={id}>
              <a className="desk__contents-link" href={`#${id}`}>
                {title}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {DESK_SECTIONS.map(({ id, title, description, Component }) => (
        <DeskSection key={id} id={id} title={title} description={description}>
          <Component />
        </DeskSection>
      ))}
    </div>
  );
}
