import { existsSync } from 'node:fs';

/**
 * The system Chromium the browser tests and the Lighthouse bench drive (test tools cannot
 * download browsers here). The flags keep it from reaching out to the network on its own.
 */
export const chromiumFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function chromiumPath(): string {
  const path = process.env.CHROME_PATH ?? '/usr/bin/chromium';
  if (!existsSync(path)) {
    throw new Error(
      `Chromium not found at ${path}. Install it (Debian: sudo apt-get install -y chromium) or set CHROME_PATH to a Chromium or Chrome binary.`,
    );
  }
  return path;
}
