// `npx tsx tools/bin/visual-contact-sheet.ts [out.png]`: tiles the visual suite's baselines
// (tests/e2e/visual.spec.ts-snapshots) into one labelled image, so a reviewer sees every page
// type and state at a glance. Drawn by the suite's own Chromium from a generated HTML page.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../lib/chromium';

const dir = path.join(process.cwd(), 'tests', 'e2e', 'visual.spec.ts-snapshots');
const out = path.resolve(process.argv[2] ?? 'visual-contact-sheet.png');
const COLUMNS = 8;

async function main(): Promise<void> {
  const names = readdirSync(dir)
    .filter((f) => f.endsWith('.png'))
    .sort();
  if (names.length === 0) throw new Error(`${dir} holds no baselines: run npm run test:visual first`);
  const tiles = names
    .map((name) => {
      const data = readFileSync(path.join(dir, name)).toString('base64');
      return `<figure><img src="data:image/png;base64,${data}"><figcaption>${name.replace(/\.png$/, '')}</figcaption></figure>`;
    })
    .join('');
  const html = `<!doctype html><style>
    body { margin: 8px; font: 11px sans-serif; background: #888; display: grid; gap: 6px;
      grid-template-columns: repeat(${COLUMNS}, 1fr); align-items: start; }
    figure { margin: 0; background: #fff; padding: 3px; }
    img { width: 100%; display: block; }
    figcaption { padding-top: 2px; overflow-wrap: anywhere; }
  </style>${tiles}`;
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const page = await browser.newPage({ viewport: { width: 2400, height: 1000 } });
  await page.setContent(html);
  await page.screenshot({ path: out, fullPage: true });
  await browser.close();
  console.log(`${out}: ${names.length} baselines`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
