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
    String.raw`src/shared/(admin-resources|image-types|settings-keys|schemas/(audit|catalogue|newsletter|settings|users))\.ts`,
    String.raw`node_modules/(react-hook-form|@hookform|sonner|@tanstack/(react-table|table-core|react-store|store))/`,
  ].join('|'),
);

export default defineConfig({
  root: 'src/web',
  plugins: [react(), tailwindcss()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    // Content-hashed names under assets/ let the server cache them as immutable.
    assetsDir: 'assets',
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
});
