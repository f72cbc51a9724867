// Runs before the app bundle (the build writes it into index.html and login.html: build/inline-theme-init.ts)
// so the first paint already has the theme and accent the visitor chose: no flash of the wrong theme.
// Keys and colours match src/app/theme.tsx.
(function () {
  var accents = { purple: '#7c3aed', teal: '#0d9488', amber: '#d97706', rose: '#e11d48' };
  var mode = null;
  var accent = null;
  var signedIn = false;
  try {
    mode = localStorage.getItem('crm.theme');
    accent = localStorage.getItem('crm.accent');
    signedIn = !!localStorage.getItem('crm.session');
  } catch (e) {
    // Storage blocked: fall back to the system preference below.
  }
  if (mode !== 'light' && mode !== 'dark') {
    mode = window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  }
  if (!accents[accent]) accent = 'purple';
  var root = document.documentElement;
  root.setAttribute('data-theme', mode);
  root.setAttribute('data-accent', accent);
  root.style.colorScheme = mode;
  root.style.setProperty('--crm-accent', accents[accent]);
  var meta = document.querySelector('meta[name="theme-color"]');
  if (meta) meta.setAttribute('content', mode === 'dark' ? '#0f0f12' : accents[accent]);

  // A page's first Intl formatter of any kind costs 25–140 ms and more on a phone (the browser sets up its
  // locale data once; the next ones cost under 1 ms), and every signed-in screen formats a date or a
  // price. Made from the app, it was a task of its own between the modules' arrival and the first screen
  // (≈ 0.25 s of the calendar's Lighthouse blocking time on the budgets' phone, issue 40); made here, it
  // held the parser, and the first paint, for as long. A worker sets the data up on a thread of its own
  // (public/intl-warmup.js): the locale data is the process's, so the page's first formatter finds it.
  // A signed-out visitor (the login page) does not pay it.
  if (signedIn) {
    try {
      new Worker('/intl-warmup.js');
    } catch (e) {
      // No workers here: the first formatter pays, as before.
    }
  }
})();
