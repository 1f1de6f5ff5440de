/**
 * Everything the command palette (Ctrl/Cmd+K) offers, and the shortcuts the help sheet lists: one
 * table, so the palette, the sheet and the key handler never disagree. A board's keys are its
 * actions' own (boards/actions/registry.ts), which its key handler runs.
 */
import { boardShortcuts, type KeyHelp } from '../boards/actions/help';

export interface Command {
  id: string;
  label: string;
  /** Shown beside it and in the shortcuts sheet. */
  keys?: string;
  run: () => void;
}

/** Whether this platform names the command key Cmd (Apple) or Ctrl. */
export function modifierName(): 'Cmd' | 'Ctrl' {
  return /Mac|iPhone|iPad/.test(navigator.platform) ? 'Cmd' : 'Ctrl';
}

/** The commands whose label contains every typed word, in their order. */
export function matchCommands(commands: readonly Command[], query: string): Command[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return commands.filter((command) => {
    const label = command.label.toLowerCase();
    return words.every((word) => label.includes(word));
  });
}

export type Shortcut = KeyHelp;

export function shortcuts(mod: string): Shortcut[] {
  return [
    { keys: 'N', what: 'New to-do' },
    { keys: `${mod}+K`, what: 'Commands' },
    { keys: `${mod}+Z`, what: 'Undo' },
    { keys: `Shift+${mod}+Z`, what: 'Redo' },
    { keys: '?', what: 'This list of shortcuts' },
    { keys: 'Alt+↑ / Alt+↓', what: 'Move the focused to-do up or down' },
    { keys: '↑ / ↓ on a block', what: 'Move a timeline block 15 minutes' },
    { keys: 'Shift+↑ / Shift+↓ on a block', what: 'Make a block 15 minutes shorter or longer' },
    { keys: '← / → on a block', what: 'Move a block a day (week view)' },
    // A board's keys come from its actions, so they say what the keys do.
    ...boardShortcuts(mod),
    { keys: 'Shift+drag on a board', what: 'Select the nodes in a rectangle' },
    { keys: `${mod}+wheel or pinch`, what: 'Zoom a board around the pointer' },
    { keys: 'Escape', what: 'Close a menu, an editor or a dialog' },
  ];
}
