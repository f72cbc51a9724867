/**
 * Remakes the short videos of /install-app (issue 39) from the real product: screenshots of the running app
 * on a phone (the login page in the browser, the signed-in app as installed), set into drawn phone browser
 * frames — Chrome's menu and install dialog on Android, Safari's share sheet on iOS — and a home screen, then
 * encoded with ffmpeg into WebM (VP9) and MP4 (H.264), with a WebP poster each, under
 * apps/web/public/install/. The captions (…-ru.vtt beside them) follow the scenes' timing below.
 *
 *   cd apps/web && npx vite build --outDir /tmp/xdist-videos --emptyOutDir && cd ../..
 *   WEB_DIST_DIR=/tmp/xdist-videos node --import tsx e2e/record-install-videos.ts
 *
 * Needs ffmpeg (`apt-get install -y ffmpeg`); the tests and CI do not: the videos are committed.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { skipFirstVisit } from './support/api';
import { control, launchChromium, signInFast } from './support/browser';
import { repoRoot, startServer } from './support/server';

const outDir = join(repoRoot, 'apps/web/public/install');
const phone = { width: 390, height: 844 };
/** Frames are drawn at 2× and encoded at 1.2× the CSS size: sharp enough on a phone, small files. */
const scale = 2;
const encoded = { width: 468, height: 1012 };
const statusBar = 24;
const chromeBar = 56;
const safariTop = 47;
const safariBottom = 84;

type Shot = string; // a data: URL

async function appShot(browser: Browser, baseUrl: string, height: number, signedIn: boolean): Promise<Shot> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: phone.width, height },
    deviceScaleFactor: scale,
    isMobile: true,
    hasTouch: true,
    locale: 'ru-RU',
    timezoneId: 'Europe/Moscow',
    serviceWorkers: 'block',
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  try {
    if (signedIn) {
      const owner = await skipFirstVisit(baseUrl, 'owner');
      await context.addInitScript((key) => sessionStorage.setItem(key, '1'), `crm.greeted.${owner.userId}`);
      await signInFast(page, baseUrl, 'owner');
      await page.goto('/');
      await control(page, /Мойка на Ленина/).waitFor();
    } else {
      await page.goto('/auth/yandex');
      await control(page, 'Войти с Яндекс ID').waitFor();
    }
    await page.evaluate(() => document.fonts.ready);
    await page.waitForTimeout(1_200);
    return `data:image/png;base64,${(await page.screenshot()).toString('base64')}`;
  } finally {
    await context.close();
  }
}

const icon = `data:image/png;base64,${readFileSync(join(repoRoot, 'apps/web/public/icon-192.png')).toString('base64')}`;

