/**
 * What the page a list mail's links open shows, inside its <main> (/newsletter-unsubscribe, /lokala-jobb-avregistrera-mail in
 * Swedish, /pitches-mail-unsubscribe). Loading it only looks the link up (a GET), so a mail scanner
 * that opens every link changes nothing; the reader's button does the change:
 *   ?token=…          the list and the masked address, Unsubscribe, then Subscribe again;
 *   ?confirm-token=…  Confirm subscription (double opt-in);
 *   a link that is not valid says so and offers a new confirmation mail; no link explains the page.
 * A link of another list moves to that list's page, so the reader gets its language.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { useNavigate } from '../../lib/navigation/router';
import { useNoReferrer } from '../../lib/use-no-referrer';
import { readQueryParam, removeQueryParam } from '../../lib/url-params';
import {
  CONFIRM_TOKEN_PARAM,
  MAIL_LIST_INFO,
  UNSUBSCRIBE_TOKEN_PARAM,
  type MailList,
  type MailMember,
} from '#shared/mail-list-schemas';
import { ROUTE_TITLES, type RouteName } from '#shared/paths';
import { ApiError } from '../../lib/api';
import { devLog } from '../../lib/dev-log';
import { Button } from '../../ui/Button';
import { FormMessage } from '../../ui/form/FormMessage';
import { AlertIcon, MailIcon } from '../../ui/icons';
import { Spinner } from '../../ui/Spinner';
import { LIST_PAGE_TEXTS, type ListPageTexts } from './list-page-texts';
import { confirmSubscription, lookUpLink, resubscribe, unsubscribe, type LinkKind } from './api';
import { ListResult } from './ListResult';
import { SubscribeForm } from './SubscribeForm';
import './mail-lists.css';

/** The link the page was opened with: a confirmation, an unsubscribe, or none. */
export type OpenedLink = { kind: LinkKind; token: string } | null;

interface ListLinkProps {
  list: MailList;
  route: RouteName;
  link: OpenedLink;
}

type Lookup =
  | { status: 'loading' }
  | { status: 'found'; member: MailMember }
  | { status: 'invalid' }
  | { status: 'failed' };

/** What the reader's last button did, if anything. */
type Outcome = 'unsubscribed' | 'resubscribed' | 'confirmed' | null;

function isInvalidLink(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (error.status === 'not-found' || error.status === 'invalid-argument')
  );
}

/**
 * The link in the address, read once, then taken out of the address bar (history, shared URLs) and
 * kept from Referer headers.
 */
export function useOpenedLink(): OpenedLink {
  const [confirmToken] = useState(() => readQueryParam(CONFIRM_TOKEN_PARAM));
  const [unsubscribeToken] = useState(() => readQueryParam(UNSUBSCRIBE_TOKEN_PARAM));
  useEffect(() => {
    removeQueryParam(CONFIRM_TOKEN_PARAM);
    removeQueryParam(UNSUBSCRIBE_TOKEN_PARAM);
  }, []);
  useNoReferrer();
  return confirmToken
    ? { kind: 'confirm', token: confirmToken }
    : unsubscribeToken
      ? { kind: 'unsubscribe', token: unsubscribeToken }
      : null;
}

/**
 * The page's heading, and its document title: a confirmation link's page says it confirms
 * ("Confirm your subscription"), whatever its route is called.
 */
export function listPageHeading(list: MailList, route: RouteName, link: OpenedLink): string {
  return link?.kind === 'confirm' ? LIST_PAGE_TEXTS[list].confirmHeading : ROUTE_TITLES[route];
}

export function ListLink({ list, route, link }: ListLinkProps) {
  const texts = LIST_PAGE_TEXTS[list];
  const heading = listPageHeading(list, route, link);

  return (
    <>
      <div className="page__intro">
        <p className="page__eyebrow">{texts.eyebrow}</p>
        <h1 className="page__title">{heading}</h1>
        {!link && <p className="page__lead">{texts.lead}</p>}
      </div>
      <div className="list-link">
        {link ? (
          <LinkPanel
            key={`${link.kind}:${link.token}`}
            list={list}
            texts={texts}
            kind={link.kind}
            token={link.token}
          />
        ) : (
          <SubscribeForm list={list} texts={texts} title={texts.joinTitle} />
        )}
      </div>
    </>
  );
}

interface LinkPanelProps {
  list: MailList;
  texts: ListPageTexts;
  kind: LinkKind;
  token: string;
}

