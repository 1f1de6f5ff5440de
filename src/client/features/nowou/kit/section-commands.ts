/**
 * Commands a section carries out itself, offered in the palette from anywhere: the timeline's (a
 * new block, Day or Week, today, previous and next, .ics). The bar lists them; the timeline, while
 * it is shown, registers how to run them. Run from another section, the bar opens the timeline and
 * leaves the command waiting, and the timeline runs it once it is ready.
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

/** One per app: who runs the timeline's commands now, and a command waiting for it. */
export interface CommandRegistry {
  /** Runs the command now; or, with no timeline shown, leaves it waiting and answers false. */
  run(command: TimelineCommand): boolean;
  /** The timeline's runner, from now until the returned function is called; runs what waits. */
  register(runner: Runner): () => void;
}

export function createCommandRegistry(): CommandRegistry {
  let runner: Runner | null = null;
  let pending: TimelineCommand | null = null;
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
  };
}

export const CommandRegistryContext = createContext<CommandRegistry>(createCommandRegistry());

export function useCommandRegistry(): CommandRegistry {
  return useContext(CommandRegistryContext);
}

/**
 * Registers the timeline's runner while it is mounted and `ready`, and runs a command left
 * waiting for it. The runner may change every render: the latest one runs.
 */
export function useTimelineCommands(ready: boolean, run: Runner) {
  const registry = useCommandRegistry();
  const latest = useRef(run);
  useEffect(() => {
    latest.current = run;
  });
  useEffect(() => {
    if (!ready) return;
    return registry.register((command) => latest.current(command));
  }, [ready, registry]);
}
