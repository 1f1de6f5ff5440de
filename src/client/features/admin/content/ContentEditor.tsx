/**
 * One document of the site's words on the desk (docs/product/desk.md#publishing-the-sites-words), loaded
 * only when the owner opens one: its fields (a Markdown page's text in CodeMirror, any other
 * document as a form), the problems the checks find as the owner types (the same checks the server
 * runs on every save and publish, whose answer is shown once it comes), drafts that save by
 * themselves, the preview, Publish with what goes live, the change another admin published
 * meanwhile, and the history with Restore.
 */
import {
  lazy,
  Suspense,
  useDeferredValue,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
} from 'react';
import { z } from 'zod';
import type { ContentDocument } from '#shared/content-api-schemas';
import { checkContent, contentSchemaOf, type ContentIssue } from '#shared/content-checks';
import { CONTENT_DOCUMENTS } from '#shared/content-documents';
import { isMarkdownKey, type ContentKey } from '#shared/content-parts';
import { formatDateTime } from '../../../lib/date-format';
import { Button } from '../../../ui/Button';
import { FieldErrorMessage, TextAreaField } from '../../../ui/form/Field';
import { FormMessage } from '../../../ui/form/FormMessage';
import { plural, pageTitle } from '../admin-format';
import { DayField } from '../DayField';
import { DeskLoadFailed, DeskLoading } from '../DeskSection';
import { messageOf } from '../use-admin-data';
import {
  discardContentDraft,
  fetchContentDocument,
  fetchRevision,
  publishContent,
  PublishRefused,
  type ContentValue,
  type PublishOutcome,
} from './content-api';
import { diffValues } from './content-diff';
import { buildForm, pathsOf, placeIssues, type JsonSchema } from './content-form';
import { pathLabel } from './content-labels';
import { ContentHistory, publishedText } from './ContentHistory';
import { ContentPreview } from './ContentPreview';
import { DiffView } from './DiffView';
import { forgetKeptDraft, readKeptDraft } from './kept-drafts';
import type { MarkdownEditorHandle } from './MarkdownEditor';
import { StructuredForm } from './StructuredForm';
import { useDraftSaving, type SavedCheck } from './use-draft-saving';
import './content-editor.css';

const MarkdownEditor = lazy(() => import('./MarkdownEditor'));

/** The longest summary the checks take (content-checks.ts). */
const SUMMARY_MAX = 400;

export interface ContentEditorProps {
  documentKey: ContentKey;
  username: string;
  /** Other admins with a draft of this document. */
  otherDrafts: readonly { name: string; updatedAt: string }[];
  onClose: () => void;
  /** The document's state changed (a draft saved, a publish): the list shows it. */
  onChanged: () => void;
  /** Opens another document (the page titles live in the Site document). */
  onOpen: (key: ContentKey) => void;
  /** Opened from the list (not by loading the address): focus moves to the editor's heading. */
  focusHeading: boolean;
}

export default function ContentEditor(props: ContentEditorProps) {
  const { documentKey } = props;
  const [doc, setDoc] = useState<ContentDocument | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    fetchContentDocument(documentKey, controller.signal).then(setDoc, (failure: unknown) => {
      if (!controller.signal.aborted) setError(messageOf(failure));
    });
    return () => controller.abort();
  }, [documentKey, attempt]);

  const title = CONTENT_DOCUMENTS[documentKey].title;
  if (!doc) {
    return (
      <div className="content-editor">
        <EditorHead documentKey={documentKey} onClose={props.onClose} title={title} />
        {error ? (
          <DeskLoadFailed
            message={error}
            onRetry={() => {
              setError(null);
              setAttempt((n) => n + 1);
            }}
          />
        ) : (
          <DeskLoading label={`Loading ${title}…`} size="lg" />
        )}
      </div>
    );
  }
  return <LoadedEditor {...props} doc={doc} />;
}