function LinkPanel({ list, texts, kind, token }: LinkPanelProps) {
  const navigate = useNavigate();
  const [lookup, setLookup] = useState<Lookup>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [busy, setBusy] = useState(false);
  const [actionFailed, setActionFailed] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    lookUpLink(kind, token, controller.signal).then(
      (member) => {
        if (controller.signal.aborted) return;
        // Another list's link: its own page, in its own language.
        if (member.list !== list) {
          const param = kind === 'confirm' ? CONFIRM_TOKEN_PARAM : UNSUBSCRIBE_TOKEN_PARAM;
          navigate(`${MAIL_LIST_INFO[member.list].page}?${param}=${encodeURIComponent(token)}`, {
            replace: true,
          });
          return;
        }
        setLookup({ status: 'found', member });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (!isInvalidLink(error)) devLog('looking up a mail-list link failed', error);
        setLookup({ status: isInvalidLink(error) ? 'invalid' : 'failed' });
      },
    );
    return () => controller.abort();
  }, [kind, token, list, attempt, navigate]);

  async function act(run: (token: string) => Promise<MailMember>, next: Outcome) {
    if (busy) return;
    setBusy(true);
    setActionFailed(null);
    try {
      const member = await run(token);
      setLookup({ status: 'found', member });
      setOutcome(next);
    } catch (error) {
      if (isInvalidLink(error)) setLookup({ status: 'invalid' });
      else if (error instanceof ApiError && error.status === 'resource-exhausted')
        setActionFailed(texts.tooMany);
      else {
        devLog('a mail-list action failed', error);
        setActionFailed(texts.failed);
      }
    } finally {
      setBusy(false);
    }
  }

  if (lookup.status === 'loading') {
    return (
      <div className="list-card list-card--waiting" aria-busy="true">
        <Spinner size={22} />
        <p role="status">{texts.checking}</p>
      </div>
    );
  }

  if (lookup.status === 'failed') {
    return (
      <FormMessage
        tone="error"
        action={
          <Button
            variant="secondary"
            onClick={() => {
              setLookup({ status: 'loading' });
              setAttempt((n) => n + 1);
            }}
          >
            {texts.tryAgain}
          </Button>
        }
      >
        {texts.failed}
      </FormMessage>
    );
  }

  if (lookup.status === 'invalid') {
    return (
      <>
        <InvalidLink texts={texts} />
        <SubscribeForm list={list} texts={texts} title={texts.subscribeTitle} />
      </>
    );
  }

  const { member } = lookup;
  const problem = actionFailed && <FormMessage tone="error">{actionFailed}</FormMessage>;

  if (kind === 'confirm') {
    if (member.state === 'subscribed') {
      return (
        <ListResult
          title={texts.confirmedTitle}
          takeFocus={outcome === 'confirmed'}
          text={texts.confirmedText(member.email)}
        />
      );
    }
    return (
      <ActionCard
        title={texts.confirmTitle}
        text={texts.confirmText(member.email)}
        button={texts.confirmButton}
        busy={busy}
        onPress={() => void act(confirmSubscription, 'confirmed')}
        problem={problem}
      />
    );
  }

  // Subscribing again only sends a confirmation mail (the link may be in a forwarded mail).
  if (outcome === 'resubscribed' && member.state !== 'unsubscribed') {
    return (
      <ListResult
        title={texts.resubscribedTitle}
        takeFocus
        text={texts.resubscribedText(member.email)}
      />
    );
  }
  if (member.state === 'unsubscribed') {
    return (
      <ListResult
        title={texts.unsubscribedTitle}
        takeFocus={outcome === 'unsubscribed'}
        text={texts.unsubscribedText(member.email)}
        action={
          <Button loading={busy} onClick={() => void act(resubscribe, 'resubscribed')}>
            {texts.subscribeAgain}
          </Button>
        }
        problem={problem}
      />
    );
  }
  return (
    <ActionCard
      title={texts.unsubscribeTitle}
      text={texts.unsubscribeText(member.email)}
      button={texts.unsubscribeButton}
      busy={busy}
      onPress={() => void act(unsubscribe, 'unsubscribed')}
      problem={problem}
    />
  );
}

interface ActionCardProps {
  title: string;
  text: string;
  button: string;
  busy: boolean;
  onPress: () => void;
  problem: ReactNode;
}

/** The question a link asks: what it is for, the masked address, and the one button. */
function ActionCard({ title, text, button, busy, onPress, problem }: ActionCardProps) {
  return (
    <section className="list-card" aria-labelledby="list-card-title">
      <span className="list-card__icon" aria-hidden="true">
        <MailIcon size={24} />
      </span>
      <h2 id="list-card-title" className="list-card__title">
        {title}
      </h2>
      <p className="list-card__text">{text}</p>
      {problem}
      <div className="list-card__actions">
        <Button variant="primary" loading={busy} onClick={onPress}>
          {button}
        </Button>
      </div>
    </section>
  );
}

function InvalidLink({ texts }: { texts: ListPageTexts }) {
  return (
    <section className="list-card list-card--invalid" aria-labelledby="list-invalid-title">
      <span className="list-card__icon" aria-hidden="true">
        <AlertIcon size={24} />
      </span>
      <div role="alert" className="list-card__body">
        <h2 id="list-invalid-title" className="list-card__title">
          {texts.invalidTitle}
        </h2>
        <p className="list-card__text">{texts.invalidText}</p>
      </div>
    </section>
  );
}
