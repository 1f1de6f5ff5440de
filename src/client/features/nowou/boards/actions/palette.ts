/**
 * The board's actions in the command palette: while a board is shown, the palette lists those that
 * apply to its selection and focused node now, with their keys, and runs one as its key would.
 * Actions whose key is an arrow (move, resize, go that way) need the arrow: they are left to the
 * keys.
 */
import type { Command } from '../../kit/section-commands';
import { connectingFrom, editingId, type BoardState } from '../ui/board-state';
import { bindingsText, isArrows } from './keys';
import { BOARD_ACTIONS } from './registry';
import type { ActionScope, ActionState, BoardAction, BoardWrites } from './types';

/** The actions of this scope the palette offers in this state, in the registry's order. */
export function paletteActions(scope: ActionScope, state: ActionState): BoardAction[] {
  return BOARD_ACTIONS.filter(
    (action) =>
      action.scope === scope &&
      !action.bindings?.some((binding) => isArrows(binding.keys)) &&
      (action.when?.(state) ?? true),
  );
}

export interface PaletteBoard {
  state: BoardState;
  writes: BoardWrites;
  hasTodo: (nodeId: string) => boolean;
  canvas: () => HTMLElement | null;
}

/** Focus back on the canvas, on the focused node, unless the action put it there or in an editor. */
function refocus({ state, canvas }: PaletteBoard) {
  const element = canvas();
  if (!element || element.contains(document.activeElement) || editingId(state.get().gesture)) {
    return;
  }
  const id = state.get().focusId;
  const node = id && element.querySelector<HTMLElement>(`[data-node-id="${CSS.escape(id)}"]`);
  (node || element).focus({ preventScroll: true });
}

/** The palette's commands for the board now, keys written with `mod`; none while editing a node. */
export function paletteCommands(board: PaletteBoard, mod: string): Command[] {
  const { state, writes, hasTodo } = board;
  const { selection, gesture, focusId } = state.get();
  if (editingId(gesture)) return [];
  const from = connectingFrom(gesture);
  const node = focusId ? state.doc().byId.get(focusId) : undefined;
  const unselected = node && !selection.has(node.id) ? node.id : null;
  // What a key on the focused node would see.
  const actionState: ActionState = {
    node,
    selection,
    targets: unselected ? [unselected] : [...selection],
    connectingFrom: from,
    hasTodo: node ? hasTodo(node.id) : false,
  };
  return paletteActions(from ? 'connecting' : 'node', actionState).map((action) => ({
    id: `board-${action.id}`,
    // Named by section in the palette's one list, as the timeline's commands are.
    label: `Board: ${action.label}`,
    keys: action.bindings && bindingsText(action.bindings, mod),
    run: () => {
      // As a key on a node that is not selected, it selects it.
      if (!from && unselected) state.select([unselected]);
      action.perform({ state: actionState, writes, input: { key: '', shift: false } });
      // After the frame the action's own focus moves take.
      requestAnimationFrame(() => refocus(board));
    },
  }));
}
