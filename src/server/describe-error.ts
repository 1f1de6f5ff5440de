/** A one-line reason; a refused connection may come as an AggregateError with an empty message. */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  if (error.message) return error.message;
  const first = error instanceof AggregateError ? error.errors[0] : undefined;
  if (first instanceof Error && first.message) return first.message;
  const code = (error as NodeJS.ErrnoException).code;
  return code ?? error.name;
}
