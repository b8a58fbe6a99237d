import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const backend = 'http://localhost:3001';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: { alias: { '@': '/src' } },
  server: {
    proxy: {
      '/api': backend,
      '/dict': backend,
    },
  },
  build: { outDir: 'dist', emptyOutDir: true },
});
