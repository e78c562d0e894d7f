import type { LaunchOptions } from '@playwright/test';

/**
 * How every browser here is started: Debian's Chromium (nothing downloads a browser of its own),
 * with the background traffic this machine's closed network refuses turned off.
 */
export const chromiumLaunchOptions: LaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-dev-shm-usage',
  ],
};
