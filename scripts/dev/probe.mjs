import { chromium } from 'playwright-core';

const b = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
const p = await b.newPage();
p.on('console', (m) => console.log('console', m.type(), m.text()));
p.on('pageerror', (e) => console.log('pageerror', e.message));
p.on('response', (r) => console.log(r.status(), r.url()));
await p.goto(process.argv[2]);
await p.waitForTimeout(1500);
console.log((await p.content()).slice(0, 600));
await b.close();
