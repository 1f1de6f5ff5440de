/**
 * Commands a section carries out itself. The timeline's (a new block, Day or Week, today, previous
 * and next, .ics) are offered in the palette from anywhere: the bar lists them; the timeline, while
 * it is shown, registers how to run them. Run from another section, the bar opens the timeline and
 * leaves the command waiting, and the timeline runs it once it is ready. A board, while it is
 * shown, offers its own commands (its actions that apply now), which the bar lists after its own.
 */
import { createContext, useContext, useEffect, useRef } from 'react';

export const TIMELINE_COMMANDS = [
  { id: 'new-block', label: 'New block on the timeline' },
  { id: 'day', label: 'Timeline: Day grid' },
  { id: 'week', label: 'Timeline: Week grid' },
  { id: 'today', label: 'Timeline: Go to today' },
  { id: 'previous', label: 'Timeline: Previous day or week' },
  { id: 'next', label: 'Timeline: Next day or week' },
  { id: 'export-ics', label: 'Timeline: Export .ics' },
] as const;

export type TimelineCommand = (typeof TIMELINE_COMMANDS)[number]['id'];

type Runner = (command: TimelineCommand) => void;

/** A command as the palette lists it. */
export interface Command {
  id: string;
  label: string;
  /** Shown beside it and in the shortcuts sheet. */
  keys?: string;
  run: () => void;
}

/** A shown section's commands as they apply now, their keys written with `mod` (Ctrl or Cmd). */
type Offer = (mod: string) => readonly Command[];

/**
 * One per app: who runs the timeline's commands now, a command waiting for it, and what the shown
 * section offers.
 */
export interface CommandRegistry {
  /** Runs the command now; or, with no timeline shown, leaves it waiting and answers false. */
  run(command: TimelineCommand): boolean;
  /** The timeline's runner, from now until the returned function is called; runs what waits. */
  register(runner: Runner): () => void;
  /** What the shown section offers now; none when it offers nothing. */
  offered(mod: string): readonly Command[];
  /** The shown section's offer, from now until the returned function is called. */
  offer(offer: Offer): () => void;
}

export function createCommandRegistry(): CommandRegistry {
  let runner: Runner | null = null;
  let pending: TimelineCommand | null = null;
  let offer: Offer | null = null;
  return {
    run(command) {
      if (runner) {
        runner(command);
        return true;
      }
      pending = command;
      return false;
    },
    register(next) {
      runner = next;
      const waiting = pending;
      pending = null;
      if (waiting) next(waiting);
      return () => {
        if (runner === next) runner = null;
      };
    },
    offered: (mod) => offer?.(mod) ?? [],
    offer(next) {
      offer = next;
      return () => {
        if (offer === next) offer = null;
      };
    },
  };
}

export const CommandRegistryContext = createContext<CommandRegistry>(createCommandRegistry());

export function useCommandRegistry(): CommandRegistry {
  return useContext(CommandRegistryContext);
}

/** The function as last rendered, for callbacks registered once. */
function useLatest<F>(value: F) {
  const latest = useRef(value);
  useEffect(() => {
    latest.current = value;
  });
  return latest;
}

/**
 * Registers the timeline's runner while it is mounted and `ready`, and runs a command left
 * waiting for it. The runner may change every render: the latest one runs.
 */
export function useTimelineCommands(ready: boolean, run: Runner) {
  const registry = useCommandRegistry();
  const latest = useLatest(run);
  useEffect(() => {
    if (!ready) return;
    return registry.register((command) => latest.current(command));
  }, [ready, registry, latest]);
}

/**
 * Offers a section's commands while it is mounted. The offer may change every render: the latest
 * is asked.
 */
export function useOfferedCommands(offer: Offer) {
  const registry = useCommandRegistry();
  const latest = useLatest(offer);
  useEffect(() => registry.offer((mod) => latest.current(mod)), [registry, latest]);
}
