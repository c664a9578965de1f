import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const API_TARGET = process.env.API_URL ?? 'http://localhost:3000';

/** Modules that only admins load: kept together in one chunk so users never download them. */
const ADMIN_MODULES = ['/src/features/admin/', '/src/components/layouts/admin-layout', '/src/app/routes/admin-'];

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: API_TARGET },
    },
  },
  preview: {
    proxy: {
      '/api': { target: API_TARGET },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rollupOptions: {
      output: {
        manualChunks(id) {
          if (ADMIN_MODULES.some((part) => id.includes(part))) return 'admin';
          if (/node_modules\/(react|react-dom|scheduler|react-router)\//.test(id)) return 'react';
          if (id.includes('node_modules/@mantine/') || id.includes('node_modules/@floating-ui/')) return 'mantine';
          return undefined;
        },
      },
    },
  },
});
