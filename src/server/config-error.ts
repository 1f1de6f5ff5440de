/** A start-up problem the owner can fix; main.ts prints its one-line message without a stack. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}
