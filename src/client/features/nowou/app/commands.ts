/**
 * Everything the command palette (Ctrl/Cmd+K) offers, and the shortcuts the help sheet lists: one
 * table, so the palette, the sheet and the key handler never disagree.
 */
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

export interface Shortcut {
  keys: string;
  what: string;
}

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
    { keys: 'Enter or F2 on a board node', what: 'Edit its text (Escape stops editing)' },
    { keys: 'Tab on a board node', what: 'Add a connected child and edit it' },
    { keys: 'Enter while editing a node', what: 'Add a node below it (Shift+Enter: new line)' },
    { keys: 'Arrows / Shift+arrows on nodes', what: 'Move the selected nodes (10× with Shift)' },
    { keys: 'Alt+arrows on a node', what: 'Go to the connected node that way' },
    {
      keys: 'Alt+Shift+arrows, Space',
      what: 'Go to a node keeping the selection; add or remove it',
    },
    { keys: `${mod}+arrows on nodes`, what: 'Resize the selected nodes (larger steps with Shift)' },
    { keys: 'C on a board node', what: 'Connect it: arrows go to the other node, Enter connects' },
    { keys: `${mod}+C / ${mod}+V / ${mod}+D`, what: 'Copy, paste, duplicate board nodes' },
    { keys: 'Delete on nodes', what: 'Delete the selected nodes' },
    { keys: 'Shift+drag on a board', what: 'Select the nodes in a rectangle' },
    { keys: `${mod}+wheel or pinch`, what: 'Zoom a board around the pointer' },
    { keys: 'Escape', what: 'Close a menu, an editor or a dialog' },
  ];
}
