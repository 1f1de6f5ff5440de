/**
 * Nowou's bar: the sections (To-dos, Timeline, Boards), Undo and Redo, Export and Import, Commands and
 * Shortcuts, and the app-wide keys: Ctrl/Cmd+K, Ctrl/Cmd+Z, Shift+Ctrl/Cmd+Z (or Ctrl+Y), N and ?.
 * Letter keys and undo are left to the browser while a field has focus, so typing is never taken.
 */
import {
  Suspense,
  lazy,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type ChangeEvent,
} from 'react';
import { Button } from '../../../ui/Button';
import type { ReadyImport } from '../model/export-import';
import { useNowou } from '../nowou-context';
import { VIEWS, VIEW_LABELS, type View } from '../todos/todo-views';
import { useHistoryState } from '../use-nowou-store';
import { modifierName, type Command } from './commands';
import { downloadExport } from '../kit/export-file';
import { TIMELINE_COMMANDS, useCommandRegistry } from '../kit/section-commands';
import { SECTIONS, SECTION_LABELS, type Section } from './sections';
import { SyncIndicator } from './SyncStatus';
import type { NowouSync } from '../sync/use-nowou-sync';

// What a dialog needs loads when it first opens, so Nowou's first load stays small.
const CommandPalette = lazy(() =>
  import('./CommandPalette').then((module) => ({ default: module.CommandPalette })),
);
const ImportDialog = lazy(() =>
  import('./ImportDialog').then((module) => ({ default: module.ImportDialog })),
);
const ShortcutsSheet = lazy(() =>
  import('./ShortcutsSheet').then((module) => ({ default: module.ShortcutsSheet })),
);

/** The quick-add field (or a section's own "new" control) carries this attribute. */
export const NEW_ITEM_SELECTOR = '[data-nowou-new]';

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement ||
    (target instanceof HTMLInputElement &&
      !['checkbox', 'radio', 'button', 'submit', 'reset'].includes(target.type))
  );
}

type Open = 'palette' | 'shortcuts' | null;

