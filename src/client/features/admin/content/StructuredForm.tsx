/**
 * A structured document as ordinary form fields (content-form.ts makes the form from its schema):
 * groups as fieldsets, lists as numbered entries with add, remove and move where the schema allows,
 * and each problem the checks found under its own field. Long top-level groups start folded and
 * open by themselves when they hold a problem.
 */
import { useId, useState, type ReactNode } from 'react';
import type { ContentIssue } from '#shared/content-checks';
import { Button } from '../../../ui/Button';
import { Checkbox } from '../../../ui/form/Checkbox';
import { Field, FieldErrorMessage, TextAreaField, TextField } from '../../../ui/form/Field';
import {
  changeList,
  fieldCount,
  getAt,
  numberFromText,
  setAt,
  type FormNode,
} from './content-form';
import type { ContentValue } from './content-api';

/** A top-level group with this many fields or more starts folded (unless it is the only one). */
const FOLD_FROM = 20;

interface FormContext {
  value: ContentValue;
  onChange: (value: ContentValue) => void;
  issuesAt: (path: string) => ContentIssue[];
  /** Whether any problem lies within a path. */
  hasIssuesWithin: (path: string) => boolean;
  /** The language of the words (Lokala jobb's are Swedish). */
  lang: string;
  /** The document has one group only (art, music): folding it would hide the whole form. */
  soleGroup: boolean;
}

interface StructuredFormProps {
  form: FormNode;
  value: ContentValue;
  onChange: (value: ContentValue) => void;
  issuesByPath: ReadonlyMap<string, ContentIssue[]>;
  lang: 'en' | 'sv';
}

export function StructuredForm({ form, value, onChange, issuesByPath, lang }: StructuredFormProps) {
  const context: FormContext = {
    value,
    onChange,
    lang,
    soleGroup:
      form.kind === 'group' &&
      form.children.filter((c) => c.kind === 'group' || c.kind === 'list').length === 1,
    issuesAt: (path) => issuesByPath.get(path) ?? [],
    hasIssuesWithin: (path) =>
      [...issuesByPath.keys()].some((at) => at === path || at.startsWith(`${path}.`)),
  };
  if (form.kind !== 'group') return <NodeView node={form} context={context} depth={0} />;
  return (
    <div className="content-form">
      {form.children.map((child) => (
        <NodeView key={child.path} node={child} context={context} depth={1} />
      ))}
    </div>
  );
}

function firstMessage(issues: ContentIssue[]): string | null {
  return issues[0]?.message ?? null;
}

/** Problems that name a whole group or list, under its legend. */
function GroupIssues({ issues }: { issues: ContentIssue[] }) {
  const id = useId();
  if (issues.length === 0) return null;
  return (
    <div className="content-group__issues">
      {issues.map((issue, index) => (
        <FieldErrorMessage key={index} id={`${id}-${index}`}>
          {issue.message}
        </FieldErrorMessage>
      ))}
    </div>
  );
}

/** A long top-level group, folded until opened or until it holds a problem. */
function Fold({
  node,
  context,
  children,
}: {
  node: FormNode;
  context: FormContext;
  children: ReactNode;
}) {
  const troubled = context.hasIssuesWithin(node.path);
  const [open, setOpen] = useState(troubled || context.soleGroup || fieldCount(node) < FOLD_FROM);
  const [wasTroubled, setWasTroubled] = useState(troubled);
  // A problem appearing inside opens the group.
  if (troubled !== wasTroubled) {
    setWasTroubled(troubled);
    if (troubled) setOpen(true);
  }
  return (
    <details
      className="disclosure content-fold"
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
      data-path={node.path}
    >
      <summary className="disclosure__summary content-fold__summary">
        {node.label}
        {troubled && <span className="content-fold__flag">has problems</span>}
      </summary>
      {children}
    </details>
  );
}

function NodeView({
  node,
  context,
  depth,
}: {
  node: FormNode;
  context: FormContext;
  depth: number;
}) {
  const body = <NodeBody node={node} context={context} depth={depth} />;
  const foldable = depth === 1 && (node.kind === 'group' || node.kind === 'list');
  return foldable ? (
    <Fold node={node} context={context}>
      {body}
    </Fold>
  ) : (
    body
  );
}

