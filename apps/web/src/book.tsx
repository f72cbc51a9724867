/** @jsxImportSource preact */
/**
 * The public booking page's entry (book.html, issue 37): a driver's page, not the staff app — Preact and
 * the page's own code only (no antd, no React Query, no zod), within 60 KB of JS gzip
 * (bench/web-size.ts). It registers no service worker.
 */
import { render } from 'preact';
import './features/online-booking/public/book.css';
import { BookApp } from './features/online-booking/public/book-app';

const root = document.getElementById('root')!;
root.textContent = '';
render(<BookApp />, root);
