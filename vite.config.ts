import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** Paths the Fastify server answers; the dev server forwards them so the browser sees one origin. */
const serverPaths = ['/api', '/files', '/sitemap.xml', '/robots.txt', '/product.html', '/unsubscribe'];
const serverOrigin = 'http://localhost:3000';

export default defineConfig({
  root: 'src/web',
  plugins: [react(), tailwindcss()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    // Content-hashed names under assets/ let the server cache them as immutable.
    assetsDir: 'assets',
  },
  server: {
    proxy: Object.fromEntries(serverPaths.map((path) => [path, serverOrigin])),
  },
});
