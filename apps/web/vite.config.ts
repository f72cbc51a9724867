import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

export default defineConfig({
  plugins: [
    react(),
    VitePWA({
      registerType: 'prompt',
      filename: 'sw.js',
      injectRegister: false,
      manifest: {
        name: 'Автомойка CRM',
        short_name: 'Мойка CRM',
        description: 'CRM для автомоек: записи, календарь боксов, клиенты и тарифы',
        lang: 'ru',
        start_url: '/',
        display: 'standalone',
        theme_color: '#7c3aed',
        background_color: '#ffffff',
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // The generated worker stays; push and notification clicks are added from a plain script of ours.
        importScripts: ['/push-sw.js'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//],
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        // Excel writing (≈ 0.9 MB each) is fetched when someone exports, which needs the network anyway;
        // precaching it would make every install download it.
        globIgnores: ['**/exceljs*.js', '**/export.worker*.js'],
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      },
    }),
  ],
  server: { port: 5173, proxy: { '/api': 'http://localhost:8080' } },
  // The manifest lets bench/web-size.ts sum what each route loads initially.
  build: { target: 'es2022', sourcemap: false, chunkSizeWarningLimit: 900, manifest: true },
});
