import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { board, node } from '../logic/test-boards';
import { createBoardState } from '../ui/board-state';
import { paletteActions, paletteCommands } from './palette';
import { recorder } from './test-writes';
import type { ActionState } from './types';

const nodes = [node({ id: 'a' }), node({ id: 'b' }), node({ id: 'c' })];
const doc = { board: board(), nodes, byId: new Map(nodes.map((n) => [n.id, n])) };

beforeEach(() => vi.stubGlobal('requestAnimationFrame', () => 0));
afterEach(() => vi.unstubAllGlobals());

function boardWith(selection: string[], focused: string | null) {
  const state = createBoardState(doc, null);
  state.select(selection);
  if (focused) state.focus(focused);
  const { calls, writes } = recorder();
  const palette = { state, writes, hasTodo: () => false, canvas: () => null };
  return { state, calls, palette };
}

test('the palette offers the actions that apply now, never those an arrow key drives', () => {
  const state: ActionState = {
    node: nodes[0],
    selection: new Set(['a', 'b']),
    targets: ['a', 'b'],
    connectingFrom: null,
    hasTodo: false,
  };
  const ids = paletteActions('node', state).map((action) => action.id);
  expect(ids).toEqual(expect.arrayContaining(['edit', 'copy', 'duplicate', 'delete', 'group']));
  for (const arrows of ['move', 'resize', 'go-connected', 'go-keeping-selection'])
    expect(ids).not.toContain(arrows);
  // Nothing selected or focused: only what applies to the whole board.
  const none = { ...state, node: undefined, selection: new Set<string>(), targets: [] };
  expect(paletteActions('node', none).map((action) => action.id)).toEqual(['paste', 'select-all']);
});

test('a board command shows its keys as the sheet does and runs on the selection', () => {
  const { calls, palette } = boardWith(['a', 'b'], 'a');
  const commands = paletteCommands(palette, 'Ctrl');
  const duplicate = commands.find((command) => command.label === 'Board: Duplicate')!;
  expect(duplicate.keys).toBe('Ctrl+D');
  duplicate.run();
  expect(calls).toEqual([['duplicate', ['a', 'b']]]);
});

test('on a focused node that is not selected, a command selects it and acts on it, as its key', () => {
  const { state, calls, palette } = boardWith(['b'], 'a');
  paletteCommands(palette, 'Ctrl')
    .find((command) => command.label === 'Board: Delete')!
    .run();
  expect([...state.get().selection]).toEqual(['a']);
  expect(calls).toEqual([['remove', ['a']]]);
});

test('while connecting the palette offers the connecting actions; while editing none', () => {
  const { state, palette } = boardWith(['a'], 'b');
  state.connectFrom('a');
  expect(paletteCommands(palette, 'Ctrl').map((command) => command.id)).toEqual([
    'board-connecting.cancel',
    'board-connecting.finish',
  ]);
  state.edit('a');
  expect(paletteCommands(palette, 'Ctrl')).toEqual([]);
});
