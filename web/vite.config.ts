import { fileURLToPath } from 'node:url';
import { constants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type PluginOption } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

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
  plugins: [
    react() as unknown as PluginOption,
    contractsArePure(),
    // Brotli and gzip copies beside every bundle: the server sends the one the browser accepts. Brotli at 9:
    // within 2 % of 11 in size at a fraction of the build time.
    compression({
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
        'gzip',
      ],
      threshold: 1024,
    }) as PluginOption,
  ],
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
