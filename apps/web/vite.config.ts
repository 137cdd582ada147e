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

/** Mantine's overlays (what positions a dropdown or traps focus in a dialog) and their libraries. */
const OVERLAYS =
  /node_modules[\\/](@floating-ui|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|aria-hidden|tabbable|get-nonce|tslib)[\\/]|@mantine[\\/]core[\\/].*[\\/](Popover|Menu|Tooltip|Combobox|Select|MultiSelect|TagsInput|Autocomplete|ColorInput|ColorPicker|HoverCard|ScrollArea|FocusTrap|Modal|ModalBase|Drawer|Floating|FloatingIndicator|Overlay|Portal)[\\/]/;

/**
 * Mantine's light components that portal pages draw on their first screen (none opens a popover).
 * The hooks they use come along (this group's priority is the highest of the lazy ones); so does
 * useMergedRef and Mantine's small utilities, which a comment box's Textarea would otherwise import
 * from the overlays chunk.
 */
const UI_COMPONENTS =
  /@mantine[\\/]hooks[\\/]esm[\\/]use-merged-ref[\\/]|@mantine[\\/]core[\\/]esm[\\/]core[\\/]utils[\\/]|@mantine[\\/]core[\\/].*[\\/](Input|InputBase|InputWrapper|InputsGroupFieldset|TextInput|NativeSelect|Grid|Checkbox|CheckboxIndicator|InlineInput|Tabs|Collapse|Transition|Pagination|Skeleton|Indicator|NavLink|Pill|PillsInput|List|CloseButton|ActionIcon|VisuallyHidden|UnstyledButton|Alert|Divider)[\\/][^/\\]*\.mjs$/;

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
    // Every browser the app targets but Safari 16 knows <link rel="modulepreload">; there a preload
    // is skipped and the module loads when imported. Not shipping the polyfill saves the entry ~0.5 KB.
    modulePreload: { polyfill: false },
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
            // What the forms need (the validation library and the form state): /login, /signup,
            // the share and ask forms. A list page loads none of it.
            {
              name: 'forms',
              test: /node_modules[\\/](zod|@mantine[\\/]form|klona|fast-deep-equal)[\\/]|[\\/]src[\\/]lib[\\/]form\.ts$/,
              priority: 6,
            },
            // /login is the other first screen of a visitor: the auth screens' own modules in one
            // chunk. Left to itself the bundler cut them into files of 1–4 KB, each costing a round
            // trip on a slow connection (HTTP/1.1, 6 at a time). The page module stays its own chunk.
            // (Only the screens' modules: a wider net once pulled the profile's cards, the form inputs
            // and zod into every portal page.)
            {
              name: 'login',
              test: /[\\/]src[\\/]features[\\/]auth[\\/](components[\\/](auth-card|google-sign-in)|api[\\/](login|signup|google-login|get-auth-config)|roles|lib[\\/]welcome)/,
              priority: 4,
            },
            // The light components a portal page's first screen draws (inputs, grid, tabs, checkbox,
            // pagination…): one chunk, and one that never imports the overlays below. Its priority
            // is above theirs and the login chunk's, so the parts they share (inputs, close button,
            // alert) land here and a portal page needs neither of those.
            { name: 'ui', test: UI_COMPONENTS, priority: 7 },
            // The overlay family (popover, menu, tooltip, select, modal, drawer, scroll area) with its
            // positioning and focus libraries: one chunk instead of a dozen files of 1–6 KB. Portal
            // pages load it when something opens (a dialog, a drawer, a menu), not for their first
            // screen: on a phone it is ~50 KB and the positioning work of every closed popover.
            { name: 'overlays', test: OVERLAYS, priority: 3 },
            // The pages' small shared modules (components/ and lib/ outside the entry, the query
            // library's hooks, the shared domain rules): one file instead of a dozen of under 1 KB,
            // each a round trip on a phone (HTTP/1.1, 6 at a time). Not the Markdown renderer (its
            // parser is 50 KB) nor what a dialog loads when it opens.
            {
              name: 'common',
              test: (id: string) =>
                /[\\/]src[\\/](components|lib)[\\/]|node_modules[\\/]@tanstack[\\/]|[\\/]packages[\\/]shared[\\/]src[\\/]domain[\\/]/.test(
                  id,
                ) && !/[\\/]components[\\/](markdown|overlay-modules)\./.test(id),
              // Above the login chunk's: the query hooks both use land here.
              priority: 5,
            },
            // The icons the lazy pages share: each one left alone is a file of under 1 KB.
            { name: 'icons', test: /node_modules[\\/]@tabler[\\/]/, priority: 2 },
          ],
        },
      },
    },
  },
});
