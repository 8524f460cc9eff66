import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type PluginOption } from 'vite';

/**
 * @freight/contracts holds declarations and pure functions only. Telling Rollup so lets it drop the
 * modules the console does not use (and the zod schemas they build) from the bundles.
 */
function contractsArePure(): PluginOption {
  return {
    name: 'freight-contracts-pure',
    transform(code, id) {
      if (id.includes('/packages/contracts/src/')) return { code, map: null, moduleSideEffects: false };
      return undefined;
    },
  };
}

const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:3000';

// Dev server on 5173 proxies the API (http and websockets) to the Node server on 3000.
export default defineConfig({
  base: '/',
  // The root also holds a newer vite for other workspaces; the plugin's types resolve there.
  plugins: [react() as unknown as PluginOption, contractsArePure()],
  resolve: {
    alias: {
      'resize-observer-polyfill': fileURLToPath(new URL('src/app/nativeResizeObserver.ts', import.meta.url)),
    },
  },
  server: {
    port: 5173,
    host: true,
    proxy: {
      '/jeecg-boot': { target: apiTarget, changeOrigin: true, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 1500,
  },
});
