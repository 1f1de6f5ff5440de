/** One overwritten status line on a terminal; plain lines in a log, where `\r` would garble it. */
export function progress(line: string): void {
  if (process.stdout.isTTY) {
    process.stdout.clearLine(0);
    process.stdout.cursorTo(0);
    process.stdout.write(`  ${line}`);
  } else {
    console.log(`  ${line}`);
  }
}

export function endProgress(): void {
  if (!process.stdout.isTTY) return;
  process.stdout.clearLine(0);
  process.stdout.cursorTo(0);
}