const css = `
* { box-sizing: border-box; margin: 0; }
body { width: ${phone.width}px; height: ${phone.height}px; overflow: hidden; font: 15px/1.3 system-ui, 'DejaVu Sans', sans-serif; background: #000; }
.phone { position: relative; width: 100%; height: 100%; overflow: hidden; background: #fff; }
.status { height: ${statusBar}px; padding: 0 16px; display: flex; justify-content: space-between; align-items: center; font-size: 13px; color: #1f1f1f; background: #f1f3f4; }
.status.dark { background: transparent; color: #fff; position: absolute; inset: 0 0 auto; z-index: 3; }
.bar { height: ${chromeBar}px; display: flex; align-items: center; gap: 10px; padding: 0 12px; background: #f1f3f4; border-bottom: 1px solid #dadce0; }
.url { flex: 1; height: 38px; border-radius: 19px; background: #e3e5e8; display: flex; align-items: center; padding: 0 14px; color: #3c4043; font-size: 15px; }
.url b { font-weight: 400; color: #5f6368; margin-right: 8px; }
.tabs { width: 22px; height: 22px; border: 2px solid #5f6368; border-radius: 4px; font-size: 11px; display: grid; place-items: center; color: #5f6368; }
.dots { width: 28px; text-align: center; font-size: 24px; color: #5f6368; line-height: 1; }
.content { display: block; width: 100%; }
.scrim { position: absolute; inset: 0; background: rgba(0,0,0,.32); }
.menu { position: absolute; top: ${statusBar + 6}px; right: 6px; width: 250px; background: #fff; border-radius: 6px; box-shadow: 0 6px 24px rgba(0,0,0,.3); padding: 6px 0; }
.menu div { padding: 12px 18px; color: #202124; }
.menu .hot { background: #e8f0fe; color: #1967d2; font-weight: 600; }
.sheet { position: absolute; left: 0; right: 0; bottom: 0; background: #fff; border-radius: 18px 18px 0 0; padding: 20px 22px 28px; box-shadow: 0 -6px 24px rgba(0,0,0,.25); }
.dialog { position: absolute; left: 28px; right: 28px; top: 300px; background: #fff; border-radius: 24px; padding: 24px; box-shadow: 0 8px 32px rgba(0,0,0,.35); }
.dialog h2, .sheet h2 { font-size: 20px; font-weight: 500; color: #202124; margin-bottom: 16px; }
.app { display: flex; align-items: center; gap: 14px; }
.app img { width: 48px; height: 48px; border-radius: 12px; }
.app small { display: block; color: #5f6368; font-size: 13px; }
.actions { display: flex; justify-content: flex-end; gap: 22px; margin-top: 26px; color: #1a73e8; font-weight: 600; }
.home { position: absolute; inset: 0; background: linear-gradient(160deg, #4338ca, #7c3aed 45%, #db2777); padding: ${statusBar + 60}px 22px 0; display: grid; grid-template-columns: repeat(4, 1fr); grid-auto-rows: 96px; gap: 8px; justify-items: center; }
.home span { width: 58px; height: 58px; border-radius: 16px; background: rgba(255,255,255,.28); }
.home figure { display: flex; flex-direction: column; align-items: center; gap: 6px; color: #fff; font-size: 12px; }
.home figure img { width: 58px; height: 58px; border-radius: 16px; box-shadow: 0 4px 12px rgba(0,0,0,.25); }
.safari-top { height: ${safariTop}px; background: #f9f9f9; display: flex; align-items: flex-end; justify-content: space-between; padding: 0 22px 8px; font-size: 14px; font-weight: 600; color: #111; }
.safari-bottom { position: absolute; left: 0; right: 0; bottom: 0; height: ${safariBottom}px; background: #f9f9f9; border-top: 1px solid #d1d1d6; padding: 8px 12px 0; }
.pill { height: 36px; border-radius: 12px; background: #e9e9eb; display: flex; align-items: center; justify-content: center; color: #111; font-size: 15px; }
.tools { display: flex; justify-content: space-around; margin-top: 6px; color: #007aff; font-size: 22px; }
.glyph { display: inline-grid; place-items: center; width: 26px; height: 26px; }
.book { width: 20px; height: 16px; border: 2px solid #007aff; border-radius: 3px; }
.tabs2 { width: 16px; height: 16px; border: 2px solid #007aff; border-radius: 3px; box-shadow: 4px -4px 0 -2px #f9f9f9, 4px -4px 0 0 #007aff; }
.share { display: inline-grid; place-items: center; width: 26px; height: 26px; }
.share svg { width: 22px; height: 26px; }
.ios-sheet { position: absolute; left: 0; right: 0; bottom: 0; background: #f2f2f7; border-radius: 14px 14px 0 0; padding: 16px 16px 34px; }
.ios-sheet .head { display: flex; gap: 12px; align-items: center; padding-bottom: 14px; border-bottom: 1px solid #d1d1d6; margin-bottom: 14px; }
.ios-sheet .head img { width: 44px; height: 44px; border-radius: 10px; }
.ios-list { background: #fff; border-radius: 12px; overflow: hidden; }
.ios-list div { padding: 13px 16px; border-bottom: 1px solid #e5e5ea; display: flex; justify-content: space-between; color: #111; }
.ios-list div:last-child { border: 0; }
.ios-list .hot { background: #e5f0ff; font-weight: 600; }
.ios-add { position: absolute; inset: 0; background: #f2f2f7; }
.ios-nav { height: 56px; margin-top: ${safariTop - 8}px; display: flex; justify-content: space-between; align-items: center; padding: 0 16px; color: #007aff; font-size: 17px; }
.ios-nav b { color: #111; font-size: 15px; }
.ios-card { margin: 16px; background: #fff; border-radius: 12px; padding: 14px; display: flex; gap: 14px; align-items: center; }
.ios-card img { width: 60px; height: 60px; border-radius: 14px; }
.ios-card div { flex: 1; }
.ios-card p { border-bottom: 1px solid #e5e5ea; padding: 6px 0; color: #111; }
.ios-card small { color: #8e8e93; }
.tap { position: absolute; width: 56px; height: 56px; margin: -28px 0 0 -28px; border-radius: 50%; background: rgba(124,58,237,.35); border: 3px solid rgba(124,58,237,.9); box-shadow: 0 0 0 10px rgba(124,58,237,.15); }
`;

const shareIcon =
  '<svg viewBox="0 0 22 26" fill="none" stroke="#007aff" stroke-width="2"><path d="M11 16V2M6 7l5-5 5 5M7 10H3v14h16V10h-4"/></svg>';
const androidStatus = '<div class="status"><span>9:41</span><span>▾ ▴ ▮</span></div>';
const host = 'crm-moyka.ru';

