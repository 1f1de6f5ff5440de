/**
 * A generic form submission (docs/product/forms.md#stored-submission): submissionType, agreements,
 * specialAgreements, inputs, textAreas and preferences (each entry with name, required and value)
 * and timestamp; POST /api/submissions. The shape is checked by `submissionPayloadSchema`; the
 * values by `validateSubmissionValues` against the type's definition, the same in the browser and
 * on the server (docs/product/forms.md#form-behaviour: only the first error, with the product's
 * messages).
 */
import { z } from 'zod';
import {
  agreementMessage,
  emailSchema,
  isPresent,
  MESSAGES,
  TEXT_AREA_MAX_LENGTH,
  textAreaTooLongMessage,
  type FieldError,
} from './account-schemas';
import {
  FORM_DEFINITIONS,
  isSubmissionType,
  type FormDefinition,
  type InputDefinition,
  type SubmissionType,
} from './submission-forms';

/** Inputs are one line; longer than this is never a name, an address or a username. */
export const INPUT_MAX_LENGTH = 300;
/** Room for the longest text area (30000 characters at up to 4 bytes each) and the rest. */
export const SUBMISSION_BODY_LIMIT_BYTES = 160 * 1024;
export const SUBMISSIONS_LIST_LIMIT = 200;

const TRADINGVIEW_USERNAME = /^[A-Za-z0-9_.-]{1,64}$/;
const PHONE = /^[+()\d\s-]{5,40}$/;

export const SUBMISSION_MESSAGES = {
  unknownType: 'Unknown form.',
  unknownField: 'This form has no such field.',
  tradingViewUsernameMissing: 'TradingView username is missing.',
  tradingViewUsernameInvalid:
    'TradingView username can only hold letters, digits and the characters _ . -',
} as const;

const SWEDISH = {
  missing: (label: string) => `${label} saknas.`,
  tooLong: (label: string, max: number) => `${label} får vara högst ${max} tecken.`,
  emailNoAt: 'E-postadressen saknar tecknet @.',
  emailInvalid: 'E-postadressen ser inte giltig ut.',
  phoneInvalid: 'Telefonnumret får bara innehålla siffror, mellanslag och + - ( ).',
  urlInvalid: 'Ange webbplatsen som en adress, till exempel https://exempel.se.',
  agreement: (name: string) => `Du måste godkänna vår ${name.toLowerCase()} för att fortsätta.`,
};

const ENGLISH = {
  missing: (label: string) => `${label} is missing.`,
  tooLong: (label: string, max: number) => `${label} has to be less than ${max + 1} characters.`,
  phoneInvalid: 'Phone can only hold digits, spaces and + - ( ).',
  urlInvalid: 'Website must be a web address, like https://example.com.',
};

export type SubmissionValues = Record<string, string | boolean>;

