/**
 * Nowou's frame: one store and one undo history for the whole app (nowou-context.ts), the bar, the
 * store's notices, the section shown (To-dos, Timeline or Boards; ?section= and ?view= in the address, so a
 * reload or a link opens the same place), the live status line and the storage footer.
 */
import { Suspense, lazy, useCallback, useMemo, useState } from 'react';
import { useSearchParams } from '../../../lib/navigation/router';
import { NowouContext, type NowouContextValue } from '../nowou-context';
import { TimelineApp } from '../timeline/TimelineApp';
import { AutoRollover } from '../todos/AutoRollover';
import { TodoApp } from '../todos/TodoApp';
import { viewOf, type View } from '../todos/todo-views';
import { useNowouStore } from '../use-nowou-store';
import { NowouBar } from './NowouBar';
import { RecentlyDeleted } from './RecentlyDeleted';
import { CommandRegistryContext, createCommandRegistry } from '../kit/section-commands';
import { sectionOf, type Section } from './sections';
import { StorageFooter, StorageNotices } from './StorageNotices';
import { SyncNotices } from './SyncStatus';
import { useNowouSync } from '../sync/use-nowou-sync';
import { useOfflineApp } from '../offline/use-offline-app';
import { Button } from '../../../ui/Button';
import './nowou-app.css';

/** The canvas is loaded only when Boards is opened, so the to-dos never pay for it. */
const loadBoards = () => import('../boards/ui/BoardsApp');
const BoardsApp = lazy(loadBoards);
// A link straight to a board starts loading the canvas with Nowou itself, not once its items are read.
if (new URLSearchParams(window.location.search).get('section') === 'boards') void loadBoards();

export function NowouApp() {
  const state = useNowouStore();
  const { store, history } = state;
  const sync = useNowouSync(store);
  const offline = useOfflineApp();
  const [params, setParams] = useSearchParams();
  const section = sectionOf(params.get('section'));
  const view = viewOf(params.get('view'));
  const [announcement, setAnnouncement] = useState('');
  const [registry] = useState(createCommandRegistry);
  // The same sentence twice must still be read out: a zero-width space makes it new.
  const announce = useCallback(
    (text: string) => setAnnouncement((before) => (before === text ? `${text}\u200b` : text)),
    [],
  );
  const context = useMemo<NowouContextValue>(
    () => ({ store, history, announce }),
    [store, history, announce],
  );

  const setParam = useCallback(
    (name: string, value: string | null) =>
      setParams(
        (before) => {
          const after = new URLSearchParams(before);
          if (value === null) after.delete(name);
          else after.set(name, value);
          return after;
        },
        { replace: true },
      ),
    [setParams],
  );
  const showSection = useCallback(
    (next: Section) => setParam('section', next === 'todos' ? null : next),
    [setParam],
  );
  const showView = useCallback(
    (next: View) => setParam('view', next === 'inbox' ? null : next),
    [setParam],
  );

  return (
    <NowouContext.Provider value={context}>
      <CommandRegistryContext.Provider value={registry}>
        <div className="nowou-app">
          <AutoRollover />
          <NowouBar section={section} onSection={showSection} onView={showView} sync={sync} />
          <StorageNotices state={state} />
          <SyncNotices sync={sync} />
          {offline.updateReady && (
            <div className="nowou-app__notice" role="status">
              <p>A new version of Nowou is ready.</p>
              <Button variant="primary" onClick={offline.reload}>
                Reload
              </Button>
            </div>
          )}
          {section === 'todos' ? (
            <TodoApp view={view} onView={showView} />
          ) : section === 'timeline' ? (
            <TimelineApp />
          ) : (
            <Suspense fallback={<p className="nowou-app__loading">Loading boards…</p>}>
              <BoardsApp />
            </Suspense>
          )}
          <p className="visually-hidden" role="status">
            {announcement}
          </p>
          <RecentlyDeleted />
          <StorageFooter state={state} />
        </div>
      </CommandRegistryContext.Provider>
    </NowouContext.Provider>
  );
}
