// The Debian Chromium the browser benches drive, headless and quiet (no sandbox in the container, no GPU, no
// background traffic that would add to what is measured).
import { type Browser, chromium } from 'playwright-core';

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}
