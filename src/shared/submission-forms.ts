/**
 * The site's forms as data (docs/product/forms.md#form-definitions): each submission type names its
 * inputs, text areas, agreements, special agreements and preferences. The browser renders a form
 * from its definition and the server validates a submission against the same definition, so both
 * give the same first error, and nothing a browser sends beyond the definition is stored.
 */
import { paths } from './paths';

export const SUBMISSION_TYPES = [
  'contact',
  'support',
  'jobs/lokalaJobb',
  'products/indicators/longAndShortPosition/freeTrial',
  'products/indicators/longAndShortPosition/purchase',
  'products/indicators/portfolio/freeTrial',
  'products/indicators/portfolio/purchase',
] as const;

export type SubmissionType = (typeof SUBMISSION_TYPES)[number];

export function isSubmissionType(value: string): value is SubmissionType {
  return (SUBMISSION_TYPES as readonly string[]).includes(value);
}

export type InputKind = 'text' | 'email' | 'tel' | 'url' | 'tradingViewUsername';

export interface InputDefinition {
  name: string;
  label: string;
  kind: InputKind;
  required: boolean;
  autoComplete?: string;
  maxLength?: number;
  hint?: string;
}

export interface TextAreaDefinition {
  name: string;
  label: string;
  required: boolean;
  /** Defaults to 30000 (docs/product/constants.md#lengths-and-counts). */
  maxLength?: number;
  hint?: string;
}

/** A document the visitor accepts ("You must accept our {name} to continue."). */
export interface AgreementDefinition {
  /** The document's name as the message says it, e.g. "Privacy policy". */
  name: string;
  required: boolean;
  /** The page that holds the document. */
  href: string;
}

/**
 * An agreement with its own label and its own error message (docs/product/api.md#form-field-messages).
 */
export interface SpecialAgreementDefinition {
  name: string;
  label: string;
  required: boolean;
  errorMessage: string;
}

/** An optional yes/no choice, e.g. to hear about new work by email. */
export interface PreferenceDefinition {
  name: string;
  label: string;
}

export interface FormDefinition {
  type: SubmissionType;
  /** `user`: only a signed-in visitor may send it. */
  access: 'anyone' | 'user';
  /** The language the form's labels and messages are in. */
  lang: 'en' | 'sv';
  submitLabel: string;
  completedTitle: string;
  completedText: string;
  inputs: InputDefinition[];
  textAreas: TextAreaDefinition[];
  agreements: AgreementDefinition[];
  specialAgreements: SpecialAgreementDefinition[];
  preferences: PreferenceDefinition[];
}

const privacyPolicy: AgreementDefinition = {
  name: 'Privacy policy',
  required: true,
  href: paths.privacyPolicy,
};
const termsOfService: AgreementDefinition = {
  name: 'Terms of service',
  required: true,
  href: paths.termsOfService,
};

const email: InputDefinition = {
  name: 'email',
  label: 'Email',
  kind: 'email',
  required: true,
  autoComplete: 'email',
};

const tradingViewUsername: InputDefinition = {
  name: 'tradingViewUsername',
  label: 'TradingView username',
  kind: 'tradingViewUsername',
  required: true,
  autoComplete: 'off',
  hint: 'The indicator is shared with this TradingView account.',
};

function indicatorForms(
  key: 'longAndShortPosition' | 'portfolio',
  title: string,
): [FormDefinition, FormDefinition] {
  return [
    {
      type: `products/indicators/${key}/freeTrial`,
      access: 'user',
      lang: 'en',
      submitLabel: 'Start free trial',
      completedTitle: 'Free trial requested',
      completedText: `Thank you! ${title} will be shared with your TradingView account shortly; the trial runs for 7 days from then. Its status is on your account page.`,
      inputs: [tradingViewUsername],
      textAreas: [],
      agreements: [termsOfService, privacyPolicy],
      specialAgreements: [
        {
          name: 'trialEnds',
          label:
            'I understand the free trial ends by itself after 7 days, and one trial is given per account and per TradingView username.',
          required: true,
          errorMessage: 'Please confirm that you understand how the free trial works.',
        },
      ],
      preferences: [],
    },
    {
      type: `products/indicators/${key}/purchase`,
      access: 'user',
      lang: 'en',
      submitLabel: 'Send purchase request',
      completedTitle: 'Purchase request sent',
      completedText: `Thank you! You will get an email with how to pay for ${title}. Access starts on your TradingView account once the payment has arrived.`,
      inputs: [tradingViewUsername],
      textAreas: [
        {
          name: 'message',
          label: 'Anything we should know',
          required: false,
          maxLength: 2000,
          hint: 'Optional: the plan you want, or how you would like to pay.',
        },
      ],
      agreements: [termsOfService, privacyPolicy],
      specialAgreements: [
        {
          name: 'noCardPayments',
          label:
            'I understand payment is made in crypto or through the membership page, not by card on this site.',
          required: true,
          errorMessage: 'Please confirm that you understand how payment works.',
        },
      ],
      preferences: [],
    },
  ];
}

