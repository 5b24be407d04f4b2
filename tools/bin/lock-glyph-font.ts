// `npx tsx tools/bin/lock-glyph-font.ts`: writes src/guide-gate/lock-glyph.woff2 (tools/build/lockGlyph.ts
// says why); tests/unit/lock-glyph-font.test.ts checks the committed file is its output.
import { readFile, writeFile } from 'node:fs/promises';
import { LOCK_FONT_PATH, LOCK_FONT_SOURCE, lockGlyphFont } from '../build/lockGlyph';

async function main(): Promise<void> {
  const source = await readFile(LOCK_FONT_SOURCE).catch(() => {
    throw new Error(`${LOCK_FONT_SOURCE} is missing: install Debian's fonts-noto-core`);
  });
  const font = await lockGlyphFont(source);
  await writeFile(LOCK_FONT_PATH, font);
  console.log(`${LOCK_FONT_PATH}: ${font.length} bytes`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
