import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build-plugins/precompress';

const API_TARGET = process.env.API_URL ?? 'http://localhost:3000';

// Route-level splitting comes from React.lazy; the admin area is one chunk because every admin page is
// loaded through the single dynamic import of src/app/routes/admin-area.ts. Vendors get long-lived chunks.
export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: API_TARGET },
      // The sandbox payment provider's checkout data; its page (/sandbox/checkout/...) is the SPA's.
      '/sandbox/payments': { target: API_TARGET },
      // The sandbox card issuer's spend simulator data and merchant logos; its page (/sandbox/cards/...) is the SPA's.
      '/sandbox/issuing': { target: API_TARGET },
    },
  },
  preview: {
    proxy: {
      '/api': { target: API_TARGET },
      // The sandbox payment provider's checkout data; its page (/sandbox/checkout/...) is the SPA's.
      '/sandbox/payments': { target: API_TARGET },
      // The sandbox card issuer's spend simulator data and merchant logos; its page (/sandbox/cards/...) is the SPA's.
      '/sandbox/issuing': { target: API_TARGET },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rollupOptions: {
      output: {
        chunkFileNames: (chunk) => (chunk.name === 'admin-area' ? 'assets/admin-[hash].js' : 'assets/[name]-[hash].js'),
        manualChunks(id) {
          if (/node_modules\/(react|react-dom|scheduler|react-router)\//.test(id)) return 'react';
          // Charts (and recharts under them) are for the admin dashboard only: they stay in the admin chunk.
          if (id.includes('node_modules/@mantine/charts/')) return undefined;
          if (id.includes('node_modules/@mantine/') || id.includes('node_modules/@floating-ui/')) return 'mantine';
          return undefined;
        },
      },
    },
  },
});
