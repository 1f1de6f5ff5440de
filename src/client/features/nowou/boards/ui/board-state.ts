/**
 * One open board's state outside its content: the selection (nodes or one edge), the focused
 * node, Select mode, and the gesture the keyboard and the pointer are in — idle, editing a node
 * or connecting from one. Pointing, dragging and the marquee are use-node-drag.ts's, between a
 * pointerdown and its pointerup. Handlers read `get()` and the latest board through `doc`;
 * the canvas renders from it through useSyncExternalStore.
 */
import type { Brainstorm, TextElement } from '#shared/nowou-records';

export type Gesture =
  | { kind: 'idle' }
  /** `session` numbers each editing of a node, so its keystrokes fold into one undo step. */
  | { kind: 'editing'; id: string; session: number }
  | { kind: 'connecting'; from: string };

export interface BoardSnapshot {
  gesture: Gesture;
  selection: ReadonlySet<string>;
  selectedEdge: string | null;
  focusId: string | null;
  selectMode: boolean;
}

/** The board as last rendered. */
export interface BoardDoc {
  board: Brainstorm;
  nodes: readonly TextElement[];
  byId: ReadonlyMap<string, TextElement>;
}

export interface BoardState {
  get(): BoardSnapshot;
  subscribe(listener: () => void): () => void;
  doc(): BoardDoc;
  setDoc(doc: BoardDoc): void;
  select(ids: Iterable<string>): void;
  /** An edge's selection replaces the nodes'; null leaves them. */
  selectEdge(id: string | null): void;
  /** Starts editing a node, or (null) ends any editing. */
  edit(id: string | null): void;
  /** Starts connecting from a node, or (null) ends connecting. */
  connectFrom(id: string | null): void;
  focus(id: string): void;
  setSelectMode(on: boolean): void;
}

export const editingId = (gesture: Gesture) => (gesture.kind === 'editing' ? gesture.id : null);
export const connectingFrom = (gesture: Gesture) =>
  gesture.kind === 'connecting' ? gesture.from : null;

export function createBoardState(doc: BoardDoc, startEditing: string | null): BoardState {
  let current: BoardDoc = doc;
  let sessions = startEditing ? 1 : 0;
  let snapshot: BoardSnapshot = {
    gesture: startEditing ? { kind: 'editing', id: startEditing, session: 1 } : { kind: 'idle' },
    selection: new Set(startEditing ? [startEditing] : []),
    selectedEdge: null,
    focusId: startEditing,
    selectMode: false,
  };
  const listeners = new Set<() => void>();
  const set = (change: Partial<BoardSnapshot>) => {
    snapshot = { ...snapshot, ...change };
    for (const listener of listeners) listener();
  };
  return {
    get: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    doc: () => current,
    setDoc(next) {
      current = next;
    },
    select(ids) {
      const selection = new Set(ids);
      set(selection.size > 0 ? { selection, selectedEdge: null } : { selection });
    },
    selectEdge(id) {
      set(id ? { selectedEdge: id, selection: new Set() } : { selectedEdge: null });
    },
    edit(id) {
      if (id !== null) {
        sessions += 1;
        set({ gesture: { kind: 'editing', id, session: sessions } });
      } else if (snapshot.gesture.kind === 'editing') set({ gesture: { kind: 'idle' } });
    },
    connectFrom(id) {
      if (id !== null) set({ gesture: { kind: 'connecting', from: id } });
      else if (snapshot.gesture.kind === 'connecting') set({ gesture: { kind: 'idle' } });
    },
    focus(id) {
      set({ focusId: id });
    },
    setSelectMode(on) {
      set({ selectMode: on });
    },
  };
}
