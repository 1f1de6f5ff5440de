/**
 * A board action: what a key or a button does on a board, with its name, its keys, when it
 * applies and how it is carried out. One list of them (registry.ts) drives the canvas's keys, the
 * node editor's keys, the selection bar and every place the keys are described, so a key and its
 * description cannot disagree.
 */
import type { Direction } from '../logic/selection';
import type { TextElement } from '#shared/nowou-records';

/**
 * A key and the modifiers it needs: `true` must be held, `false` must not, `'any'` either way.
 * Left out, a modifier must not be held. `mod` is Ctrl, or Cmd on Apple keyboards.
 */
export interface KeyBinding {
  keys: readonly string[];
  mod?: boolean | 'any';
  shift?: boolean | 'any';
  alt?: boolean | 'any';
}

/** Where an action's keys work. */
export type ActionScope = 'node' | 'connecting' | 'editing';

/** What an action's `when` sees: the board's selection and the node a key or a button is on. */
export interface ActionState {
  /** The focused node (keys), the node being edited (editor) or the single selected one (bar). */
  node: TextElement | undefined;
  selection: ReadonlySet<string>;
  /** The nodes an action changes: the focused node when it is not selected, else the selection. */
  targets: readonly string[];
  /** The node a connection is being made from. */
  connectingFrom: string | null;
  /** The single selected node has a to-do already. */
  hasTodo: boolean;
}

/** The writes and moves actions are made of (use-board-writes.ts carries them out). */
export interface BoardWrites {
  select(ids: Iterable<string>): void;
  edit(id: string | null): void;
  focusNode(id: string, reveal?: boolean): void;
  announce(message: string): void;
  move(ids: readonly string[], dx: number, dy: number): void;
  resize(ids: readonly string[], dw: number, dh: number): void;
  addRelated(id: string, relation: 'child' | 'sibling'): void;
  remove(ids: readonly string[]): void;
  copy(ids: readonly string[]): void;
  paste(): void;
  duplicate(ids: readonly string[]): void;
  selectAll(): void;
  group(ids: readonly string[]): void;
  makeTodo(id: string): void;
  startConnect(id: string): void;
  cancelConnect(): void;
  connect(fromId: string, toId: string): void;
  /** The connected node that way; with `orNearest`, the nearest node that way when none is. */
  neighbour(id: string, direction: Direction, orNearest: boolean): TextElement | null;
  nearest(id: string, direction: Direction): TextElement | null;
}

/** The key that ran the action (none from a button). */
export interface ActionInput {
  key: string;
  shift: boolean;
}

export interface ActionContext {
  state: ActionState;
  writes: BoardWrites;
  input: ActionInput;
}

export interface BoardAction {
  id: string;
  /** Its name on a button, and in the shortcuts sheet. */
  label: string;
  scope: ActionScope;
  /** The longer description the shortcuts sheet and the canvas's help give, when the label is not enough. */
  help?: string;
  /** Left out: a button only (the selection bar). */
  bindings?: readonly KeyBinding[];
  /** Whether it applies now; left out, always. */
  when?: (state: ActionState) => boolean;
  perform: (context: ActionContext) => void;
}