function NodeBody({
  node,
  context,
  depth,
}: {
  node: FormNode;
  context: FormContext;
  depth: number;
}) {
  const { value, onChange, issuesAt, lang } = context;
  const current = getAt(value, node.path);
  const set = (next: unknown) => onChange(setAt(value, node.path, next));
  const error = firstMessage(issuesAt(node.path));
  // Inside a fold the summary names the group; a legend would say it twice.
  const legendHidden = depth === 1;

  switch (node.kind) {
    case 'group':
      return (
        <fieldset className="content-group">
          <legend className={legendHidden ? 'visually-hidden' : 'content-group__legend'}>
            {node.label}
          </legend>
          {node.hint && <p className="field__hint">{node.hint}</p>}
          <GroupIssues issues={issuesAt(node.path)} />
          {node.children.map((child) => (
            <NodeView key={child.path} node={child} context={context} depth={depth + 1} />
          ))}
        </fieldset>
      );
    case 'list':
      return <ListView node={node} context={context} depth={depth} legendHidden={legendHidden} />;
    case 'text': {
      const text = typeof current === 'string' ? current : '';
      const common = {
        label: node.label,
        name: node.path,
        value: text,
        onValueChange: (next: string) => set(next),
        error,
        hint: node.hint,
        lang: node.inputType === 'text' ? lang : undefined,
      };
      return node.multiline ? (
        <TextAreaField {...common} max={node.maxLength} rows={3} />
      ) : (
        <TextField
          {...common}
          type={node.inputType}
          autoComplete="off"
          spellCheck={node.inputType === 'text'}
        />
      );
    }
    case 'number': {
      const text =
        typeof current === 'number' ? String(current) : typeof current === 'string' ? current : '';
      return (
        <TextField
          label={node.label}
          name={node.path}
          value={text}
          inputMode={node.integer ? 'numeric' : 'decimal'}
          autoComplete="off"
          onValueChange={(next) => set(numberFromText(next, node.nullable))}
          error={error}
          hint={node.hint}
          className="content-field--number"
        />
      );
    }
    case 'checkbox':
      return (
        <Checkbox
          name={node.path}
          label={
            node.hint ? (
              <>
                {node.label} <span className="field__note">({node.hint})</span>
              </>
            ) : (
              node.label
            )
          }
          checked={current === true}
          // Unticked, an optional mark is left out, as the shipped files write it.
          onCheckedChange={(checked) => set(checked ? true : undefined)}
          error={error}
        />
      );
    case 'choice':
      return (
        <Field label={node.label} error={error} hint={node.hint}>
          {(control) => (
            <select
              {...control}
              name={node.path}
              className="text-input"
              value={typeof current === 'string' ? current : ''}
              onChange={(event) => set(event.target.value)}
            >
              {node.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          )}
        </Field>
      );
  }
}

function ListView({
  node,
  context,
  depth,
  legendHidden,
}: {
  node: Extract<FormNode, { kind: 'list' }>;
  context: FormContext;
  depth: number;
  legendHidden: boolean;
}) {
  const { value, onChange, issuesAt } = context;
  const article = /^[aeiou]/i.test(node.itemName) ? 'an' : 'a';
  return (
    <fieldset className="content-group content-list">
      <legend className={legendHidden ? 'visually-hidden' : 'content-group__legend'}>
        {node.label}
      </legend>
      {node.hint && <p className="field__hint">{node.hint}</p>}
      <GroupIssues issues={issuesAt(node.path)} />
      {node.entries.length === 0 && <p className="desk-empty">None yet.</p>}
      <ol className="content-list__entries">
        {node.entries.map(({ label, node: entry }, index) => (
          <li key={entry.path} className="content-list__entry">
            {entry.kind === 'group' ? (
              <fieldset className="content-entry">
                <legend className="visually-hidden">{label}</legend>
                <div className="content-entry__head">
                  {/* The legend, as the eye reads it, beside the entry's own buttons. */}
                  <p className="content-entry__title" aria-hidden="true">
                    {label}
                  </p>
                  <EntryActions node={node} index={index} label={label} context={context} />
                </div>
                <GroupIssues issues={issuesAt(entry.path)} />
                {entry.children.map((child) => (
                  <NodeView key={child.path} node={child} context={context} depth={depth + 2} />
                ))}
              </fieldset>
            ) : (
              <div className="content-entry content-entry--plain">
                <NodeView node={entry} context={context} depth={depth + 2} />
                <EntryActions node={node} index={index} label={label} context={context} />
              </div>
            )}
          </li>
        ))}
      </ol>
      {node.canAdd && (
        <div className="desk-actions desk-actions--start">
          <Button onClick={() => onChange(changeList(value, node.path, { add: node.template }))}>
            Add {article} {node.itemName.toLowerCase()}
          </Button>
        </div>
      )}
    </fieldset>
  );
}

function EntryActions({
  node,
  index,
  label,
  context,
}: {
  node: Extract<FormNode, { kind: 'list' }>;
  index: number;
  label: string;
  context: FormContext;
}) {
  const { value, onChange } = context;
  if (!node.canMove && !node.canRemove) return null;
  const name = label.replace(/:.*$/, '');
  return (
    <div className="content-entry__actions">
      {node.canMove && (
        <>
          <Button
            variant="ghost"
            aria-label={`Move ${name} up`}
            disabled={index === 0}
            onClick={() => onChange(changeList(value, node.path, { move: index, by: -1 }))}
          >
            Up
          </Button>
          <Button
            variant="ghost"
            aria-label={`Move ${name} down`}
            disabled={index === node.entries.length - 1}
            onClick={() => onChange(changeList(value, node.path, { move: index, by: 1 }))}
          >
            Down
          </Button>
        </>
      )}
      {node.canRemove && (
        <Button
          variant="ghost"
          aria-label={`Remove ${name}`}
          onClick={() => onChange(changeList(value, node.path, { remove: index }))}
        >
          Remove
        </Button>
      )}
    </div>
  );
}
