import { expect, test } from 'vitest';
import { MESSAGES, TEXT_AREA_MAX_LENGTH } from './account-schemas';
import { FORM_DEFINITIONS, SUBMISSION_TYPES } from './submission-forms';
import {
  readSubmission,
  SUBMISSION_MESSAGES,
  toSubmissionPayload,
  validateSubmissionValues,
  type SubmissionValues,
} from './submission-schemas';

const contact = FORM_DEFINITIONS.contact;
const lokalaJobb = FORM_DEFINITIONS['jobs/lokalaJobb'];
const trial = FORM_DEFINITIONS['products/indicators/portfolio/freeTrial'];

const validContact: SubmissionValues = {
  name: 'Ada',
  email: 'ada@example.com',
  message: 'Hello!',
  'Privacy policy': true,
};

test('every type has a definition whose field names are unique', () => {
  for (const type of SUBMISSION_TYPES) {
    const form = FORM_DEFINITIONS[type];
    expect(form.type).toBe(type);
    const names = [
      ...form.inputs,
      ...form.textAreas,
      ...form.agreements,
      ...form.specialAgreements,
      ...form.preferences,
    ].map((field) => field.name);
    expect(new Set(names).size).toBe(names.length);
  }
});

test('only the first error is given, in the form’s order, with the documented messages', () => {
  expect(validateSubmissionValues(contact, {})).toEqual({
    field: 'name',
    message: 'Name is missing.',
  });
  expect(validateSubmissionValues(contact, { name: 'Ada' })).toEqual({
    field: 'email',
    message: MESSAGES.emailMissing,
  });
  expect(validateSubmissionValues(contact, { name: 'Ada', email: 'ada.example.com' })).toEqual({
    field: 'email',
    message: MESSAGES.emailNoAt,
  });
  expect(validateSubmissionValues(contact, { ...validContact, message: '   ' })).toEqual({
    field: 'message',
    message: 'Message is missing.',
  });
  expect(validateSubmissionValues(contact, { ...validContact, 'Privacy policy': false })).toEqual({
    field: 'Privacy policy',
    message: 'You must accept our Privacy policy to continue.',
  });
  expect(validateSubmissionValues(contact, validContact)).toBeNull();
});

test('text areas allow 30000 characters and refuse one more with the maximum-length message', () => {
  expect(
    validateSubmissionValues(contact, {
      ...validContact,
      message: 'x'.repeat(TEXT_AREA_MAX_LENGTH),
    }),
  ).toBeNull();
  expect(
    validateSubmissionValues(contact, {
      ...validContact,
      message: 'x'.repeat(TEXT_AREA_MAX_LENGTH + 1),
    }),
  ).toEqual({ field: 'message', message: 'Message has to be less than 30001 characters.' });
});

test('the TradingView username is required with its own message; special agreements use theirs', () => {
  expect(validateSubmissionValues(trial, {})).toEqual({
    field: 'tradingViewUsername',
    message: SUBMISSION_MESSAGES.tradingViewUsernameMissing,
  });
  expect(validateSubmissionValues(trial, { tradingViewUsername: 'bad name!' })?.message).toBe(
    SUBMISSION_MESSAGES.tradingViewUsernameInvalid,
  );
  const agreed = {
    tradingViewUsername: 'ada_trades',
    'Terms of service': true,
    'Privacy policy': true,
  };
  expect(validateSubmissionValues(trial, agreed)).toEqual({
    field: 'trialEnds',
    message: trial.specialAgreements[0]!.errorMessage,
  });
  expect(validateSubmissionValues(trial, { ...agreed, trialEnds: true })).toBeNull();
});

test('the Swedish form speaks Swedish', () => {
  expect(validateSubmissionValues(lokalaJobb, {})?.message).toBe('Företag saknas.');
  const filled = {
    company: 'Bageriet',
    name: 'Eva',
    email: 'eva@bageriet.se',
    needs: 'En ny sajt',
  };
  expect(
    validateSubmissionValues(lokalaJobb, { ...filled, website: 'inte en adress' })?.message,
  ).toBe('Ange webbplatsen som en adress, till exempel https://exempel.se.');
  expect(validateSubmissionValues(lokalaJobb, filled)).toEqual({
    field: 'Integritetspolicy',
    message: 'Du måste godkänna vår integritetspolicy för att fortsätta.',
  });
});

test('a payload made from values reads back to the same values; unknown or repeated names are refused', () => {
  const payload = toSubmissionPayload(contact, { ...validContact, pitches: true });
  expect(payload.inputs.map((entry) => entry.name)).toEqual(['name', 'email', 'subject']);
  const read = readSubmission(payload);
  expect('values' in read && read.values).toMatchObject({
    ...validContact,
    pitches: true,
    subject: '',
  });
  const extra = {
    ...payload,
    inputs: [...payload.inputs, { name: 'admin', required: false, value: 'x' }],
  };
  expect(readSubmission(extra)).toEqual({ error: { message: SUBMISSION_MESSAGES.unknownField } });
  const twice = { ...payload, inputs: [...payload.inputs, payload.inputs[0]!] };
  expect(readSubmission(twice)).toEqual({ error: { message: SUBMISSION_MESSAGES.unknownField } });
});

test('the server decides what is required, whatever the browser says', () => {
  const payload = toSubmissionPayload(contact, { ...validContact, 'Privacy policy': false });
  const lying = {
    ...payload,
    agreements: payload.agreements.map((entry) => ({ ...entry, required: false })),
  };
  expect(readSubmission(lying)).toEqual({
    error: { field: 'Privacy policy', message: 'You must accept our Privacy policy to continue.' },
  });
});
