/** The board's keys in words, written from the actions' own bindings (registry.ts). */
import { bindingsText } from './keys';
import { BOARD_ACTIONS } from './registry';
import type { ActionScope, BoardAction } from './types';

const WHERE: Record<ActionScope, string> = {
  node: 'on a board node',
  connecting: 'while connecting nodes',
  editing: 'while editing a node',
};

export interface KeyHelp {
  keys: string;
  what: string;
}

const keyed = (scope: ActionScope) =>
  BOARD_ACTIONS.filter(
    (action): action is BoardAction & { bindings: NonNullable<BoardAction['bindings']> } =>
      action.scope === scope && action.bindings !== undefined,
  );

/** An action's row in the shortcuts sheet, `mod` being what this platform calls Ctrl or Cmd. */
export function shortcutOf(action: BoardAction, mod: string): KeyHelp | null {
  if (!action.bindings) return null;
  return {
    keys: `${bindingsText(action.bindings, mod)} ${WHERE[action.scope]}`,
    what: action.help ?? action.label,
  };
}

/** The shortcuts sheet's rows for boards, by where the keys work. */
export function boardShortcuts(mod: string): KeyHelp[] {
  return (['node', 'connecting', 'editing'] as const).flatMap((scope) =>
    keyed(scope).map((action) => shortcutOf(action, mod)!),
  );
}

/** The canvas's hidden description (its aria-describedby): every key, by where it works. */
export function boardKeysText(): string {
  const part = (title: string, scope: ActionScope) =>
    `${title}: ${keyed(scope)
      .map(
        (action) => `${bindingsText(action.bindings, 'Control')}, ${action.help ?? action.label}`,
      )
      .join('; ')}.`;
  return [
    part('On a node', 'node'),
    part('While connecting', 'connecting'),
    part('While editing', 'editing'),
    'The outline lists every node and searches them.',
  ].join(' ');
}
