import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** Paths the Fastify server answers; the dev server forwards them so the browser sees one origin. */
const serverPaths = ['/api', '/files', '/sitemap.xml', '/robots.txt', '/product.html', '/unsubscribe'];
const serverOrigin = 'http://localhost:3000';

/** Modules only the back office uses (see build.rolldownOptions below). */
const adminModules = new RegExp(
  [
    String.raw`src/web/(components/admin/(?!rich-text-editor)|features/[^/]+/(api|components)/admin/|pages/admin/)`,
    String.raw`src/shared/(admin-resources|image-types|settings-keys|verified-record|schemas/(audit|catalogue|newsletter|settings|users))\.ts`,
    String.raw`node_modules/(react-hook-form|@hookform|sonner|@tanstack/(react-table|table-core|react-store|store))/`,
  ].join('|'),
);

export default defineConfig(({ isSsrBuild }) => ({
  root: 'src/web',
  // The server's render of the first screen (`npm run build`, decision 0024) needs no copy of public/.
  publicDir: isSsrBuild ? false : 'public',
  plugins: [react(), tailwindcss()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    // Content-hashed names under assets/ let the server cache them as immutable.
    assetsDir: 'assets',
    // .vite/manifest.json: the server preloads a page's chunks in its HTML (server/html/page-shell.ts).
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Only the modules named below: shared code (React, the query client) stays where it is.
          includeDependenciesRecursively: false,
          groups: [
            {
              // The API client and TanStack Query, which every page uses, as one chunk: without
              // this group the admin chunk's use of them splits them into more first-load files.
              name: 'api-client',
              test: /src\/web\/lib\/api-client\.ts|node_modules\/@tanstack\/(query-core|react-query)\//,
            },
            {
              // The track record (the robot page and the comparison share it) in one chunk: one
              // name in the entry's preload map instead of one per shared module. The chart library
              // stays in its own chunk, fetched when a chart is drawn.
              name: 'track-record',
              test: new RegExp(
                [
                  String.raw`src/web/(features/catalogue/(components/(track-|monthly-returns|robot-comparison)|api/get-track-record|monthly-grid|verified-site|use-near-viewport)|pages/compare)`,
                  // Its icons, which would otherwise sit in the robot page's chunk for the comparison to import.
                  String.raw`lucide-react/dist/esm/icons/(arrow-left|badge-check|chart-line|info)\.mjs`,
                ].join('|'),
              ),
            },
            {
              // The back office and its libraries in one chunk: each admin page then names one
              // dependency in the entry's preload map instead of a dozen, so the storefront's first
              // load does not grow with every admin component. Quill stays in its own lazy chunk.
              name: 'admin',
              test: adminModules,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: Object.fromEntries(serverPaths.map((path) => [path, serverOrigin])),
  },
}));
