/**
 * Every board action, in the order a key is tried against them (and the shortcuts sheet lists
 * them): the first whose binding fits and whose `when` holds runs. The canvas's and the editor's keys, the selection bar, the shortcuts
 * sheet and the canvas's hidden help all read this list.
 */
import { ARROW_KEYS, directionOf, matchesBinding, stepOf, type KeyPress } from './keys';
import type { ActionScope, ActionState, BoardAction } from './types';

/** Ctrl/Cmd+arrows and the Size buttons change a node's size by this (Shift: SIZE_STEP_LARGE). */
export const SIZE_STEP = 20;
const SIZE_STEP_LARGE = 100;
/** Arrows move nodes by this (Shift: MOVE_STEP_LARGE). */
const MOVE_STEP = 10;
const MOVE_STEP_LARGE = 100;

const hasNode = (state: ActionState) => state.node !== undefined;
const hasTargets = (state: ActionState) => state.targets.length > 0;

/** While a connection is being made (C, or Connect to…). */
const CONNECTING = [
  {
    id: 'connecting.cancel',
    label: 'Cancel',
    help: 'Stop connecting',
    scope: 'connecting',
    bindings: [{ keys: ['Escape'], mod: 'any', shift: 'any', alt: 'any' }],
    perform: ({ writes }) => writes.cancelConnect(),
  },
  {
    id: 'connecting.go',
    label: 'Go to the nearest node that way',
    scope: 'connecting',
    bindings: [{ keys: ARROW_KEYS, shift: 'any' }],
    perform: ({ state, writes, input }) => {
      const from = state.node?.id ?? state.connectingFrom!;
      const next = writes.nearest(from, directionOf(input.key)!);
      if (next) writes.focusNode(next.id);
      else writes.announce('No node that way.');
    },
  },
  {
    id: 'connecting.finish',
    label: 'Connect to the focused node',
    scope: 'connecting',
    bindings: [{ keys: ['Enter', ' '], mod: 'any', shift: 'any', alt: 'any' }],
    when: hasNode,
    perform: ({ state, writes }) => {
      if (state.node!.id === state.connectingFrom)
        writes.announce('Go to another node to connect to.');
      else writes.connect(state.connectingFrom!, state.node!.id);
    },
  },
] as const satisfies readonly BoardAction[];

/** On the canvas: keys on a focused node, or on the selection; and the selection bar's buttons. */
const ON_NODES = [
  {
    id: 'edit',
    label: 'Edit',
    help: 'Edit its text (Escape stops editing)',
    scope: 'node',
    bindings: [{ keys: ['Enter', 'F2'], alt: 'any' }],
    when: hasNode,
    perform: ({ state, writes }) => {
      writes.select([state.node!.id]);
      writes.edit(state.node!.id);
    },
  },
  {
    id: 'add-sibling',
    label: 'Add a node under it',
    help: 'Add a node under it, from the same parent, and edit it',
    scope: 'node',
    bindings: [{ keys: ['Enter', 'F2'], shift: true, alt: 'any' }],
    when: hasNode,
    perform: ({ state, writes }) => {
      writes.select([state.node!.id]);
      writes.addRelated(state.node!.id, 'sibling');
    },
  },
  {
    id: 'add-child',
    label: 'Add a connected child',
    help: 'Add a connected child and edit it',
    scope: 'node',
    bindings: [{ keys: ['Tab'], alt: 'any' }],
    when: (state) => state.node !== undefined && state.selection.has(state.node.id),
    perform: ({ state, writes }) => writes.addRelated(state.node!.id, 'child'),
  },
  {
    id: 'move',
    label: 'Move',
    help: 'Move the selected nodes (10× with Shift); a group carries the nodes inside it',
    scope: 'node',
    bindings: [{ keys: ARROW_KEYS, shift: 'any' }],
    when: hasNode,
    perform: ({ state, writes, input }) => {
      const [sx, sy] = stepOf(directionOf(input.key)!);
      const step = input.shift ? MOVE_STEP_LARGE : MOVE_STEP;
      writes.move(state.targets, sx * step, sy * step);
    },
  },
  {
    id: 'go-connected',
    label: 'Go to the connected node that way',
    scope: 'node',
    bindings: [{ keys: ARROW_KEYS, alt: true }],
    when: hasNode,
    perform: ({ state, writes, input }) => {
      const next = writes.neighbour(state.node!.id, directionOf(input.key)!, false);
      if (!next) writes.announce('No connected node that way.');
      else {
        writes.select([next.id]);
        writes.focusNode(next.id);
      }
    },
  },
  {
    id: 'go-keeping-selection',
    label: 'Go to a node keeping the selection',
    help: 'Go to the connected node that way (or the nearest one), keeping the selection',
    scope: 'node',
    bindings: [{ keys: ARROW_KEYS, alt: true, shift: true }],
    when: hasNode,
    perform: ({ state, writes, input }) => {
      const next = writes.neighbour(state.node!.id, directionOf(input.key)!, true);
      if (next) writes.focusNode(next.id);
      else writes.announce('No connected node that way.');
    },
  },
  {
    id: 'toggle-selected',
    label: 'Add to the selection or take away',
    help: 'Add the focused node to the selection, or take it away',
    scope: 'node',
    bindings: [{ keys: [' '], shift: 'any' }],
    when: hasNode,
    perform: ({ state, writes }) => {
      const id = state.node!.id;
      const next = new Set(state.selection);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      writes.select(next);
      writes.announce(`${next.size} selected.`);
    },
  },
  {
    id: 'resize',
    label: 'Resize',
    help: 'Resize the selected nodes: right and down grow, left and up shrink (larger steps with Shift)',
    scope: 'node',
    bindings: [{ keys: ARROW_KEYS, mod: true, shift: 'any' }],
    when: hasTargets,
    perform: ({ state, writes, input }) => {
      const [sx, sy] = stepOf(directionOf(input.key)!);
      const step = input.shift ? SIZE_STEP_LARGE : SIZE_STEP;
      writes.resize(state.targets, sx * step, sy * step);
    },
  },
  {
    id: 'connect',
    label: 'Connect to…',
    help: 'Connect it: arrows go to the other node, Enter connects',
    scope: 'node',
    bindings: [{ keys: ['c'] }],
    when: hasNode,
    perform: ({ state, writes }) => writes.startConnect(state.node!.id),
  },
  {
    id: 'copy',
    label: 'Copy',
    help: 'Copy the selected nodes',
    scope: 'node',
    bindings: [{ keys: ['c'], mod: true, shift: 'any' }],
    when: hasTargets,
    perform: ({ state, writes }) => writes.copy(state.targets),
  },
  {
    id: 'paste',
    label: 'Paste',
    help: 'Paste the copied nodes',
    scope: 'node',
    bindings: [{ keys: ['v'], mod: true, shift: 'any' }],
    perform: ({ writes }) => writes.paste(),
  },
  {
    id: 'duplicate',
    label: 'Duplicate',
    help: 'Duplicate the selected nodes',
    scope: 'node',
    bindings: [{ keys: ['d'], mod: true, shift: 'any' }],
    when: hasTargets,
    perform: ({ state, writes }) => writes.duplicate(state.targets),
  },
  {
    id: 'select-all',
    label: 'Select all',
    help: 'Select every node',
    scope: 'node',
    bindings: [{ keys: ['a'], mod: true, shift: 'any' }],
    perform: ({ writes }) => writes.selectAll(),
  },
  {
    id: 'delete',
    label: 'Delete',
    help: 'Delete the selected nodes',
    scope: 'node',
    bindings: [{ keys: ['Delete', 'Backspace'], shift: 'any', alt: 'any' }],
    when: hasTargets,
    perform: ({ state, writes }) => writes.remove(state.targets),
  },
  {
    id: 'clear-selection',
    label: 'Clear the selection',
    scope: 'node',
    bindings: [{ keys: ['Escape'], shift: 'any', alt: 'any' }],
    when: (state) => state.node !== undefined && state.selection.size > 0,
    perform: ({ writes }) => writes.select([]),
  },
  {
    id: 'make-todo',
    label: 'Make a to-do',
    scope: 'node',
    when: (state) => state.node !== undefined && state.node.type !== 'group' && !state.hasTodo,
    perform: ({ state, writes }) => writes.makeTodo(state.node!.id),
  },
  {
    id: 'group',
    label: 'Group selection',
    scope: 'node',
    when: (state) => state.selection.size > 1,
    perform: ({ state, writes }) => writes.group([...state.selection]),
  },
] as const satisfies readonly BoardAction[];

