import { expect, test } from 'vitest';
import { board, node } from '../logic/test-boards';
import { connectingFrom, createBoardState, editingId } from './board-state';

const nodes = [node({ id: 'a' }), node({ id: 'b' })];
const doc = { board: board(), nodes, byId: new Map(nodes.map((n) => [n.id, n])) };

test('a new board’s first node starts edited, selected and focused', () => {
  const { gesture, selection, focusId } = createBoardState(doc, 'a').get();
  expect([editingId(gesture), [...selection], focusId]).toEqual(['a', ['a'], 'a']);
});

test('editing and connecting are one gesture at a time; ending one leaves the other alone', () => {
  const state = createBoardState(doc, 'a');
  state.connectFrom('a');
  expect([editingId(state.get().gesture), connectingFrom(state.get().gesture)]).toEqual([
    null,
    'a',
  ]);
  // Ending an editing that is not going on does not end the connecting.
  state.edit(null);
  expect(connectingFrom(state.get().gesture)).toBe('a');
  state.edit('b');
  expect([editingId(state.get().gesture), connectingFrom(state.get().gesture)]).toEqual([
    'b',
    null,
  ]);
  state.connectFrom(null);
  expect(editingId(state.get().gesture)).toBe('b');
  state.edit(null);
  expect(state.get().gesture).toEqual({ kind: 'idle' });
});

test('each editing of a node is a new session, so its keystrokes make an undo step of their own', () => {
  const state = createBoardState(doc, null);
  state.edit('a');
  const first = state.get().gesture;
  state.edit(null);
  state.edit('a');
  const second = state.get().gesture;
  expect(first.kind === 'editing' && second.kind === 'editing').toBe(true);
  if (first.kind === 'editing' && second.kind === 'editing') {
    expect(second.session).toBeGreaterThan(first.session);
  }
});

test('an edge’s selection replaces the nodes’, and selecting nodes drops the edge', () => {
  const state = createBoardState(doc, null);
  state.select(['a', 'b']);
  state.selectEdge('e');
  expect([[...state.get().selection], state.get().selectedEdge]).toEqual([[], 'e']);
  // Clearing the node selection keeps the edge; selecting a node drops it.
  state.select([]);
  expect(state.get().selectedEdge).toBe('e');
  state.select(['a']);
  expect([[...state.get().selection], state.get().selectedEdge]).toEqual([['a'], null]);
});

test('listeners hear every change until they stop listening', () => {
  const state = createBoardState(doc, null);
  let heard = 0;
  const stop = state.subscribe(() => (heard += 1));
  const before = state.get();
  state.focus('b');
  state.setSelectMode(true);
  expect(heard).toBe(2);
  expect(state.get()).not.toBe(before);
  expect([state.get().focusId, state.get().selectMode]).toEqual(['b', true]);
  stop();
  state.focus('a');
  expect(heard).toBe(2);
});
