/**
 * The sections of the owner's desk, in the order they appear. A new section is one entry here and a
 * component that renders its content; the desk adds the heading, the region and the link in the
 * list at the top. The sections never import this list (nor the desk), so nothing loops back.
 */
import type { ComponentType } from 'react';
import { ProductAccessSection } from './access/ProductAccessSection';
import { AccountsSection } from './accounts/AccountsSection';
import { AuditLogSection } from './audit/AuditLogSection';
import { AssistantComposer } from './assistant/AssistantComposer';
import { ContentSection } from './content/ContentSection';
import { ErrorReportsSection } from './error-reports/ErrorReportsSection';
import { SiteHealthSection } from './health/SiteHealthSection';
import { MailSection } from './mail/MailSection';
import { AuthenticatorSection } from './mfa/AuthenticatorSection';
import { SubmissionsSection } from './submissions/SubmissionsSection';
import { TrafficSection } from './traffic/TrafficSection';

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
      'Write a short note, pick the pages it appears on, and post it now (it replaces the current message at once, for every visitor on those pages) or schedule it with a start and an end.',
    Component: AssistantComposer,
  },
  {
    id: 'content',
    title: 'Site content',
    description:
      'Every word the site shows: its name, the offerings, About, prices, Lokala jobb, the words of the art and music, the donation links and wallets, and the legal pages. Drafts save as you type; preview the page, then publish it live everywhere, and restore any earlier revision.',
    Component: ContentSection,
  },
  {
    id: 'accounts',
    title: 'Accounts',
    description:
      'Find anyone who signed up by the start of their email or username, see their sessions and activity, and change their rank, disable them or end their sessions.',
    Component: AccountsSection,
  },
  {
    id: 'traffic',
    title: 'Traffic',
    description:
      'Visits per page and where visitors came from over any range of UTC days, each beside as many days before; admins, bots and browsers switched off are left out and counted apart.',
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
  {
    id: 'mail',
    title: 'Mail',
    description:
      'The newsletter, Lokala jobb and pitches lists. People join by confirming a mailed link; every mail you send carries a one-click unsubscribe link.',
    Component: MailSection,
  },
  {
    id: 'error-reports',
    title: 'Error reports',
    description:
      'Reports visitors chose to send, grouped by error, page and text, newest activity first: resolve a group (it reopens if it happens again) or ignore it. Email addresses and tokens were masked before they left the browser.',
    Component: ErrorReportsSection,
  },
  {
    id: 'authenticator',
    title: 'Authenticator',
    description:
      'The app that gives your 6-digit codes, and the recovery codes for when it is lost. Replacing either asks for a code entered in the last 15 minutes.',
    Component: AuthenticatorSection,
  },
  {
    id: 'audit-log',
    title: 'Audit log',
    description:
      'Every admin log-in, code entered and action taken, from the desk or the command line, with its outcome. Nothing can change or remove an entry.',
    Component: AuditLogSection,
  },
  {
    id: 'site-health',
    title: 'Site health',
    description:
      'Whether the database answers, the free disk where the data lives, the mail queue and the newest backup with its age.',
    Component: SiteHealthSection,
  },
];
