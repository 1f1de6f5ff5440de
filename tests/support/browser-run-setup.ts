/**
 * vitest globalSetup of the browser tests: one Chromium for the whole run (each file connects to it
 * and still makes a fresh context per test) and one checked copy of the production build that every
 * file's server serves (tests/support/built-client.ts).
 */
import { rmSync } from 'node:fs';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { copyBuiltClient } from './built-client';
import { CHROMIUM_PATH, QUIET_CHROMIUM_FLAGS } from './chromium';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const [browserServer, clientDir] = await Promise.all([
    chromium.launchServer({
      executablePath: CHROMIUM_PATH,
      args: ['--headless', ...QUIET_CHROMIUM_FLAGS],
    }),
    copyBuiltClient(),
  ]);
  project.provide('chromiumEndpoint', browserServer.wsEndpoint());
  project.provide('builtClientCopy', clientDir);
  return async () => {
    await browserServer.close();
    rmSync(clientDir, { recursive: true, force: true });
  };
}
