/**
 * Form submissions on the desk (docs/product/forms.md#stored-submission): the latest of every form, or of
 * one type, newest first, with who sent it and every field and ticked box by its label (never its
 * key). Values are shown as text.
 * A submission dealt with, or whose sender asks, can be deleted.
 */
import { useCallback, useState } from 'react';
import { FORM_DEFINITIONS, SUBMISSION_TYPES, type SubmissionType } from '#shared/submission-forms';
import { SUBMISSIONS_LIST_LIMIT } from '#shared/submission-schemas';
import { FormMessage } from '../../../ui/form/FormMessage';
import { formatDateTime } from '../../../lib/date-format';
import { plural } from '../admin-format';
import { deleteSubmission, fetchSubmissions, type Submission } from '../api';
import { DeleteControl } from '../DeleteControl';
import { DeskLoadFailed, DeskLoading, RefreshBar } from '../DeskSection';
import { useAdminData } from '../use-admin-data';
import '../report-list.css';

const PRODUCT_NAMES: Record<string, string> = {
  longAndShortPosition: 'Long & Short Position',
  portfolio: 'Portfolio',
};

export function submissionTypeLabel(type: string): string {
  if (type === 'contact') return 'Contact';
  if (type === 'support') return 'Support';
  if (type === 'jobs/lokalaJobb') return 'Lokala jobb enquiry';
  const product = /^products\/indicators\/([^/]+)\/(freeTrial|purchase)$/.exec(type);
  if (product) {
    const name = PRODUCT_NAMES[product[1]!] ?? product[1]!;
    return `${name}: ${product[2] === 'freeTrial' ? 'free trial' : 'purchase'}`;
  }
  return type;
}

/** A box's label as the visitor read it, without the form's "(optional)" or "(valfritt)". */
export function choiceLabel(label: string): string {
  return label.replace(/\s*\((?:optional|valfritt)\)$/, '');
}

export function SubmissionsSection() {
  const [type, setType] = useState<SubmissionType | ''>('');
  const load = useCallback((signal: AbortSignal) => fetchSubmissions(type, signal), [type]);
  const submissions = useAdminData(load);

  const filter = (
    <label className="desk-filter">
      <span>Show</span>
      <select
        className="desk-filter__select"
        value={type}
        onChange={(event) => setType(event.target.value as SubmissionType | '')}
      >
        <option value="">Every form</option>
        {SUBMISSION_TYPES.map((value) => (
          <option key={value} value={value}>
            {submissionTypeLabel(value)}
          </option>
        ))}
      </select>
    </label>
  );

  if (submissions.data === undefined) {
    return (
      <div className="reports">
        {filter}
        {submissions.error ? (
          <DeskLoadFailed message={submissions.error} onRetry={submissions.reload} />
        ) : (
          <DeskLoading label="Loading submissions…" />
        )}
      </div>
    );
  }
  const list = submissions.data;
  return (
    <div className="reports">
      {filter}
      <RefreshBar loading={submissions.loading} onRefresh={submissions.reload}>
        {list.length >= SUBMISSIONS_LIST_LIMIT
          ? `The latest ${SUBMISSIONS_LIST_LIMIT} submissions.`
          : plural(list.length, 'submission', 'submissions') + '.'}
      </RefreshBar>
      {submissions.error && <FormMessage tone="error">{submissions.error}</FormMessage>}
      {list.length === 0 ? (
        <p className="desk-empty">
          {type
            ? 'Nothing sent with this form yet.'
            : 'No submissions yet. Messages from the contact, support and Lokala jobb forms and indicator requests appear here.'}
        </p>
      ) : (
        <ol className="report-list">
          {list.map((submission) => (
            <SubmissionItem
              key={submission.id}
              submission={submission}
              onDelete={async () => {
                await deleteSubmission(submission.id);
                submissions.setData(list.filter((shown) => shown.id !== submission.id));
              }}
            />
          ))}
        </ol>
      )}
    </div>
  );
}

function SubmissionItem({
  submission,
  onDelete,
}: {
  submission: Submission;
  onDelete: () => Promise<void>;
}) {
  const form = FORM_DEFINITIONS[submission.type as SubmissionType];
  const labelOf = (name: string) =>
    [...(form?.inputs ?? []), ...(form?.textAreas ?? [])].find((field) => field.name === name)
      ?.label ?? name;
  const tickedLabelOf = (name: string) =>
    choiceLabel(
      [...(form?.specialAgreements ?? []), ...(form?.preferences ?? [])].find(
        (choice) => choice.name === name,
      )?.label ?? name,
    );
  const { payload, user } = submission;
  const ticked = [...payload.specialAgreements, ...payload.preferences].filter((e) => e.value);
  return (
    <li className="report">
      <div className="report__head">
        <h3 className="report__name">{submissionTypeLabel(submission.type)}</h3>
        <time className="report__time" dateTime={submission.createdAt}>
          {formatDateTime(submission.createdAt)}
        </time>
      </div>
      <dl className="report__facts">
        <div className="report__fact">
          <dt>Sent by</dt>
          <dd>{user ? `${user.username} (${user.email})` : 'A visitor who was not logged in'}</dd>
        </div>
        {payload.inputs
          .filter((entry) => entry.value !== '')
          .map((entry) => (
            <div key={entry.name} className="report__fact">
              <dt>{labelOf(entry.name)}</dt>
              <dd>{entry.value}</dd>
            </div>
          ))}
        {ticked.length > 0 && (
          <div className="report__fact">
            <dt>Ticked</dt>
            <dd>
              <ul className="report__ticked">
                {ticked.map((entry) => (
                  <li key={entry.name}>{tickedLabelOf(entry.name)}</li>
                ))}
              </ul>
            </dd>
          </div>
        )}
      </dl>
      {payload.textAreas
        .filter((entry) => entry.value !== '')
        .map((entry) => (
          <div key={entry.name}>
            <p className="report__area-label">{labelOf(entry.name)}</p>
            <pre className="report__text">{entry.value}</pre>
          </div>
        ))}
      <DeleteControl
        what={`this ${submissionTypeLabel(submission.type)} submission`}
        onDelete={onDelete}
      />
    </li>
  );
}