/** In a node's editor (its textarea). */
const EDITING = [
  {
    id: 'editing.end-label',
    label: 'End a group’s label',
    scope: 'editing',
    bindings: [{ keys: ['Enter', 'Tab'], mod: 'any', alt: 'any' }],
    when: (state) => state.node?.type === 'group',
    perform: ({ state, writes }) => {
      writes.edit(null);
      writes.focusNode(state.node!.id, false);
    },
  },
  {
    id: 'editing.stop',
    label: 'Stop editing',
    scope: 'editing',
    bindings: [
      { keys: ['Escape'], mod: 'any', shift: 'any', alt: 'any' },
      { keys: ['Enter'], mod: true, alt: 'any' },
    ],
    perform: ({ state, writes }) => {
      writes.edit(null);
      if (state.node) writes.focusNode(state.node.id, false);
    },
  },
  {
    id: 'editing.add-child',
    label: 'Add a connected child',
    help: 'Add a connected child and edit it',
    scope: 'editing',
    bindings: [{ keys: ['Tab'], mod: 'any', alt: 'any' }],
    when: hasNode,
    perform: ({ state, writes }) => writes.addRelated(state.node!.id, 'child'),
  },
  {
    id: 'editing.add-sibling',
    label: 'Add a node below',
    help: 'Add a node below it (Shift+Enter: new line)',
    scope: 'editing',
    bindings: [{ keys: ['Enter'], alt: 'any' }],
    when: hasNode,
    perform: ({ state, writes }) => writes.addRelated(state.node!.id, 'sibling'),
  },
] as const satisfies readonly BoardAction[];

const ALL = [...CONNECTING, ...ON_NODES, ...EDITING];
export const BOARD_ACTIONS: readonly BoardAction[] = ALL;

export type BoardActionId = (typeof ALL)[number]['id'];

export function boardAction(id: BoardActionId): BoardAction {
  return BOARD_ACTIONS.find((candidate) => candidate.id === id)!;
}

/** The action a key press runs in this scope and state, if any. */
export function actionForKey(
  scope: ActionScope,
  press: KeyPress,
  state: ActionState,
): BoardAction | undefined {
  return BOARD_ACTIONS.find(
    (action) =>
      action.scope === scope &&
      action.bindings?.some((binding) => matchesBinding(binding, press)) &&
      (action.when?.(state) ?? true),
  );
}
