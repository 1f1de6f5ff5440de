/**
 * The text of a Markdown page in CodeMirror 6 (loaded only when the desk opens such a page): line
 * numbers, Markdown's colours in the site's tokens, the usual keys with undo history, and every
 * problem the checks found marked at its line and column. Tab is left to move focus on, so the
 * editor never traps the keyboard. The page is CommonMark, as the server reads it.
 */
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { commonmarkLanguage, markdownKeymap } from '@codemirror/lang-markdown';
import { HighlightStyle, LanguageSupport, syntaxHighlighting } from '@codemirror/language';
import { lintGutter, setDiagnostics, type Diagnostic } from '@codemirror/lint';
import { Annotation, Compartment, EditorState } from '@codemirror/state';
import {
  drawSelection,
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  keymap,
  lineNumbers,
  placeholder,
} from '@codemirror/view';
import { tags } from '@lezer/highlight';
import { useEffect, useImperativeHandle, useRef, type Ref } from 'react';
import type { ContentIssue } from '#shared/content-checks';
// Before any editor is made: its styles go in a constructed stylesheet the CSP allows.
import './adopted-styles';

export interface MarkdownEditorHandle {
  /** Puts the cursor at a line and column (1-based) and focuses the text. */
  goTo: (line: number, column: number) => void;
  focus: () => void;
}

interface MarkdownEditorProps {
  value: string;
  onChange: (value: string) => void;
  /** The body's problems: those with a line are marked in the text. */
  issues: readonly ContentIssue[];
  labelledBy: string;
  describedBy?: string;
  invalid: boolean;
  ref?: Ref<MarkdownEditorHandle>;
}

/** Markdown's parts in the site's own colours, which follow the theme. */
const highlight = HighlightStyle.define([
  { tag: tags.heading, color: 'var(--color-accent)', fontWeight: '700' },
  { tag: tags.strong, fontWeight: '700' },
  { tag: tags.emphasis, fontStyle: 'italic' },
  { tag: tags.link, color: 'var(--color-focus)', textDecoration: 'underline' },
  { tag: tags.url, color: 'var(--color-focus)' },
  { tag: tags.monospace, fontFamily: 'var(--font-mono)', color: 'var(--color-success)' },
  { tag: tags.quote, color: 'var(--color-text-muted)', fontStyle: 'italic' },
  // The marks themselves: #, *, _, `, >, list bullets, a link's brackets.
  { tag: tags.processingInstruction, color: 'var(--color-accent)' },
  { tag: tags.comment, color: 'var(--color-text-muted)' },
]);

const theme = EditorView.theme({
  '&': {
    color: 'var(--color-text)',
    backgroundColor: 'var(--color-surface)',
    border: '1px solid var(--color-border-strong)',
    borderRadius: 'var(--radius-md)',
    fontSize: 'var(--font-size-sm)',
  },
  '&.cm-focused': { outline: '3px solid var(--color-focus)', outlineOffset: '2px' },
  '.cm-scroller': {
    fontFamily: 'var(--font-mono)',
    lineHeight: '1.6',
    // The editor grows with the text; the page scrolls, never a box inside it.
    minHeight: '18rem',
  },
  '.cm-content': { padding: 'var(--space-3) 0', caretColor: 'var(--color-text)' },
  '.cm-cursor': { borderLeftColor: 'var(--color-text)' },
  '.cm-gutters': {
    backgroundColor: 'var(--color-surface-sunken)',
    color: 'var(--color-text-muted)',
    borderRight: '1px solid var(--color-border)',
    borderRadius: 'var(--radius-md) 0 0 var(--radius-md)',
  },
  '.cm-activeLine': { backgroundColor: 'var(--color-accent-soft)' },
  '.cm-activeLineGutter': {
    backgroundColor: 'var(--color-accent-soft)',
    color: 'var(--color-text)',
  },
  '&.cm-focused .cm-selectionBackground, .cm-selectionBackground, ::selection': {
    backgroundColor: 'var(--color-accent-soft)',
  },
  '.cm-lintRange-error': {
    backgroundImage: 'none',
    textDecoration: 'underline wavy var(--color-danger)',
    textUnderlineOffset: '3px',
  },
  '.cm-tooltip': {
    backgroundColor: 'var(--color-surface-raised)',
    color: 'var(--color-text)',
    border: '1px solid var(--color-border-strong)',
  },
  '.cm-diagnostic-error': { borderLeftColor: 'var(--color-danger)' },
});