export const FORM_DEFINITIONS: Record<SubmissionType, FormDefinition> = Object.fromEntries(
  [
    {
      type: 'contact',
      access: 'anyone',
      lang: 'en',
      submitLabel: 'Send message',
      completedTitle: 'Message sent',
      completedText:
        'Thank you for writing. You will get an answer by email, usually within a few days.',
      inputs: [
        {
          name: 'name',
          label: 'Name',
          kind: 'text',
          required: true,
          autoComplete: 'name',
          maxLength: 100,
        },
        email,
        { name: 'subject', label: 'Subject', kind: 'text', required: false, maxLength: 150 },
      ],
      textAreas: [{ name: 'message', label: 'Message', required: true }],
      agreements: [privacyPolicy],
      specialAgreements: [],
      preferences: [
        { name: 'pitches', label: 'Send me an email now and then about new work (optional)' },
      ],
    },
    {
      type: 'support',
      access: 'anyone',
      lang: 'en',
      submitLabel: 'Send to support',
      completedTitle: 'Support request sent',
      completedText: 'Thank you. Support answers by email, usually within two working days.',
      inputs: [
        email,
        {
          name: 'topic',
          label: 'What is it about?',
          kind: 'text',
          required: true,
          maxLength: 150,
          hint: 'For example: my account, an indicator, the Nowou app.',
        },
      ],
      textAreas: [
        {
          name: 'description',
          label: 'Description',
          required: true,
          hint: 'What happened, and what did you expect? Never include a password.',
        },
      ],
      agreements: [privacyPolicy],
      specialAgreements: [],
      preferences: [],
    },
    {
      type: 'jobs/lokalaJobb',
      access: 'anyone',
      lang: 'sv',
      submitLabel: 'Skicka förfrågan',
      completedTitle: 'Tack för din förfrågan',
      completedText: 'Du får svar via e-post inom ett par arbetsdagar.',
      inputs: [
        {
          name: 'company',
          label: 'Företag',
          kind: 'text',
          required: true,
          autoComplete: 'organization',
          maxLength: 120,
        },
        {
          name: 'name',
          label: 'Namn',
          kind: 'text',
          required: true,
          autoComplete: 'name',
          maxLength: 100,
        },
        { ...email, label: 'E-post' },
        {
          name: 'phone',
          label: 'Telefon',
          kind: 'tel',
          required: false,
          autoComplete: 'tel',
          maxLength: 40,
        },
        {
          name: 'website',
          label: 'Nuvarande webbplats',
          kind: 'url',
          required: false,
          autoComplete: 'url',
          maxLength: 300,
        },
      ],
      textAreas: [
        {
          name: 'needs',
          label: 'Berätta om ert behov',
          required: true,
          hint: 'Vad gör ert företag, och vad ska webbplatsen hjälpa till med?',
        },
      ],
      agreements: [{ ...privacyPolicy, name: 'Integritetspolicy' }],
      specialAgreements: [],
      preferences: [
        { name: 'lokalaJobb', label: 'Skicka mig nyheter från Lokala jobb via e-post (valfritt)' },
      ],
    },
    ...indicatorForms('longAndShortPosition', 'Long & Short Position'),
    ...indicatorForms('portfolio', 'Portfolio'),
  ].map((definition) => [definition.type, definition as FormDefinition]),
) as Record<SubmissionType, FormDefinition>;
