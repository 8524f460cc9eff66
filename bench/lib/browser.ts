// The browser benches drive the same Debian Chromium as the browser tests, headless and quiet (no background
// traffic that would add to what is measured).
import { type Browser, chromium } from 'playwright-core';
import { CHROMIUM_LAUNCH } from '../../e2e/support/chromium.ts';

export function launchChromium(): Promise<Browser> {
  return chromium.launch(CHROMIUM_LAUNCH);
}
