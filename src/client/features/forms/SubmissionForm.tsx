/**
 * One form system for the whole site (docs/product/forms.md#form-definitions,
 * docs/product/forms.md#form-behaviour): renders a submission type's definition (inputs, text areas with
 * the 30000 limit, agreements, special agreements, preferences), checks it with the same rules as
 * the server, shows only the first error under its field, posts to /api/submissions with a loading
 * state and ends in a completed state.
 * Forms for signed-in visitors ask them to log in first.
 */
import { useRef, useState, type FormEvent } from 'react';
import { Link } from '../../lib/navigation/router';
import { TEXT_AREA_MAX_LENGTH } from '#shared/text-limits';
import { COPY } from '#shared/copy';
import { FORM_DEFINITIONS, type InputKind, type SubmissionType } from '#shared/submission-forms';
import type { SubmissionValues } from '#shared/submission-schemas';
import { useAuth } from '../../lib/auth/use-auth';
import { usePopups } from '../../lib/popups/use-popups';
import { Button } from '../../ui/Button';
import { Checkbox } from '../../ui/form/Checkbox';
import { TextAreaField, TextField } from '../../ui/form/Field';
import { CompletedMessage } from '../../ui/form/CompletedMessage';
import { problemFromError } from '../../ui/form/form-problem';
import { ProblemMessage } from '../../ui/form/ProblemMessage';
import { useFormProblem } from '../../ui/form/use-form-problem';
import { postSubmission } from './api';
import './forms.css';

/**
 * The schemas (and zod) load when the visitor starts on the form, not with the page: hydrating a
 * form page stays light (docs/architecture.md#prerendered-pages).
 */
const loadSchemas = () => import('#shared/submission-schemas');

const INPUT_TYPES: Record<InputKind, string> = {
  text: 'text',
  email: 'email',
  tel: 'tel',
  url: 'url',
  tradingViewUsername: 'text',
};

const TEXTS = {
  en: {
    accept: 'I accept the',
    newTab: '(opens in a new tab)',
    /** After a link to a page that is only in English (the legal pages). */
    inEnglish: '',
    failed: COPY.somethingWentWrongForm,
    again: 'Send another',
    optional: '(optional)',
    logInFirst: 'Log in or create a free account first, so the request is tied to you.',
    logIn: 'Log in',
    signUp: 'Sign up',
  },
  sv: {
    accept: 'Jag godkänner',
    newTab: '(öppnas i en ny flik)',
    inEnglish: ' (på engelska)',
    failed: 'Något gick fel. Försök igen om en stund.',
    again: 'Skicka en till',
    optional: '(valfritt)',
    logInFirst: 'Logga in först.',
    logIn: 'Logga in',
    signUp: 'Skapa konto',
  },
} as const;

interface SubmissionFormProps {
  type: SubmissionType;
  /** The error name a failure is reported under (docs/product/api.md#error-catalogue). */
  errorName?: string;
}

