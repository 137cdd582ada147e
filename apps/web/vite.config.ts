import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * Writes .br and .gz next to every text asset so the server can send them pre-compressed
 * (@fastify/static `preCompressed`): no compression work per request, and the browser downloads
 * a third of the bytes.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'agora-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      for (const file of Object.keys(bundle)) {
        if (!/\.(js|css|html|svg)$/.test(file)) continue;
        const full = path.join(outDir, file);
        const raw = readFileSync(full);
        if (raw.length < 1024) continue;
        writeFileSync(`${full}.gz`, gzipSync(raw, { level: 9 }));
        writeFileSync(
          `${full}.br`,
          brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:4000', '/uploads': 'http://localhost:4000' },
  },
  build: {
    outDir: process.env.WEB_OUT_DIR || 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 800,
    // .vite/manifest.json: which chunks and CSS each page loads (scripts/bundle-size.mjs reads it).
    manifest: true,
    rolldownOptions: {
      treeshake: {
        // @agora/shared is pure (no module has side effects), but its zod schemas are top-level calls
        // the bundler cannot prove pure. Without this, importing MSG alone pulled all of zod into
        // the entry chunk (≈ 24 KB gzipped).
        moduleSideEffects: (id: string) => (id.includes('/packages/shared/src/') ? false : undefined),
      },
      output: {
        codeSplitting: {
          groups: [
            // What the entry needs stays in the entry (one request, not a dozen small ones).
            { name: 'app', tags: ['$initial'], priority: 10 },
            // /login is the other first screen of a visitor: what its page needs beyond the entry
            // goes in one chunk (the auth components and api, the form inputs, and all they import).
            // Left to itself the bundler cut it into ~20 files of 1–4 KB, each costing a round trip
            // on a slow connection (HTTP/1.1, 6 at a time). The page module stays its own chunk.
            {
              name: 'login',
              test: (id: string) =>
                /[\\/]src[\\/]features[\\/]auth[\\/](components[\\/]|api[\\/]|roles)/.test(id) ||
                /@mantine[\\/]core[\\/].*[\\/](TextInput|PasswordInput|Alert|Divider)[\\/]/.test(id),
              priority: 5,
            },
            // The overlay family that every portal page uses (popover, menu, tooltip, select, modal,
            // drawer, scroll area) with its positioning and focus libraries: one chunk instead of a
            // dozen files of 1–6 KB, each a round trip on a slow phone (HTTP/1.1, 6 at a time).
            {
              name: 'overlays',
              test: (id: string) =>
                /node_modules[\\/](@floating-ui|react-remove-scroll|react-style-singleton|use-callback-ref|use-sidecar|aria-hidden|tabbable)[\\/]/.test(
                  id,
                ) ||
                /@mantine[\\/]core[\\/].*[\\/](Popover|Menu|Tooltip|Combobox|Select|ScrollArea|FocusTrap|Portal|Transition|Checkbox|Modal|ModalBase|Drawer|Tabs|Collapse|Grid|Floating|InputBase|CloseButton)[\\/]/.test(
                  id,
                ),
              priority: 4,
            },
            // The icons the lazy pages share: each one left alone is a file of under 1 KB.
            { name: 'icons', test: /node_modules[\\/]@tabler[\\/]/, priority: 3 },
          ],
        },
      },
    },
  },
});