interface Scene {
  body: string;
  seconds: number;
  tap?: { x: number; y: number };
  /** The caption over this scene (steps run on over the scenes without one). */
  caption?: string;
}

function androidScenes(login: Shot, app: Shot): Scene[] {
  const browser = (overlay = '') =>
    `${androidStatus}<div class="bar"><div class="url">${host}</div><span class="tabs">1</span><span class="dots">⋮</span></div><img class="content" src="${login}">${overlay}`;
  const menu = `<div class="menu"><div>Новая вкладка</div><div>История</div><div>Скачанные файлы</div><div>Добавить в закладки</div><div class="hot">Установить приложение</div><div>Настройки</div></div>`;
  const dialog = `<div class="scrim"></div><div class="dialog"><h2>Установить приложение?</h2><div class="app"><img src="${icon}"><div>Мойка CRM<small>${host}</small></div></div><div class="actions"><span>Отмена</span><span>Установить</span></div></div>`;
  const home = `<div class="home">${'<span></span>'.repeat(6)}<figure><img src="${icon}">Мойка CRM</figure>${'<span></span>'.repeat(5)}</div><div class="status dark"><span>9:41</span><span>▾ ▴ ▮</span></div>`;
  return [
    { body: browser(), seconds: 2.5, caption: 'Откройте сайт в Chrome' },
    {
      body: browser(),
      seconds: 1.2,
      tap: { x: 364, y: statusBar + chromeBar / 2 },
      caption: 'Нажмите «⋮» в правом верхнем углу',
    },
    { body: browser(menu), seconds: 1.6 },
    {
      caption: 'Выберите «Установить приложение» и подтвердите',
      body: browser(menu),
      seconds: 1.2,
      tap: { x: 262, y: statusBar + 6 + 6 + 4 * 43 + 21 },
    },
    { body: browser(dialog), seconds: 1.6 },
    { body: browser(dialog), seconds: 1.2, tap: { x: 300, y: 448 } },
    { body: home, seconds: 1.6, caption: 'Значок «Мойка CRM» — на главном экране' },
    { body: home, seconds: 1.2, tap: { x: 239, y: statusBar + 60 + 104 + 30 } },
    {
      body: `<img class="content" src="${app}">`,
      seconds: 3,
      caption: 'Приложение открывается на весь экран',
    },
  ];
}

function iosScenes(login: Shot, app: Shot): Scene[] {
  const safari = (overlay = '') =>
    `<div class="safari-top"><span>9:41</span><span>▮</span></div><img class="content" src="${login}"><div class="safari-bottom"><div class="pill">${host}</div><div class="tools"><span>‹</span><span>›</span><span class="share">${shareIcon}</span><span class="glyph"><i class="book"></i></span><span class="glyph"><i class="tabs2"></i></span></div></div>${overlay}`;
  const sheet = `<div class="scrim"></div><div class="ios-sheet"><div class="head"><img src="${icon}"><div><b>Мойка CRM</b><br><small>${host}</small></div></div><div class="ios-list"><div>Скопировать</div><div>Добавить в «Избранное»</div><div>Добавить закладку</div><div class="hot">На экран «Домой» <span>⊞</span></div><div>Найти на странице</div></div></div>`;
  const add = `<div class="ios-add"><div class="ios-nav"><span>Отменить</span><b>На экран «Домой»</b><span>Добавить</span></div><div class="ios-card"><img src="${icon}"><div><p>Мойка CRM</p><small>https://${host}/</small></div></div></div>`;
  const home = `<div class="home" style="padding-top:${safariTop + 40}px">${'<span></span>'.repeat(6)}<figure><img src="${icon}">Мойка CRM</figure>${'<span></span>'.repeat(5)}</div>`;
  const sheetTop = phone.height - 34 - 5 * 46 - 16 - 72;
  return [
    { body: safari(), seconds: 2.5, caption: 'Откройте сайт в Safari' },
    {
      caption: 'Нажмите «Поделиться» внизу экрана',
      body: safari(),
      seconds: 1.2,
      tap: { x: 195, y: phone.height - safariBottom + 8 + 36 + 6 + 14 },
    },
    { body: safari(sheet), seconds: 1.6 },
    {
      caption: 'Выберите «На экран „Домой“» и нажмите «Добавить»',
      body: safari(sheet),
      seconds: 1.2,
      tap: { x: 195, y: sheetTop + 72 + 3 * 46 + 23 },
    },
    { body: add, seconds: 1.6 },
    { body: add, seconds: 1.2, tap: { x: 350, y: safariTop - 8 + 28 } },
    { body: home, seconds: 1.6, caption: 'Значок «Мойка CRM» — на экране «Домой»' },
    { body: home, seconds: 1.2, tap: { x: 239, y: safariTop + 40 + 104 + 30 } },
    {
      body: `<img class="content" src="${app}">`,
      seconds: 3,
      caption: 'Приложение открывается на весь экран',
    },
  ];
}

