import react from '@vitejs/plugin-react';
import postcssPresetMantine from 'postcss-preset-mantine';
import postcssSimpleVars from 'postcss-simple-vars';
import { defineConfig } from 'vite';

/**
 * The SPA lives in web/ and is built to dist/web, which the server serves (SPA fallback).
 * Every page is a lazy chunk; the groups below keep the back office's heavy libraries out of
 * the public pages (DESIGN §7: public form at most 150 KB gzip of first-load JavaScript).
 */

// Libraries only the back office uses: each gets its own chunk so no shared "vendor" chunk
// drags them into /user/register or /user/login.
const BACK_OFFICE_LIBS: Array<[string, RegExp]> = [
  ['calendar', /node_modules\/@fullcalendar\//],
  [
    'charts',
    /node_modules\/(@mantine\/charts|recharts|d3-[a-z]+|victory-vendor|@reduxjs|redux|react-redux|immer|reselect)\//,
  ],
  [
    'editor',
    /node_modules\/(@tiptap|prosemirror-[a-z]+|@mantine\/tiptap|linkifyjs|orderedmap|rope-sequence|w3c-keyname)\//,
  ],
  ['datatable', /node_modules\/mantine-datatable\//],
  ['carousel', /node_modules\/(embla-carousel[a-z-]*|@mantine\/carousel)\//],
  ['dropzone', /node_modules\/(@mantine\/dropzone|react-dropzone|file-selector|attr-accept)\//],
  ['sanitize', /node_modules\/dompurify\//],
];

export default defineConfig({
  root: 'web',
  publicDir: 'public',
  plugins: [react()],
  css: {
    // Mantine's documented PostCSS setup: rem(), light-dark(), smaller-than() mixins and the
    // breakpoint variables in CSS modules ($mantine-breakpoint-sm is the 768 px menu switch).
    postcss: {
      plugins: [
        postcssPresetMantine(),
        postcssSimpleVars({
          variables: {
            'mantine-breakpoint-xs': '36em',
            'mantine-breakpoint-sm': '48em',
            'mantine-breakpoint-md': '62em',
            'mantine-breakpoint-lg': '75em',
            'mantine-breakpoint-xl': '88em',
          },
        }),
      ],
    },
  },
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    sourcemap: false,
    // dist/web/.vite/manifest.json: lets bench/ measure each page's first-load JavaScript.
    manifest: true,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: BACK_OFFICE_LIBS.map(([name, test]) => ({ name, test })),
        },
      },
    },
  },
  server: {
    port: 5173,
    // web/ imports the shared rules from ../domain.
    fs: { allow: ['..'] },
    proxy: {
      // Host and Origin stay the dev server's, so the server must run with
      // PUBLIC_URL=http://localhost:5173 in development (same-origin checks, reset links).
      '/api': { target: process.env.API_PROXY_TARGET ?? 'http://localhost:3000', changeOrigin: false },
    },
  },
  preview: { port: 4173 },
});
