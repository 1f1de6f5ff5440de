/**
 * Every shortcut the help sheet lists. A board's keys are its actions' own
 * (boards/actions/registry.ts), the ones its key handlers run, so the sheet cannot say another
 * key than the one that works. Only the sheet (loaded when it opens) reads this, so the boards'
 * actions load with it or with a board, not with Nowou's first page.
 */
import { boardShortcuts, type KeyHelp } from '../boards/actions/help';

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
