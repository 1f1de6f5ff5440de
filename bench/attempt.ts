/**
 * A bench step that may fail without stopping the run: its error is kept in the part's list (and
 * printed), and the step answers null. `prefix` names the part in the list and in the printed line.
 */
import { endProgress } from './progress.ts';
import { errorMessage } from './timeout.ts';

export type Attempt = <T>(what: string, step: () => Promise<T>) => Promise<T | null>;

export function attempter(errors: string[], prefix: { list?: string; log?: string } = {}): Attempt {
  return async (what, step) => {
    try {
      return await step();
    } catch (error) {
      endProgress();
      errors.push(`${prefix.list ?? ''}${what}: ${errorMessage(error)}`);
      console.error(`bench: ${prefix.log ?? ''}${what}: ${errorMessage(error)}`);
      return null;
    }
  };
}
