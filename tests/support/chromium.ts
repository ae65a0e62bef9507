/**
 * How we run Debian's Chromium headless on these machines (Playwright and Lighthouse alike): no sandbox
 * as root, no GPU, and no background networking, whose connections this closed network refuses.
 */
export const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