function isWebAddress(value: string): boolean {
  try {
    const url = new URL(/^https?:\/\//i.test(value) ? value : `https://${value}`);
    return /^https?:$/.test(url.protocol) && url.hostname.includes('.');
  } catch {
    return false;
  }
}

function inputError(form: FormDefinition, input: InputDefinition, raw: unknown): string | null {
  const value = typeof raw === 'string' ? raw.trim() : '';
  const sv = form.lang === 'sv';
  const max = input.maxLength ?? INPUT_MAX_LENGTH;
  if (!isPresent(value)) {
    if (!input.required) return null;
    if (input.kind === 'tradingViewUsername') return SUBMISSION_MESSAGES.tradingViewUsernameMissing;
    if (input.kind === 'email' && !sv) return MESSAGES.emailMissing;
    return sv ? SWEDISH.missing(input.label) : ENGLISH.missing(input.label);
  }
  if (value.length > max)
    return sv ? SWEDISH.tooLong(input.label, max) : ENGLISH.tooLong(input.label, max);
  switch (input.kind) {
    case 'email': {
      const result = emailSchema.safeParse(value);
      if (result.success) return null;
      if (!sv) return result.error.issues[0]?.message ?? MESSAGES.emailInvalid;
      return value.includes('@') ? SWEDISH.emailInvalid : SWEDISH.emailNoAt;
    }
    case 'tradingViewUsername':
      return TRADINGVIEW_USERNAME.test(value)
        ? null
        : SUBMISSION_MESSAGES.tradingViewUsernameInvalid;
    case 'tel':
      return PHONE.test(value) ? null : sv ? SWEDISH.phoneInvalid : ENGLISH.phoneInvalid;
    case 'url':
      return isWebAddress(value) ? null : sv ? SWEDISH.urlInvalid : ENGLISH.urlInvalid;
    default:
      return null;
  }
}

/** The first error in the form's order (inputs, text areas, agreements, special agreements), or null. */
export function validateSubmissionValues(
  form: FormDefinition,
  values: SubmissionValues,
): FieldError | null {
  const sv = form.lang === 'sv';
  for (const input of form.inputs) {
    const message = inputError(form, input, values[input.name]);
    if (message) return { field: input.name, message };
  }
  for (const area of form.textAreas) {
    const raw = values[area.name];
    const value = typeof raw === 'string' ? raw : '';
    const max = area.maxLength ?? TEXT_AREA_MAX_LENGTH;
    if (area.required && !isPresent(value.trim()))
      return {
        field: area.name,
        message: sv ? SWEDISH.missing(area.label) : ENGLISH.missing(area.label),
      };
    if (value.length > max)
      return {
        field: area.name,
        message: sv ? SWEDISH.tooLong(area.label, max) : textAreaTooLongMessage(area.label, max),
      };
  }
  for (const agreement of form.agreements) {
    if (agreement.required && values[agreement.name] !== true)
      return {
        field: agreement.name,
        message: sv ? SWEDISH.agreement(agreement.name) : agreementMessage(agreement.name),
      };
  }
  for (const special of form.specialAgreements) {
    if (special.required && values[special.name] !== true)
      return { field: special.name, message: special.errorMessage };
  }
  return null;
}

const entrySchema = <T extends z.ZodType>(value: T) =>
  z.strictObject({ name: z.string().min(1).max(64), required: z.boolean(), value });

const textEntries = z.array(entrySchema(z.string().max(TEXT_AREA_MAX_LENGTH * 2))).max(20);
const boolEntries = z.array(entrySchema(z.boolean())).max(20);

export const submissionPayloadSchema = z.strictObject({
  submissionType: z
    .string({ error: SUBMISSION_MESSAGES.unknownType })
    .refine(isSubmissionType, { error: SUBMISSION_MESSAGES.unknownType }),
  agreements: boolEntries,
  specialAgreements: boolEntries,
  inputs: textEntries,
  textAreas: textEntries,
  preferences: boolEntries,
  timestamp: z.string().max(64),
});

export type SubmissionPayload = z.infer<typeof submissionPayloadSchema>;
export type SubmissionEntry<T> = { name: string; required: boolean; value: T };

/** The payload for a filled-in form: every field of the definition, in its order. */
export function toSubmissionPayload(
  form: FormDefinition,
  values: SubmissionValues,
  now = new Date(),
): SubmissionPayload {
  const text = (name: string) => {
    const value = values[name];
    return typeof value === 'string' ? value.trim() : '';
  };
  const bool = (name: string) => values[name] === true;
  return {
    submissionType: form.type,
    agreements: form.agreements.map((a) => ({
      name: a.name,
      required: a.required,
      value: bool(a.name),
    })),
    specialAgreements: form.specialAgreements.map((a) => ({
      name: a.name,
      required: a.required,
      value: bool(a.name),
    })),
    inputs: form.inputs.map((i) => ({ name: i.name, required: i.required, value: text(i.name) })),
    textAreas: form.textAreas.map((t) => ({
      name: t.name,
      required: t.required,
      value: text(t.name),
    })),
    preferences: form.preferences.map((p) => ({
      name: p.name,
      required: false,
      value: bool(p.name),
    })),
    timestamp: now.toISOString(),
  };
}

/**
 * The server's reading of a payload: the type's definition and the values by name, or the error to
 * answer. Names the definition does not have are refused; the definition decides what is required,
 * whatever `required` the browser sent.
 */
export function readSubmission(
  payload: SubmissionPayload,
):
  | { form: FormDefinition; values: SubmissionValues }
  | { error: FieldError | { field?: undefined; message: string } } {
  const form = FORM_DEFINITIONS[payload.submissionType as SubmissionType];
  const groups = [
    [payload.inputs, form.inputs],
    [payload.textAreas, form.textAreas],
    [payload.agreements, form.agreements],
    [payload.specialAgreements, form.specialAgreements],
    [payload.preferences, form.preferences],
  ] as const;
  const values: SubmissionValues = {};
  for (const [entries, definitions] of groups) {
    const known = new Set(definitions.map((d) => d.name));
    for (const entry of entries) {
      if (!known.has(entry.name) || entry.name in values)
        return { error: { message: SUBMISSION_MESSAGES.unknownField } };
      values[entry.name] = entry.value;
    }
  }
  const invalid = validateSubmissionValues(form, values);
  if (invalid) return { error: invalid };
  return { form, values };
}

export const SUBMISSION_NOT_FOUND = 'This submission is already gone.';

export const submissionReceivedSchema = z.object({ id: z.string(), status: z.literal('received') });

export const submissionListSchema = z.object({
  submissions: z.array(
    z.object({
      id: z.string(),
      type: z.string(),
      createdAt: z.string(),
      status: z.string(),
      user: z.object({ uid: z.string(), username: z.string(), email: z.string() }).nullable(),
      payload: submissionPayloadSchema,
    }),
  ),
});
export type SubmissionList = z.infer<typeof submissionListSchema>;

export const submissionListQuerySchema = z.object({
  type: z.string().refine(isSubmissionType, { error: SUBMISSION_MESSAGES.unknownType }).optional(),
});
