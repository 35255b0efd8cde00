/**
 * Vite build of the renderer into dist/renderer, served by `serve` and by Electron's app://
 * protocol. Relative asset URLs (`base: './'`) so either host can serve it from any path.
 */
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  // Vite gives config files `import.meta.dirname`; no node:path import (renderer/ lint forbids it).
  root: import.meta.dirname,
  base: './',
  plugins: [react()],
  build: {
    // Relative to `root`.
    outDir: '../dist/renderer',
    emptyOutDir: true,
    target: 'es2022',
    // Monaco (later panels) is large and split into its own lazy chunks; warn only far above it.
    chunkSizeWarningLimit: 4096,
  },
  // Monaco's language workers are ES module workers (`new Worker(new URL(...), { type: 'module' })`).
  worker: { format: 'es' },
});