/** WebVTT captions: one cue per step, from the scene that names it to the next that names another. */
function captionsOf(scenes: Scene[]): string {
  const cues: { from: number; to: number; text: string }[] = [];
  let at = 0;
  for (const scene of scenes) {
    if (scene.caption) cues.push({ from: at, to: at, text: scene.caption });
    at += scene.seconds;
    cues[cues.length - 1]!.to = at;
  }
  return `WEBVTT\n\n${cues.map((cue, i) => `${i + 1}\n${vttTime(cue.from)} --> ${vttTime(cue.to)}\n${cue.text}\n`).join('\n')}`;
}

const vttTime = (s: number) => {
  const ms = Math.round(s * 1000);
  return `00:${String(Math.floor(ms / 1000)).padStart(2, '0')}.${String(ms % 1000).padStart(3, '0')}`;
};

async function render(browser: Browser, scenes: Scene[], dir: string): Promise<string> {
  const page = await browser.newPage({ viewport: phone, deviceScaleFactor: scale });
  const list: string[] = [];
  for (const [i, scene] of scenes.entries()) {
    const tap = scene.tap ? `<div class="tap" style="left:${scene.tap.x}px;top:${scene.tap.y}px"></div>` : '';
    await page.setContent(
      `<!doctype html><meta charset="utf-8"><style>${css}</style><div class="phone">${scene.body}${tap}</div>`,
    );
    await page.evaluate(() =>
      Promise.all(Array.from(document.images).map((img) => img.decode().catch(() => {}))),
    );
    const file = join(dir, `scene-${i}.png`);
    await page.screenshot({ path: file });
    list.push(`file '${file}'`, `duration ${scene.seconds}`);
  }
  // The concat demuxer takes the last file's duration only when it is listed once more.
  list.push(`file '${join(dir, `scene-${scenes.length - 1}.png`)}'`);
  await page.close();
  const listFile = join(dir, 'scenes.txt');
  writeFileSync(listFile, list.join('\n'));
  return listFile;
}

function ffmpeg(...args: string[]) {
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args], { stdio: 'inherit' });
}

function encode(listFile: string, name: string) {
  const input = ['-f', 'concat', '-safe', '0', '-i', listFile];
  const filter = ['-vf', `scale=${encoded.width}:${encoded.height}:flags=lanczos,fps=12,format=yuv420p`];
  ffmpeg(
    ...input,
    ...filter,
    '-c:v',
    'libvpx-vp9',
    '-b:v',
    '0',
    '-crf',
    '40',
    '-row-mt',
    '1',
    '-an',
    join(outDir, `${name}.webm`),
  );
  ffmpeg(
    ...input,
    ...filter,
    '-c:v',
    'libx264',
    '-preset',
    'veryslow',
    '-crf',
    '30',
    '-tune',
    'stillimage',
    '-movflags',
    '+faststart',
    '-an',
    join(outDir, `${name}.mp4`),
  );
  ffmpeg(
    ...input,
    '-frames:v',
    '1',
    '-vf',
    `scale=${encoded.width}:${encoded.height}:flags=lanczos`,
    '-c:v',
    'libwebp',
    '-quality',
    '70',
    join(outDir, `${name}-poster.webp`),
  );
}

async function main() {
  mkdirSync(outDir, { recursive: true });
  const work = mkdtempSync(join(tmpdir(), 'install-videos-'));
  const server = await startServer();
  const browser = await launchChromium();
  try {
    const androidLogin = await appShot(browser, server.baseUrl, phone.height - statusBar - chromeBar, false);
    const iosLogin = await appShot(browser, server.baseUrl, phone.height - safariTop, false);
    const app = await appShot(browser, server.baseUrl, phone.height, true);
    for (const [name, scenes] of [
      ['android', androidScenes(androidLogin, app)],
      ['ios', iosScenes(iosLogin, app)],
    ] as const) {
      const dir = join(work, name);
      mkdirSync(dir);
      encode(await render(browser, scenes, dir), name);
      writeFileSync(join(outDir, `${name}-ru.vtt`), captionsOf(scenes));
    }
    for (const file of [
      'android.webm',
      'android.mp4',
      'android-poster.webp',
      'ios.webm',
      'ios.mp4',
      'ios-poster.webp',
    ])
      console.log(`${file}: ${(statSync(join(outDir, file)).size / 1024).toFixed(0)} KB`);
  } finally {
    await browser.close();
    await server.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
