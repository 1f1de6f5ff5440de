/**
 * Keys on the canvas: the board's 'node' actions, or its 'connecting' ones while a connection is
 * being made (actions/registry.ts). A key in a field is the field's.
 */
import type { KeyboardEvent } from 'react';
import { actionForKey } from '../actions/registry';
import type { ActionState, BoardWrites } from '../actions/types';
import { connectingFrom, type BoardState } from './board-state';

export function createCanvasKeys(
  state: BoardState,
  writes: BoardWrites,
  hasTodo: (nodeId: string) => boolean,
) {
  return function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    const target = event.target as HTMLElement;
    if (target instanceof HTMLTextAreaElement || target instanceof HTMLInputElement) return;
    if (event.nativeEvent.isComposing) return;
    const id = target.dataset.nodeId ?? null;
    const { selection, gesture } = state.get();
    const from = connectingFrom(gesture);
    const node = id ? state.doc().byId.get(id) : undefined;
    const actionState: ActionState = {
      node,
      selection,
      targets: id && !selection.has(id) ? [id] : [...selection],
      connectingFrom: from,
      hasTodo: id ? hasTodo(id) : false,
    };
    // A key on a node acts on it: it becomes the selection (Tab only moves on, or adds a child).
    if (!from && id && !selection.has(id) && !event.shiftKey && event.key !== 'Tab') {
      state.select([id]);
    }
    const action = actionForKey(from ? 'connecting' : 'node', event, actionState);
    if (!action) return;
    event.preventDefault();
    action.perform({
      state: actionState,
      writes,
      input: { key: event.key, shift: event.shiftKey },
    });
  };
}
