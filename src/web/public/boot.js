/* global document, requestAnimationFrame, setTimeout */
// A page the server drew (docs/decisions/0024-server-drawn-first-screen.md) shows without its
// scripts: they are asked for once it is painted, so that on a slow line the stylesheet and the
// page's largest picture have the connection to themselves. The server names the entry chunk.
const entry = document.querySelector('script[data-entry]')?.dataset.entry;
if (entry) requestAnimationFrame(() => setTimeout(() => import(entry)));
