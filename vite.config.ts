import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import postcssPresetMantine from 'postcss-preset-mantine';
import postcssSimpleVars from 'postcss-simple-vars';
import { defineConfig, type Plugin } from 'vite';

/**
 * The SPA lives in web/ and is built to dist/web, which the server serves (SPA fallback).
 * Every page is a lazy chunk (web/router.tsx) and rolldown's automatic splitting keeps each
 * page's libraries in chunks only that page loads (DESIGN §7: public form at most 150 KB gzip
 * of first-load JavaScript). No manual groups: a group pulls its modules' dependencies (React,
 * Mantine) in with it, and the entry then loads every group (measured: 530 KB for /user/login).
 */

/**
 * Mantine's `useId` replaced by web/lib/mantine-use-id.ts, which keeps React's id instead of
 * swapping in a random one after mount (a second, synchronous render of every input;
 * docs/decisions/0066-public-form-first-render.md). Applies to the build and the build-time first
 * paint; the development server's pre-bundled Mantine keeps its own (same ids, one render more).
 */
function stableMantineIds(): Plugin {
  const mantineUseId = /[\\/]@mantine[\\/]hooks[\\/]esm[\\/]use-id[\\/]use-id\.mjs$/;
  const replacement = fileURLToPath(new URL('./web/lib/mantine-use-id.ts', import.meta.url));
  return {
    name: 'stable-mantine-ids',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || !source.endsWith('use-id.mjs')) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved && mantineUseId.test(resolved.id) ? replacement : null;
    },
  };
}

export default defineConfig({
  root: 'web',
  publicDir: 'public',
  plugins: [react(), stableMantineIds()],
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
