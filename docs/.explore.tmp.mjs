import { chromium } from 'playwright-core';
import fs from 'node:fs';
import { startStaticServer } from './src/static-server.mjs';
const srv = await startStaticServer('site');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--disable-dev-shm-usage','--disable-background-networking','--disable-component-update','--disable-sync','--no-first-run'] });
const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
const reqs = [];
page.on('request', r => reqs.push(r.url().slice(0, 120)));
page.on('console', m => { if (m.type() !== 'info') console.log('CONSOLE', m.type(), m.text().slice(0, 300)); });
page.on('pageerror', e => console.log('PAGEERROR', e.message));
const target = process.argv[2];
await page.goto(srv.url + '/' + target);
await page.waitForTimeout(2500);
console.log('URL', page.url());
console.log(reqs.filter(u => !u.startsWith('data:') && !u.startsWith('blob:')));
fs.writeFileSync('/tmp/dscratch/dom.html', await page.content());
await page.screenshot({ path: '/tmp/dscratch/shot.png' });
if (process.argv[3]) { const fn = await import(process.argv[3]); await fn.default(page); }
await browser.close(); await srv.close();
