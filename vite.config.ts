import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import postcssPresetMantine from 'postcss-preset-mantine';
import postcssSimpleVars from 'postcss-simple-vars';
import { defineConfig } from 'vite';

/**
 * The SPA lives in web/ and is built to dist/web, which the server serves (SPA fallback).
 * Every page is a lazy chunk (web/router.tsx) and rolldown's automatic splitting keeps each
 * page's libraries in chunks only that page loads (DESIGN §7: public form at most 150 KB gzip
 * of first-load JavaScript). No manual groups: a group pulls its modules' dependencies (React,
 * Mantine) in with it, and the entry then loads every group (measured: 530 KB for /user/login).
 */

export default defineConfig({
  root: 'web',
  publicDir: 'public',
  plugins: [react()],
  resolve: {
    // react-router's package exports only its development build (warnings on, about 1 KB more
    // in the entry); its production build has the same API (docs/decisions/0042-...).
    alias:
      process.env.NODE_ENV === 'production' || process.argv.includes('build')
        ? [
            {
              find: /^react-router$/,
              replacement: fileURLToPath(
                new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url),
              ),
            },
          ]
        : [],
  },
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
