// The Debian Chromium the browser tests and the browser benches drive: no sandbox in the container, no GPU, no
// background traffic of its own (updates, sync, QUIC) next to what a test checks or a bench measures.
export const CHROMIUM_LAUNCH = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
};
