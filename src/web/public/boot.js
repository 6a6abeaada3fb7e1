/* global document, requestAnimationFrame, setTimeout, Worker */
// A page the server drew (docs/decisions/0024-server-drawn-first-screen.md) shows without its
// scripts: they are asked for once it is painted, so that on a slow line the stylesheet and the
// page's largest picture have the connection to themselves. The server names the entry chunk.
const entry = document.querySelector('script[data-entry]')?.dataset.entry;
if (entry) {
  requestAnimationFrame(() =>
    setTimeout(() => {
      warmIntl();
      import(entry);
    }),
  );
}

/**
 * ICU's data for the page's number, date and collation formats, loaded by a worker while the app
 * downloads, instead of by the main thread in the middle of hydration (intl-warmup.js,
 * docs/decisions/0030-hydration-in-short-tasks.md).
 */
function warmIntl() {
  try {
    new Worker('/intl-warmup.js').postMessage(document.documentElement.lang);
  } catch {
    // No workers: the page makes its formats itself, as it always could.
  }
}