export function NowouBar({
  section,
  onSection,
  onView,
  sync,
}: {
  section: Section;
  onSection: (section: Section) => void;
  onView: (view: View) => void;
  sync: NowouSync;
}) {
  const { store, history, announce } = useNowou();
  const { canUndo, canRedo } = useHistoryState(history);
  const id = useId();
  const [open, setOpen] = useState<Open>(null);
  /** Narrow screens fold Export, Import, Commands and Shortcuts behind More. */
  const [moreOpen, setMoreOpen] = useState(false);
  const [importing, setImporting] = useState<{ fileName: string; plan: ReadyImport } | null>(null);
  const [importError, setImportError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const mod = modifierName();
  const registry = useCommandRegistry();

  function undo() {
    const step = history.undo();
    announce(step ? `Undone: ${step.label}.` : 'Nothing to undo.');
  }

  function redo() {
    const step = history.redo();
    announce(step ? `Redone: ${step.label}.` : 'Nothing to redo.');
  }

  /** Focuses the new-item field, switching to the to-dos when this section has none. */
  function newItem() {
    const field = document.querySelector<HTMLElement>(NEW_ITEM_SELECTOR);
    if (field) {
      field.focus();
      return;
    }
    onSection('todos');
    requestAnimationFrame(() => document.querySelector<HTMLElement>(NEW_ITEM_SELECTOR)?.focus());
  }

  const commands: Command[] = [
    { id: 'new', label: 'New to-do', keys: 'N', run: newItem },
    ...SECTIONS.map((target) => ({
      id: `section-${target}`,
      label: `Go to ${SECTION_LABELS[target]}`,
      run: () => onSection(target),
    })),
    ...VIEWS.map((view) => ({
      id: `view-${view}`,
      label: `Show ${VIEW_LABELS[view]}`,
      run: () => {
        onSection('todos');
        onView(view);
      },
    })),
    ...TIMELINE_COMMANDS.map(({ id: command, label }) => ({
      id: `timeline-${command}`,
      label,
      // With the timeline not shown, it is opened and runs the command once it is ready.
      run: () => registry.run(command) || onSection('timeline'),
    })),
    // A shown board's actions that apply to its selection now (asked as the palette opens).
    ...(open === 'palette' ? registry.offered(mod) : []),
    { id: 'undo', label: 'Undo', keys: `${mod}+Z`, run: undo },
    { id: 'redo', label: 'Redo', keys: `Shift+${mod}+Z`, run: redo },
    { id: 'export', label: 'Export all items', run: () => downloadExport(store) },
    { id: 'import', label: 'Import a file', run: () => fileInput.current?.click() },
    { id: 'shortcuts', label: 'Keyboard shortcuts', keys: '?', run: () => setOpen('shortcuts') },
  ];

  // The latest handlers, for the one key listener below.
  const handlers = useRef({ undo, redo, newItem });
  useLayoutEffect(() => {
    handlers.current = { undo, redo, newItem };
  });

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || event.isComposing) return;
      const withMod = event.ctrlKey || event.metaKey;
      const key = event.key.toLowerCase();
      if (withMod && key === 'k') {
        event.preventDefault();
        setOpen((now) => (now === 'palette' ? null : 'palette'));
        return;
      }
      // Dialogs own their keys; a field keeps its own undo and its letters.
      if (document.querySelector('[role="dialog"]') || isTyping(event.target)) return;
      if (withMod && !event.altKey && (key === 'z' || key === 'y')) {
        event.preventDefault();
        if (key === 'y' || event.shiftKey) handlers.current.redo();
        else handlers.current.undo();
      } else if (!withMod && !event.altKey && key === 'n') {
        event.preventDefault();
        handlers.current.newItem();
      } else if (!withMod && event.key === '?') {
        event.preventDefault();
        setOpen('shortcuts');
      }
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const { planImport } = await import('../model/export-import');
    const plan = planImport(store, await file.text());
    if (!plan.ok) {
      setImportError(plan.reason);
      return;
    }
    setImportError(null);
    setImporting({ fileName: file.name, plan });
  }

  return (
    <div className="nowou-bar">
      <nav className="nowou-bar__sections" aria-label="Nowou sections">
        {SECTIONS.map((target) => (
          <button
            key={target}
            type="button"
            className="nowou-bar__section"
            aria-current={target === section ? 'page' : undefined}
            onClick={() => onSection(target)}
          >
            {SECTION_LABELS[target]}
          </button>
        ))}
      </nav>
      <SyncIndicator sync={sync} />
      <div className="nowou-bar__tools" role="group" aria-label="Nowou tools">
        <Button
          variant="ghost"
          onClick={undo}
          disabled={!canUndo}
          aria-keyshortcuts="Control+Z Meta+Z"
        >
          Undo
        </Button>
        <Button
          variant="ghost"
          onClick={redo}
          disabled={!canRedo}
          aria-keyshortcuts="Control+Shift+Z Meta+Shift+Z"
        >
          Redo
        </Button>
        <Button
          variant="ghost"
          className="nowou-bar__more"
          aria-expanded={moreOpen}
          aria-controls={`${id}-more`}
          onClick={() => setMoreOpen((open) => !open)}
        >
          More
        </Button>
        <div id={`${id}-more`} className="nowou-bar__extra" data-open={moreOpen || undefined}>
          <Button variant="ghost" onClick={() => downloadExport(store)}>
            Export
          </Button>
          <Button variant="ghost" onClick={() => fileInput.current?.click()}>
            Import
          </Button>
          <Button
            variant="ghost"
            onClick={() => setOpen('palette')}
            aria-keyshortcuts="Control+K Meta+K"
          >
            Commands
          </Button>
          <Button variant="ghost" onClick={() => setOpen('shortcuts')} aria-keyshortcuts="?">
            Shortcuts
          </Button>
        </div>
      </div>
      <input
        ref={fileInput}
        id={`${id}-file`}
        type="file"
        accept="application/json,.json"
        className="visually-hidden"
        tabIndex={-1}
        aria-label="Import a Nowou file"
        onChange={(event) => void onFile(event)}
      />
      {importError && (
        <p className="nowou-app__notice nowou-app__notice--problem nowou-bar__error" role="alert">
          Nothing was imported. {importError}
        </p>
      )}
      <Suspense fallback={null}>
        {open === 'palette' && (
          <CommandPalette
            commands={commands}
            onClose={(then) => {
              setOpen(null);
              if (then) requestAnimationFrame(then);
            }}
          />
        )}
        {open === 'shortcuts' && <ShortcutsSheet onClose={() => setOpen(null)} />}
        {importing && (
          <ImportDialog
            fileName={importing.fileName}
            plan={importing.plan}
            onClose={() => setImporting(null)}
          />
        )}
      </Suspense>
    </div>
  );
}
