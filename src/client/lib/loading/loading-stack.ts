/**
 * The loading overlay's message stack (docs/product/shell.md#loading-overlay): each show pushes, each
 * hide removes that one entry, the latest entry is displayed, and the overlay hides when the stack
 * is empty.
 */
export interface LoadingEntry {
  id: number;
  message: string;
  blurred: boolean;
}

export function pushEntry(stack: readonly LoadingEntry[], entry: LoadingEntry): LoadingEntry[] {
  return [...stack, entry];
}

export function removeEntry(stack: readonly LoadingEntry[], id: number): LoadingEntry[] {
  const index = stack.findIndex((entry) => entry.id === id);
  if (index === -1) return stack as LoadingEntry[];
  return [...stack.slice(0, index), ...stack.slice(index + 1)];
}

export function latestEntry(stack: readonly LoadingEntry[]): LoadingEntry | null {
  return stack.at(-1) ?? null;
}