function EditorHead({
  title,
  documentKey,
  onClose,
  headingRef,
  children,
}: Pick<ContentEditorProps, 'documentKey' | 'onClose'> & {
  title: string;
  headingRef?: React.Ref<HTMLHeadingElement>;
  children?: React.ReactNode;
}) {
  const info = CONTENT_DOCUMENTS[documentKey];
  return (
    <div className="content-editor__head">
      <Button variant="ghost" className="content-editor__back" onClick={onClose}>
        <span aria-hidden="true">←</span> All content
      </Button>
      <div className="content-editor__title-row">
        <h3 ref={headingRef} className="content-editor__title" tabIndex={-1}>
          {title}
        </h3>
        {info.lang === 'sv' && (
          <span className="content-badge" lang="sv">
            På svenska
          </span>
        )}
        <code className="page-key">{info.file}</code>
      </div>
      {children}
    </div>
  );
}

interface PublishState {
  phase: 'idle' | 'confirm' | 'publishing' | 'discard' | 'discarding';
}

/** The change someone else published after this draft began. */
interface StaleView {
  /** The refusal's own words, when a publish was refused. */
  message: string | null;
  base: number;
  baseValue: ContentValue | undefined;
  current: ContentDocument['published'];
}

function LoadedEditor({
  doc,
  documentKey: key,
  username,
  onClose,
  onChanged,
  onOpen,
  otherDrafts,
  focusHeading,
}: ContentEditorProps & { doc: ContentDocument }) {
  const info = CONTENT_DOCUMENTS[key];
  const markdown = isMarkdownKey(key);
  const [kept] = useState(() => readKeptDraft(key, username));
  const [published, setPublished] = useState(doc.published);
  const [value, setValue] = useState<ContentValue>(
    () => kept?.value ?? doc.draft?.value ?? doc.published.value,
  );
  const [base, setBase] = useState(
    () => kept?.baseRevision ?? doc.draft?.baseRevision ?? doc.published.revision,
  );
  const [hasDraft, setHasDraft] = useState(Boolean(kept ?? doc.draft));
  const [previewVersion, setPreviewVersion] = useState(0);
  const [refused, setRefused] = useState<SavedCheck | null>(null);
  const [loadedCheck] = useState<SavedCheck | null>(() =>
    doc.draft ? { json: JSON.stringify(doc.draft.value), issues: doc.draft.issues } : null,
  );
  const [publish, setPublish] = useState<PublishState>({ phase: 'idle' });
  const [notice, setNotice] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [stale, setStale] = useState<StaleView | null>(null);
  const [historyOpen, setHistoryOpen] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const keepEditing = useRef<HTMLButtonElement>(null);
  const root = useRef<HTMLDivElement>(null);
  const markdownRef = useRef<MarkdownEditorHandle>(null);
  const onChangedRef = useRef(onChanged);
  useEffect(() => {
    onChangedRef.current = onChanged;
  });

  const saving = useDraftSaving(key, username, () => {
    setPreviewVersion((n) => n + 1);
    onChangedRef.current();
  });

  useEffect(() => {
    if (focusHeading) heading.current?.focus();
    // On opening only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  // Asked to publish, the question's answer has the focus; asked to discard, the safe one; backing
  // out, the button that asked.
  const publishNow = useRef<HTMLButtonElement>(null);
  const publishButton = useRef<HTMLButtonElement>(null);
  const asked = useRef(false);
  useEffect(() => {
    if (publish.phase === 'confirm') publishNow.current?.focus();
    else if (publish.phase === 'discard') keepEditing.current?.focus();
    else if (publish.phase === 'idle' && asked.current) publishButton.current?.focus();
    asked.current = publish.phase === 'confirm' || publish.phase === 'discard';
  }, [publish.phase]);

  async function showStale(message: string | null, current: ContentDocument['published']) {
    setStale({ message, base, baseValue: await valueOfRevision(key, base), current });
  }

  // A text kept in this browser that the server does not hold yet is sent now.
  useEffect(() => {
    if (!kept) return;
    if (doc.draft && JSON.stringify(doc.draft.value) === JSON.stringify(kept.value))
      forgetKeptDraft(key);
    else saving.edit(kept.value, kept.baseRevision);
    // Once, on opening.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A draft begun on an older revision: show what was published since, before anything else.
  useEffect(() => {
    if (base === doc.published.revision) return;
    let live = true;
    void valueOfRevision(key, base).then((baseValue) => {
      if (live) setStale({ message: null, base, baseValue, current: doc.published });
    });
    return () => {
      live = false;
    };
    // Once, on opening.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // The checks, run here as the owner types; the server's answer replaces them once it has one.
  const deferred = useDeferredValue(value);
  const localIssues = useMemo(() => {
    const checked = checkContent(key, deferred, { published: published.value });
    return checked.ok ? [] : checked.issues;
  }, [key, deferred, published.value]);
  const json = JSON.stringify(value);
  const serverCheck = [refused, saving.saved, loadedCheck].find((check) => check?.json === json);
  const issues: ContentIssue[] = serverCheck ? serverCheck.issues : localIssues;
  const changed = json !== JSON.stringify(published.value);

  const schema = useMemo(
    () =>
      markdown
        ? null
        : (z.toJSONSchema(contentSchemaOf(key), {
            io: 'input',
            unrepresentable: 'any',
          }) as JsonSchema),
    [key, markdown],
  );
  const form = useMemo(() => (schema ? buildForm(key, schema, value) : null), [key, schema, value]);
  const shownPaths = useMemo(
    () => (form ? pathsOf(form) : new Set(['summary', 'updated', 'body'])),
    [form],
  );
  const placed = useMemo(() => placeIssues(issues, shownPaths), [issues, shownPaths]);

  function edit(next: ContentValue) {
    setValue(next);
    setHasDraft(true);
    setNotice(null);
    setProblem(null);
    if (publish.phase === 'confirm') setPublish({ phase: 'idle' });
    saving.edit(next, base);
  }

  /** The published text as it now is, the editor's text with it when there is no draft. */
  async function reloadPublished(): Promise<ContentDocument['published']> {
    const fresh = await fetchContentDocument(key);
    setPublished(fresh.published);
    return fresh.published;
  }

  async function doPublish() {
    setPublish({ phase: 'publishing' });
    setProblem(null);
    await saving.stop();
    try {
      const outcome = await publishContent(key, base, value);
      saving.reset();
      const fresh = await reloadPublished();
      setValue(fresh.value);
      setBase(fresh.revision);
      setHasDraft(false);
      setStale(null);
      setNotice(
        `Published as revision ${outcome.published.revision}. Visitors see it now on ${pagesText(info.pages)}.`,
      );
      setPreviewVersion((n) => n + 1);
      onChanged();
      setPublish({ phase: 'idle' });
      heading.current?.focus();
    } catch (failure) {
      setPublish({ phase: 'idle' });
      // What is on screen keeps saving as a draft.
      saving.edit(value, base);
      if (failure instanceof PublishRefused && failure.reason === 'problems') {
        setRefused({ json, issues: failure.issues });
        setProblem(failure.message);
      } else if (failure instanceof PublishRefused) {
        const current = await reloadPublished().catch(() => published);
        await showStale(failure.message, current);
      } else setProblem(messageOf(failure));
    }
  }

  async function doDiscard() {
    setPublish({ phase: 'discarding' });
    await saving.stop();
    try {
      await discardContentDraft(key);
      saving.reset();
      const fresh = await reloadPublished();
      setValue(fresh.value);
      setBase(fresh.revision);
      setHasDraft(false);
      setStale(null);
      setRefused(null);
      setNotice('Draft discarded: the published text is back.');
      setPreviewVersion((n) => n + 1);
      onChanged();
      heading.current?.focus();
    } catch (failure) {
      saving.edit(value, base);
      setProblem(messageOf(failure));
    }
    setPublish({ phase: 'idle' });
  }

  async function restored(outcome: PublishOutcome) {
    const fresh = await reloadPublished();
    setNotice(
      `Revision ${outcome.published.revision} is live: ${publishedText(outcome.published)}.`,
    );
    setPreviewVersion((n) => n + 1);
    onChanged();
    if (!hasDraft) {
      setValue(fresh.value);
      setBase(fresh.revision);
    } else if (base !== fresh.revision) void showStale(null, fresh);
  }

  /** Moves to the field of a problem, opening what folds it. */
  function goToIssue(issue: ContentIssue) {
    if (markdown && issue.path === 'body') {
      markdownRef.current?.goTo(issue.line ?? 1, issue.column ?? 1);
      return;
    }
    const scope = root.current;
    if (!scope) return;
    const escaped = CSS.escape(issue.path);
    const target =
      scope.querySelector<HTMLElement>(`[name="${escaped}"]`) ??
      scope.querySelector<HTMLElement>(`[data-path="${escaped}"] > summary`) ??
      scope.querySelector<HTMLElement>(`[name^="${escaped}."]`);
    if (!target) return;
    for (
      let fold = target.closest('details');
      fold;
      fold = fold.parentElement?.closest('details') ?? null
    )
      fold.open = true;
    target.scrollIntoView({ block: 'center' });
    target.focus();
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    if (publish.phase === 'confirm' || publish.phase === 'discard') {
      setPublish({ phase: 'idle' });
      return;
    }
    const target = event.target as HTMLElement;
    if (target.closest('input, textarea, select, [contenteditable="true"]')) return;
    onClose();
  }

  const blockedBy = issues.length
    ? `Publish waits until ${plural(issues.length, 'marked problem is', 'marked problems are')} fixed.`
    : stale
      ? 'Look at the change published meanwhile first (above).'
      : !changed
        ? 'Nothing to publish: this is the published text.'
        : null;
  const blockedId = useId();

  return (
    // Escape leaves the editor for the list (the keys inside fields keep their own meaning).
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <div ref={root} className="content-editor" onKeyDown={onKeyDown}>
      <EditorHead documentKey={key} onClose={onClose} title={info.title} headingRef={heading}>
        <p className="content-editor__meta">
          Published: revision {published.revision}, {publishedText(published)}.
        </p>
        <SaveStatus
          status={saving.status}
          problem={saving.problem}
          hasDraft={hasDraft}
          savedAt={saving.savedAt ?? doc.draft?.updatedAt ?? null}
          onRetry={saving.saveNow}
        />
        {otherDrafts.length > 0 && (
          <p className="content-editor__others">
            {otherDrafts
              .map((other) => `${other.name} has a draft too (${formatDateTime(other.updatedAt)})`)
              .join('; ')}
            . Whoever publishes second is shown the other’s change first.
          </p>
        )}
      </EditorHead>

      {stale && (
        <StalePanel
          documentKey={key}
          stale={stale}
          mine={value}
          onKeepMine={() => {
            setBase(stale.current.revision);
            setPublished(stale.current);
            setStale(null);
            saving.edit(value, stale.current.revision);
          }}
          onTakeTheirs={() => void doDiscard()}
        />
      )}

      {issues.length > 0 && (
        <div className="content-issues" role="region" aria-label="Problems">
          <p className="content-issues__title">
            {plural(issues.length, 'problem', 'problems')} to fix before publishing
          </p>
          <ul className="content-issues__list">
            {issues.map((issue, index) => (
              <li key={index}>
                <button
                  type="button"
                  className="desk-link-button content-issues__link"
                  onClick={() => goToIssue(issue)}
                >
                  {issueText(value, issue)}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}

      <div className="content-editor__fields">
        {markdown ? (
          <MarkdownFields
            documentKey={key}
            value={value}
            onChange={edit}
            issuesByPath={placed.byPath}
            editorRef={markdownRef}
            onOpenSite={() => onOpen('site')}
          />
        ) : (
          form && (
            <StructuredForm
              form={form}
              value={value}
              onChange={edit}
              issuesByPath={placed.byPath}
              lang={info.lang}
            />
          )
        )}
      </div>

      <div className="content-editor__publish">
        {notice && <FormMessage tone="success">{notice}</FormMessage>}
        {problem && <FormMessage tone="error">{problem}</FormMessage>}
        {publish.phase === 'confirm' || publish.phase === 'publishing' ? (
          <div className="content-confirm" role="group" aria-label={`Publish ${info.title}?`}>
            <p className="content-confirm__question">
              Publish {info.title}? Visitors see it within a second on {pagesText(info.pages)}. What
              changes:
            </p>
            <DiffView
              rows={diffValues(key, published.value, value)}
              label={`What publishing changes in ${info.title}`}
            />
            <div className="desk-actions desk-actions--start">
              <Button
                ref={publishNow}
                variant="primary"
                loading={publish.phase === 'publishing'}
                onClick={() => void doPublish()}
              >
                Publish now
              </Button>
              <Button
                variant="ghost"
                disabled={publish.phase === 'publishing'}
                onClick={() => setPublish({ phase: 'idle' })}
              >
                Keep editing
              </Button>
            </div>
          </div>
        ) : publish.phase === 'discard' || publish.phase === 'discarding' ? (
          <div className="content-confirm" role="group" aria-label="Discard your draft?">
            <p className="content-confirm__question">
              Discard your draft? The published text comes back, and what you changed is lost.
            </p>
            <div className="desk-actions desk-actions--start">
              <Button
                variant="secondary"
                loading={publish.phase === 'discarding'}
                onClick={() => void doDiscard()}
              >
                Discard draft
              </Button>
              <Button
                ref={keepEditing}
                variant="ghost"
                disabled={publish.phase === 'discarding'}
                onClick={() => setPublish({ phase: 'idle' })}
              >
                Keep editing
              </Button>
            </div>
          </div>
        ) : (
          <div className="content-editor__actions">
            <Button
              ref={publishButton}
              variant="primary"
              disabled={blockedBy !== null}
              aria-describedby={blockedBy ? blockedId : undefined}
              onClick={() => setPublish({ phase: 'confirm' })}
            >
              Publish…
            </Button>
            {(hasDraft || changed) && (
              <Button variant="ghost" onClick={() => setPublish({ phase: 'discard' })}>
                Discard draft…
              </Button>
            )}
            {blockedBy && (
              <p id={blockedId} className="content-editor__blocked">
                {blockedBy}
              </p>
            )}
          </div>
        )}
      </div>

      <section className="content-editor__part" aria-labelledby={`${blockedId}-preview`}>
        <h4 id={`${blockedId}-preview`} className="content-editor__part-title">
          Preview
        </h4>
        <p className="content-editor__part-note">
          The page as visitors would get it with your saved draft. A draft with problems shows the
          published text until they are fixed.
        </p>
        <ContentPreview pages={info.pages} version={previewVersion} />
      </section>

      <details
        className="disclosure content-editor__part"
        open={historyOpen}
        onToggle={(event) => setHistoryOpen(event.currentTarget.open)}
      >
        <summary className="disclosure__summary content-editor__part-title">History</summary>
        {historyOpen && (
          <ContentHistory
            documentKey={key}
            current={published.revision}
            onRestored={(outcome) => void restored(outcome)}
          />
        )}
      </details>
    </div>
  );
}

/** An earlier revision's value, or nothing when it cannot be read (then its change shows whole). */
function valueOfRevision(key: ContentKey, revision: number): Promise<ContentValue | undefined> {
  if (revision < 1) return Promise.resolve(undefined);
  return fetchRevision(key, revision).then(
    (found) => found.value,
    () => undefined,
  );
}

/** "About (/about)", "every public page", "Purchase". */
function pagesText(pages: readonly string[]): string {
  if (pages.length > 3) return 'every public page';
  return pages.map((page) => pageTitle(page) ?? page).join(', ');
}

function issueText(value: ContentValue, issue: ContentIssue): string {
  const where = pathLabel(value, issue.path);
  const at = issue.line !== undefined ? `, line ${issue.line}, column ${issue.column ?? 1}` : '';
  return `${where}${at}: ${issue.message}`;
}

function SaveStatus({
  status,
  problem,
  hasDraft,
  savedAt,
  onRetry,
}: {
  status: ReturnType<typeof useDraftSaving>['status'];
  problem: string | null;
  hasDraft: boolean;
  savedAt: string | null;
  onRetry: () => void;
}) {
  const text =
    status === 'saving'
      ? 'Saving…'
      : status === 'saved'
        ? 'Saved'
        : status === 'offline'
          ? 'Offline — kept on this device'
          : status === 'failed'
            ? `Not saved: ${problem ?? 'the server refused it.'} It is kept on this device.`
            : hasDraft
              ? `Your draft${savedAt ? `, saved ${formatDateTime(savedAt)}` : ''}`
              : 'No draft: this is the published text';
  return (
    <div className="content-status" data-status={status}>
      <p className="content-status__text" role="status">
        {text}
      </p>
      {status === 'failed' && (
        <Button variant="ghost" onClick={onRetry}>
          Try again
        </Button>
      )}
    </div>
  );
}

function MarkdownFields({
  documentKey,
  value,
  onChange,
  issuesByPath,
  editorRef,
  onOpenSite,
}: {
  documentKey: ContentKey;
  value: ContentValue;
  onChange: (value: ContentValue) => void;
  issuesByPath: ReadonlyMap<string, ContentIssue[]>;
  editorRef: React.RefObject<MarkdownEditorHandle | null>;
  onOpenSite: () => void;
}) {
  const info = CONTENT_DOCUMENTS[documentKey];
  const labelId = useId();
  const hintId = useId();
  const errorId = useId();
  const text = (field: string) =>
    typeof value[field] === 'string' ? (value[field] as string) : '';
  const first = (field: string) => issuesByPath.get(field)?.[0]?.message ?? null;
  const bodyIssues = issuesByPath.get('body') ?? [];
  return (
    <div className="content-form">
      <p className="content-editor__part-note">
        The page’s title and its line in search results are in{' '}
        <button type="button" className="desk-link-button" onClick={onOpenSite}>
          Site, offerings and page titles
        </button>
        .
      </p>
      {info.markdown?.dated && (
        <DayField
          label="Last updated"
          name="updated"
          day={typeof value.updated === 'string' ? value.updated : ''}
          hint="The date the page says it was last changed."
          onDayChange={(day) => {
            if (day !== null) onChange({ ...value, updated: day });
          }}
          error={first('updated')}
        />
      )}
      {!info.markdown?.dated && first('updated') && (
        <FormMessage tone="error">{first('updated')}</FormMessage>
      )}
      <TextAreaField
        label="Summary"
        name="summary"
        value={text('summary')}
        onValueChange={(summary) => onChange({ ...value, summary })}
        error={first('summary')}
        hint="The lead sentence under the page title, on one line. "
        max={SUMMARY_MAX}
        rows={2}
      />
      <div className="field" data-invalid={bodyIssues.length > 0 || undefined}>
        <span id={labelId} className="field__label">
          Text
        </span>
        <Suspense fallback={<DeskLoading label="Loading the editor…" size="lg" />}>
          <MarkdownEditor
            ref={editorRef}
            value={text('body')}
            onChange={(body) => onChange({ ...value, body })}
            issues={bodyIssues}
            labelledBy={labelId}
            describedBy={[bodyIssues.length ? errorId : null, hintId].filter(Boolean).join(' ')}
            invalid={bodyIssues.length > 0}
          />
        </Suspense>
        {bodyIssues.length > 0 && (
          <div id={errorId}>
            {bodyIssues.map((issue, index) => (
              <FieldErrorMessage key={index} id={`${errorId}-${index}`}>
                {issue.line !== undefined
                  ? `Line ${issue.line}, column ${issue.column ?? 1}: ${issue.message}`
                  : issue.message}
              </FieldErrorMessage>
            ))}
          </div>
        )}
        <p id={hintId} className="field__hint">
          Markdown: ## and ### headings, paragraphs, lists, &gt; quotes, **bold**, _italic_, `code`
          and links to pages of this site, https:// or mailto:. No HTML or images.
          {' {siteName}, {creatorName} and {contactEmail} are filled in.'}
        </p>
      </div>
    </div>
  );
}

function StalePanel({
  documentKey,
  stale,
  mine,
  onKeepMine,
  onTakeTheirs,
}: {
  documentKey: ContentKey;
  stale: StaleView;
  mine: ContentValue;
  onKeepMine: () => void;
  onTakeTheirs: () => void;
}) {
  const { current } = stale;
  const who = current.publishedBy?.name ?? 'someone';
  return (
    <div className="content-stale" role="region" aria-label="Published meanwhile">
      <FormMessage tone="error">
        {stale.message ??
          `${who} published revision ${current.revision} after your draft began (on revision ${stale.base}). Look at their change before you publish.`}
      </FormMessage>
      <p className="content-stale__title">
        Their change: revision {stale.base} to {current.revision}, {publishedText(current)}
      </p>
      <DiffView
        rows={diffValues(documentKey, stale.baseValue, current.value)}
        label="Their change"
      />
      <p className="content-stale__title">Your draft against what is published now</p>
      <DiffView
        rows={diffValues(documentKey, current.value, mine)}
        label="Your draft against theirs"
      />
      <div className="desk-actions desk-actions--start">
        <Button variant="primary" onClick={onKeepMine}>
          Keep my draft on their version
        </Button>
        <Button variant="secondary" onClick={onTakeTheirs}>
          Take their version (discard my draft)
        </Button>
      </div>
    </div>
  );
}
