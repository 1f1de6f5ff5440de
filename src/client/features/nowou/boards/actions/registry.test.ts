import { describe, expect, test } from 'vitest';
import { shortcuts } from '../../app/shortcuts';
import { node } from '../logic/test-boards';
import { boardKeysText, shortcutOf } from './help';
import { bindingsText, type KeyPress } from './keys';
import { BOARD_ACTIONS, actionForKey } from './registry';
import { recorder } from './test-writes';
import type { ActionScope, ActionState } from './types';

const text = node({ id: 'a' });
const group = node({ id: 'g', type: 'group', text: undefined, label: 'Group' });

/** A's state: the focused node, selected with another; a connection being made from B. */
function stateOf(focused = text, fields: Partial<ActionState> = {}): ActionState {
  return {
    node: focused,
    selection: new Set([focused.id, 'b']),
    targets: [focused.id, 'b'],
    connectingFrom: 'b',
    hasTodo: false,
    ...fields,
  };
}

function press(spec: string): KeyPress {
  const parts = spec.split('+');
  const key = parts.pop()!;
  const has = (name: string) => parts.includes(name);
  return {
    key: key === 'Space' ? ' ' : key,
    ctrlKey: has('Ctrl'),
    metaKey: has('Cmd'),
    shiftKey: has('Shift'),
    altKey: has('Alt'),
  };
}

test('every board action with keys is in the shortcuts sheet and the canvas’s help, in its own keys', () => {
  const sheet = shortcuts('Ctrl');
  const help = boardKeysText();
  const keyed = BOARD_ACTIONS.filter((action) => action.bindings);
  expect(keyed.length).toBeGreaterThan(15);
  for (const action of keyed) {
    const row = shortcutOf(action, 'Ctrl')!;
    expect(row.keys.startsWith(bindingsText(action.bindings!, 'Ctrl')), action.id).toBe(true);
    expect(sheet, action.id).toContainEqual(row);
    expect(help).toContain(
      `${bindingsText(action.bindings!, 'Control')}, ${action.help ?? action.label}`,
    );
  }
  // One row per key in the sheet (rows are keyed by their keys).
  expect(new Set(sheet.map((row) => row.keys)).size).toBe(sheet.length);
});

test('every key of every action runs that action, which asks the board for a change', () => {
  for (const action of BOARD_ACTIONS.filter((candidate) => candidate.bindings)) {
    for (const binding of action.bindings!) {
      for (const key of binding.keys) {
        const keyPress: KeyPress = {
          key,
          ctrlKey: binding.mod === true,
          metaKey: false,
          shiftKey: binding.shift === true,
          altKey: binding.alt === true,
        };
        // Some state the action applies in, where no earlier action takes its key.
        const state = [stateOf(text), stateOf(group)].find(
          (candidate) => actionForKey(action.scope, keyPress, candidate) === action,
        );
        expect(state, `${action.id}: ${key}`).toBeDefined();
        const { calls, writes } = recorder();
        action.perform({ state: state!, writes, input: { key, shift: keyPress.shiftKey } });
        expect(calls.length, action.id).toBeGreaterThan(0);
      }
    }
  }
});

describe('the keys a board has always had run the same actions', () => {
  const cases: [ActionScope, string, ActionState, string | undefined][] = [
    ['node', 'Enter', stateOf(), 'edit'],
    ['node', 'F2', stateOf(), 'edit'],
    ['node', 'Shift+Enter', stateOf(), 'add-sibling'],
    ['node', 'Tab', stateOf(), 'add-child'],
    ['node', 'Tab', stateOf(text, { selection: new Set(['b']) }), undefined],
    ['node', 'Shift+Tab', stateOf(), undefined],
    ['node', 'ArrowRight', stateOf(), 'move'],
    ['node', 'Shift+ArrowUp', stateOf(), 'move'],
    ['node', 'Alt+ArrowLeft', stateOf(), 'go-connected'],
    ['node', 'Alt+Shift+ArrowLeft', stateOf(), 'go-keeping-selection'],
    ['node', 'Ctrl+ArrowRight', stateOf(), 'resize'],
    ['node', 'Cmd+Shift+ArrowDown', stateOf(), 'resize'],
    ['node', 'c', stateOf(), 'connect'],
    ['node', 'C', stateOf(), 'connect'],
    ['node', 'Shift+C', stateOf(), undefined],
    ['node', 'Ctrl+c', stateOf(), 'copy'],
    ['node', 'Ctrl+v', stateOf(), 'paste'],
    ['node', 'Ctrl+d', stateOf(), 'duplicate'],
    ['node', 'Ctrl+a', stateOf(), 'select-all'],
    ['node', 'Ctrl+z', stateOf(), undefined],
    ['node', 'Delete', stateOf(), 'delete'],
    ['node', 'Backspace', stateOf(), 'delete'],
    ['node', 'Space', stateOf(), 'toggle-selected'],
    ['node', 'Escape', stateOf(), 'clear-selection'],
    // On the canvas itself (no node focused): Delete still removes the selection.
    ['node', 'Delete', stateOf(text, { node: undefined }), 'delete'],
    ['node', 'Enter', stateOf(text, { node: undefined }), undefined],
    ['node', 'Escape', stateOf(text, { node: undefined }), undefined],
    [
      'node',
      'Delete',
      stateOf(text, { node: undefined, selection: new Set(), targets: [] }),
      undefined,
    ],
    ['connecting', 'Escape', stateOf(), 'connecting.cancel'],
    ['connecting', 'ArrowLeft', stateOf(), 'connecting.go'],
    ['connecting', 'Enter', stateOf(), 'connecting.finish'],
    ['connecting', 'Space', stateOf(), 'connecting.finish'],
    ['connecting', 'c', stateOf(), undefined],
    ['editing', 'Enter', stateOf(), 'editing.add-sibling'],
    ['editing', 'Shift+Enter', stateOf(), undefined],
    ['editing', 'Tab', stateOf(), 'editing.add-child'],
    ['editing', 'Shift+Tab', stateOf(), undefined],
    ['editing', 'Escape', stateOf(), 'editing.stop'],
    ['editing', 'Ctrl+Enter', stateOf(), 'editing.stop'],
    ['editing', 'Enter', stateOf(group), 'editing.end-label'],
    ['editing', 'Tab', stateOf(group), 'editing.end-label'],
  ];
  test.each(cases)('%s: %s', (scope, keys, state, id) => {
    expect(actionForKey(scope, press(keys), state)?.id).toBe(id);
  });
});

test('arrows move by 10 px and resize by 20 px, with Shift by 100 px', () => {
  const run = (scope: ActionScope, keys: string) => {
    const { calls, writes } = recorder();
    const keyPress = press(keys);
    actionForKey(scope, keyPress, stateOf())!.perform({
      state: stateOf(),
      writes,
      input: { key: keyPress.key, shift: keyPress.shiftKey },
    });
    return calls;
  };
  expect(run('node', 'ArrowLeft')).toEqual([['move', ['a', 'b'], -10, 0]]);
  expect(run('node', 'Shift+ArrowDown')).toEqual([['move', ['a', 'b'], 0, 100]]);
  expect(run('node', 'Ctrl+ArrowRight')).toEqual([['resize', ['a', 'b'], 20, 0]]);
  expect(run('node', 'Ctrl+Shift+ArrowUp')).toEqual([['resize', ['a', 'b'], 0, -100]]);
});
