/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';

export default defineConfig({
  base: '/eAbwasser/',
  plugins: [react(), tailwindcss()],
  // '@/lib/api' instead of '../../../lib/api' (tsconfig.app.json has the same paths)
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      // the field labels shared with the server (domain/<area>/feldnamen.json)
      '@domain': fileURLToPath(new URL('../domain', import.meta.url)),
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
  },
  server: {
    fs: { allow: ['.', '../domain'] },
    proxy: {
      '/api': 'http://localhost:8080',
    },
  },
  test: {
    environment: 'jsdom',
    globals: false,
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    // CI has two cores shared with Postgres; jsdom screens with many rows need more than 5 s there,
    // and a test waits on several conditions, each bounded by the setup's asyncUtilTimeout (20 s).
    testTimeout: 120000,
  },
});
