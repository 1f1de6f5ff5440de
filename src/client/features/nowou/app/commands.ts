/**
 * What the command palette (Ctrl/Cmd+K) offers, and the command key's name on this platform.
 * The shortcuts sheet's list is shortcuts.ts's.
 */
import type { Command } from '../kit/section-commands';

export type { Command };

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