/** Marks a text set from outside, which is not the owner's edit (so it saves no draft). */
const fromOutside = Annotation.define<boolean>();

/** A problem's place in the text, kept inside the document whatever the line and column say. */
export function diagnosticsOf(state: EditorState, issues: readonly ContentIssue[]): Diagnostic[] {
  return issues.flatMap((issue) => {
    if (issue.line === undefined) return [];
    const line = state.doc.line(Math.min(Math.max(issue.line, 1), state.doc.lines));
    const from = Math.min(line.from + Math.max((issue.column ?? 1) - 1, 0), line.to);
    const to = from < line.to ? line.to : Math.min(from + 1, state.doc.length);
    return [{ from, to, severity: 'error' as const, message: issue.message }];
  });
}

function contentAttributes(labelledBy: string, describedBy: string | undefined, invalid: boolean) {
  return EditorView.contentAttributes.of({
    'aria-labelledby': labelledBy,
    ...(describedBy ? { 'aria-describedby': describedBy } : {}),
    ...(invalid ? { 'aria-invalid': 'true' } : {}),
    'aria-multiline': 'true',
    spellcheck: 'true',
  });
}

export default function MarkdownEditor({
  value,
  onChange,
  issues,
  labelledBy,
  describedBy,
  invalid,
  ref,
}: MarkdownEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });
  // The text's label and description change with its problems; the editor is made once.
  const attributes = useRef(new Compartment());
  const initialAttributes = useRef(contentAttributes(labelledBy, describedBy, invalid));

  useEffect(() => {
    const editor = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: value,
        extensions: [
          lineNumbers(),
          highlightActiveLineGutter(),
          highlightActiveLine(),
          drawSelection(),
          history(),
          new LanguageSupport(commonmarkLanguage),
          syntaxHighlighting(highlight),
          lintGutter(),
          EditorView.lineWrapping,
          placeholder(
            'Write the page in Markdown: ## for a section, a blank line between paragraphs.',
          ),
          keymap.of([...markdownKeymap, ...defaultKeymap, ...historyKeymap]),
          theme,
          attributes.current.of(initialAttributes.current),
          EditorView.updateListener.of((update) => {
            const outside = update.transactions.some((tr) => tr.annotation(fromOutside));
            if (update.docChanged && !outside) onChangeRef.current(update.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
    // Made once; later values arrive through the effects below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A text set from outside (discard, a restore, another admin's version) replaces the editor's.
  useEffect(() => {
    const editor = view.current;
    if (!editor) return;
    const current = editor.state.doc.toString();
    if (current !== value)
      editor.dispatch({
        changes: { from: 0, to: current.length, insert: value },
        annotations: fromOutside.of(true),
      });
  }, [value]);

  useEffect(() => {
    const editor = view.current;
    if (!editor) return;
    editor.dispatch(setDiagnostics(editor.state, diagnosticsOf(editor.state, issues)));
  }, [issues, value]);

  useEffect(() => {
    view.current?.dispatch({
      effects: attributes.current.reconfigure(contentAttributes(labelledBy, describedBy, invalid)),
    });
  }, [labelledBy, describedBy, invalid]);

  useImperativeHandle(ref, () => ({
    goTo(line, column) {
      const editor = view.current;
      if (!editor) return;
      const at = editor.state.doc.line(Math.min(Math.max(line, 1), editor.state.doc.lines));
      const pos = Math.min(at.from + Math.max(column - 1, 0), at.to);
      editor.dispatch({ selection: { anchor: pos }, scrollIntoView: true });
      editor.focus();
    },
    focus() {
      view.current?.focus();
    },
  }));

  return <div ref={host} className="markdown-editor" />;
}