export function SubmissionForm({ type, errorName = 'handleSubmit' }: SubmissionFormProps) {
  const form = FORM_DEFINITIONS[type];
  const text = TEXTS[form.lang];
  const { signedIn } = useAuth();
  const { open } = usePopups();
  const formRef = useRef<HTMLFormElement>(null);
  const { problem, setProblem, errorFor, clearFor, showFieldError } = useFormProblem(formRef);
  const [values, setValues] = useState<SubmissionValues>({});
  const [state, setState] = useState<'open' | 'loading' | 'completed'>('open');

  const fieldNames = [
    ...form.inputs,
    ...form.textAreas,
    ...form.agreements,
    ...form.specialAgreements,
  ].map((field) => field.name);

  function update(name: string, value: string | boolean) {
    setValues((current) => ({ ...current, [name]: value }));
    clearFor(name);
  }
  const textValue = (name: string) => {
    const value = values[name];
    return typeof value === 'string' ? value : '';
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (state === 'loading') return;
    const { validateSubmissionValues, toSubmissionPayload } = await loadSchemas();
    const invalid = validateSubmissionValues(form, values);
    if (invalid) {
      showFieldError(invalid);
      return;
    }
    setProblem(null);
    setState('loading');
    try {
      await postSubmission(toSubmissionPayload(form, values));
      setState('completed');
    } catch (error) {
      setProblem(problemFromError(error, fieldNames, text.failed));
      setState('open');
    }
  }

  if (form.access === 'user' && signedIn !== true) {
    return (
      <div className="submission-form__sign-in" lang={form.lang}>
        <p>{text.logInFirst}</p>
        <div className="submission-form__actions">
          <Button variant="primary" onClick={() => open({ name: 'logIn', stay: true })}>
            {text.logIn}
          </Button>
          <Button onClick={() => open({ name: 'signUp', stay: true })}>{text.signUp}</Button>
        </div>
      </div>
    );
  }

  if (state === 'completed') {
    return (
      <CompletedMessage
        title={form.completedTitle}
        actions={
          <Button
            onClick={() => {
              setValues({});
              setState('open');
            }}
          >
            {text.again}
          </Button>
        }
      >
        <p>{form.completedText}</p>
      </CompletedMessage>
    );
  }

  return (
    <form
      ref={formRef}
      className="form submission-form"
      lang={form.lang}
      noValidate
      onFocus={() => void loadSchemas()}
      onSubmit={(event) => void submit(event)}
    >
      {form.inputs.map((input) => (
        <TextField
          key={input.name}
          name={input.name}
          label={input.label}
          labelNote={input.required ? undefined : text.optional}
          type={INPUT_TYPES[input.kind]}
          inputMode={input.kind === 'email' ? 'email' : undefined}
          autoComplete={input.autoComplete}
          hint={input.hint}
          value={textValue(input.name)}
          onValueChange={(value) => update(input.name, value)}
          error={errorFor(input.name)}
        />
      ))}
      {form.textAreas.map((area) => (
        <TextAreaField
          key={area.name}
          name={area.name}
          label={area.label}
          hint={area.hint}
          max={area.maxLength ?? TEXT_AREA_MAX_LENGTH}
          lang={form.lang}
          rows={area.required ? 6 : 3}
          value={textValue(area.name)}
          onValueChange={(value) => update(area.name, value)}
          error={errorFor(area.name)}
        />
      ))}
      {form.agreements.length + form.specialAgreements.length + form.preferences.length > 0 && (
        <div className="submission-form__choices">
          {form.agreements.map((agreement) => (
            <Checkbox
              key={agreement.name}
              name={agreement.name}
              required={agreement.required}
              checked={values[agreement.name] === true}
              onCheckedChange={(checked) => update(agreement.name, checked)}
              error={errorFor(agreement.name)}
              label={
                <>
                  {text.accept}{' '}
                  <Link to={agreement.href} target="_blank" hrefLang="en">
                    {form.lang === 'sv' ? agreement.name.toLowerCase() : agreement.name}
                    <span className="visually-hidden"> {text.newTab}</span>
                  </Link>
                  {text.inEnglish}
                </>
              }
            />
          ))}
          {form.specialAgreements.map((special) => (
            <Checkbox
              key={special.name}
              name={special.name}
              required={special.required}
              checked={values[special.name] === true}
              onCheckedChange={(checked) => update(special.name, checked)}
              error={errorFor(special.name)}
              label={special.label}
            />
          ))}
          {form.preferences.map((preference) => (
            <Checkbox
              key={preference.name}
              name={preference.name}
              checked={values[preference.name] === true}
              onCheckedChange={(checked) => update(preference.name, checked)}
              label={preference.label}
            />
          ))}
        </div>
      )}
      <ProblemMessage problem={problem} errorName={errorName} />
      <div className="submission-form__actions">
        <Button type="submit" variant="primary" loading={state === 'loading'}>
          {form.submitLabel}
        </Button>
      </div>
    </form>
  );
}
