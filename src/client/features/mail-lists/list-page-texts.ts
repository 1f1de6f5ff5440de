/**
 * What the lists' pages say, in each list's language: English for the newsletter and pitches,
 * Swedish for Lokala jobb (its page is lang="sv"). `what` names what the reader gets.
 */
import { COPY } from '#shared/copy';
import type { MailList } from '#shared/mail-list-schemas';

export interface ListPageTexts {
  eyebrow: string;
  what: string;
  lead: string;
  confirmHeading: string;
  checking: string;
  failed: string;
  tryAgain: string;
  unsubscribeTitle: string;
  unsubscribeText: (email: string) => string;
  unsubscribeButton: string;
  unsubscribedTitle: string;
  unsubscribedText: (email: string) => string;
  subscribeAgain: string;
  resubscribedTitle: string;
  resubscribedText: (email: string) => string;
  confirmTitle: string;
  confirmText: (email: string) => string;
  confirmButton: string;
  confirmedTitle: string;
  confirmedText: (email: string) => string;
  invalidTitle: string;
  invalidText: string;
  subscribeTitle: string;
  joinTitle: string;
  subscribeText: string;
  emailLabel: string;
  subscribeButton: string;
  sentTitle: string;
  sentText: string;
  tooMany: string;
  emailMissing: string;
  emailNoAt: string;
  emailInvalid: string;
}

function english(what: string, noMore: string, eyebrow: string, lead: string): ListPageTexts {
  return {
    eyebrow,
    what,
    lead,
    confirmHeading: 'Confirm your subscription',
    checking: 'Checking your link…',
    failed: COPY.somethingWentWrongForm,
    tryAgain: 'Try again',
    unsubscribeTitle: `Unsubscribe from ${what}`,
    unsubscribeText: (email) =>
      `The mail goes to ${email}. Press Unsubscribe and nothing more from this list is sent there.`,
    unsubscribeButton: 'Unsubscribe',
    unsubscribedTitle: 'You are unsubscribed',
    unsubscribedText: (email) => `${email} gets ${noMore}. Changed your mind?`,
    subscribeAgain: 'Subscribe again',
    resubscribedTitle: 'Check your inbox',
    resubscribedText: (email) =>
      `We sent a confirmation link to ${email}. You get ${what} again once you press it.`,
    confirmTitle: 'One more step',
    confirmText: (email) => `Press the button to start getting ${what} at ${email}.`,
    confirmButton: 'Confirm subscription',
    confirmedTitle: 'You are subscribed',
    confirmedText: (email) =>
      `Thank you! ${email} gets ${what} from now on. Every mail ends with a link to unsubscribe with one click.`,
    invalidTitle: 'This link is not valid.',
    invalidText:
      'It may be cut short, or a newer mail replaced it. Nothing was changed. To subscribe again, enter your address and we send you a new confirmation link.',
    subscribeTitle: 'Subscribe again',
    joinTitle: `Get ${what}`,
    subscribeText: `Enter your address to get ${what}. Nothing is sent until you confirm.`,
    emailLabel: 'Email',
    subscribeButton: 'Send confirmation link',
    sentTitle: 'Check your inbox',
    sentText:
      'If the address can get mail from us, a confirmation link is on its way. Nothing is sent until you press it.',
    tooMany: 'Too many attempts. Please try again later.',
    emailMissing: 'Email is missing.',
    emailNoAt: "Email is missing an '@' symbol.",
    emailInvalid: 'Email address is not valid.',
  };
}

const swedish: ListPageTexts = {
  eyebrow: 'Lokala jobb',
  what: 'nyheter från Lokala jobb',
  lead: 'Länken längst ned i varje e-postmeddelande från Lokala jobb leder hit. Här ser du vilken adress det gäller, och du avslutar utskicken med en knapp.',
  confirmHeading: 'Bekräfta din prenumeration',
  checking: 'Kontrollerar länken…',
  failed: 'Något gick fel. Försök igen om en stund.',
  tryAgain: 'Försök igen',
  unsubscribeTitle: 'Avsluta nyheter från Lokala jobb',
  unsubscribeText: (email) =>
    `E-posten går till ${email}. Tryck på Avregistrera så skickar vi ingen mer e-post från Lokala jobb dit.`,
  unsubscribeButton: 'Avregistrera',
  unsubscribedTitle: 'Du är avregistrerad',
  unsubscribedText: (email) => `${email} får inga fler nyheter från Lokala jobb. Ångrat dig?`,
  subscribeAgain: 'Prenumerera igen',
  resubscribedTitle: 'Titta i din inkorg',
  resubscribedText: (email) =>
    `Vi har skickat en bekräftelselänk till ${email}. Du får nyheter från Lokala jobb igen när du har tryckt på den.`,
  confirmTitle: 'Ett steg kvar',
  confirmText: (email) => `Tryck på knappen för att få nyheter från Lokala jobb till ${email}.`,
  confirmButton: 'Bekräfta prenumerationen',
  confirmedTitle: 'Nu prenumererar du',
  confirmedText: (email) =>
    `Tack! ${email} får nyheter från Lokala jobb från och med nu. Varje e-postmeddelande slutar med en länk där du avslutar med ett klick.`,
  invalidTitle: 'Den här länken är inte giltig.',
  invalidText:
    'Den kan vara avklippt, eller så har ett nyare e-postmeddelande ersatt den. Ingenting har ändrats. Vill du prenumerera igen? Skriv din adress så skickar vi en ny bekräftelselänk.',
  subscribeTitle: 'Prenumerera igen',
  joinTitle: 'Få nyheter från Lokala jobb',
  subscribeText:
    'Skriv din adress för att få nyheter från Lokala jobb. Vi skickar ingenting förrän du har bekräftat.',
  emailLabel: 'E-post',
  subscribeButton: 'Skicka bekräftelselänk',
  sentTitle: 'Titta i din inkorg',
  sentText:
    'Om adressen kan ta emot e-post från oss är en bekräftelselänk på väg. Vi skickar ingenting förrän du har tryckt på den.',
  tooMany: 'För många försök. Försök igen senare.',
  emailMissing: 'E-post saknas.',
  emailNoAt: 'E-postadressen saknar tecknet @.',
  emailInvalid: 'E-postadressen ser inte giltig ut.',
};

export const LIST_PAGE_TEXTS: Record<MailList, ListPageTexts> = {
  newsletter: english(
    'the newsletter',
    'no more newsletters',
    'Newsletter',
    'Every newsletter ends with a link that brings you here. It shows which address the mail goes to, and one button takes it off the list.',
  ),
  pitches: english(
    'emails about new work',
    'no more emails about new work',
    'Mail',
    'Every email about new work ends with a link that brings you here. It shows which address the mail goes to, and one button stops them.',
  ),
  lokalaJobb: swedish,
};
