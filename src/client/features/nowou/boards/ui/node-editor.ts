/**
 * The node editor's side of a board: what its textarea's text changes, and its keys, which are
 * the board's 'editing' actions (actions/registry.ts).
 */
import type { NowouContextValue } from '../../nowou-context';
import { actionForKey } from '../actions/registry';
import type { BoardWrites } from '../actions/types';
import { nodeTitle } from '../logic/outline';
import type { BoardState } from './board-state';
import type { NodeEditor } from './NodeView';

export function createNodeEditor(
  { store, history }: Pick<NowouContextValue, 'store' | 'history'>,
  state: BoardState,
  writes: BoardWrites,
): NodeEditor {
  return {
    input(id, text, height) {
      const node = store.get('textElement', id);
      const { gesture } = state.get();
      if (!node) return;
      const grown = height > node.height ? { height: Math.min(Math.ceil(height), 100_000) } : {};
      // A link's text arrives only when it is a whole link (NodeView checks it with link-url.ts).
      const changed =
        node.type === 'group'
          ? { ...node, label: text.slice(0, 500), ...grown }
          : node.type === 'link'
            ? { ...node, url: text.slice(0, 2000), ...grown }
            : { ...node, text, ...grown };
      const session = gesture.kind === 'editing' ? gesture.session : 0;
      history.change([changed], {
        label: `Edited ${nodeTitle(changed)}`,
        group: `board-edit-${id}-${session}`,
      });
    },
    key(id, event) {
      // While an input method composes, only Escape is the editor's.
      if (event.nativeEvent.isComposing && event.key !== 'Escape') return;
      const { selection } = state.get();
      const node = store.get('textElement', id);
      const actionState = { node, selection, targets: [id], connectingFrom: null, hasTodo: false };
      const action = actionForKey('editing', event, actionState);
      if (!action) return;
      event.preventDefault();
      event.stopPropagation();
      action.perform({
        state: actionState,
        writes,
        input: { key: event.key, shift: event.shiftKey },
      });
    },
    end(id) {
      const { gesture } = state.get();
      if (gesture.kind === 'editing' && gesture.id === id) state.edit(null);
    },
  };
}
