// The access modal's 🔒 comes from a one-glyph font (tools/build/lockGlyph.ts): the committed file
// must be what the tool writes from Debian's font, and the title's CSS must use it for that
// character only.
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import {
  LOCK_CHARACTER,
  LOCK_FONT_PATH,
  LOCK_FONT_SOURCE,
  LOCK_FONT_SOURCE_SHA256,
  lockGlyphFont,
} from '../../tools/build/lockGlyph';

describe('the lock glyph font', () => {
  it('is the title’s own character, and the title keeps the exact text', () => {
    // Read from the source: the component module needs the Docusaurus runtime to load.
    const source = readFileSync('src/guide-gate/AccessModal.tsx', 'utf8');
    const ACCESS_TITLE = /export const ACCESS_TITLE = '([^']*)'/.exec(source)?.[1];
    expect(ACCESS_TITLE).toBe('🔒 Access Restricted');
    expect(ACCESS_TITLE?.startsWith(LOCK_CHARACTER)).toBe(true);
  });

  // Compared where the machine has the very source the subset was cut from (.ci/run installs
  // fonts-noto-core); a newer Debian font would change the bytes, not the glyph.
  const source = existsSync(LOCK_FONT_SOURCE) ? readFileSync(LOCK_FONT_SOURCE) : null;
  const sameSource = source !== null && createHash('sha256').update(source).digest('hex') === LOCK_FONT_SOURCE_SHA256;
  it.runIf(sameSource)('is the tool’s output from Noto Sans Symbols 2', async () => {
    expect(readFileSync(LOCK_FONT_PATH).equals(await lockGlyphFont(source!))).toBe(true);
  });

  it('is a small WOFF2 the modal’s stylesheet loads for U+1F512 alone', () => {
    const font = readFileSync(LOCK_FONT_PATH);
    expect(font.subarray(0, 4).toString('latin1')).toBe('wOF2');
    expect(font.length).toBeLessThan(2048);
    const css = readFileSync('src/guide-gate/AccessModal.module.css', 'utf8');
    const face = /@font-face\s*{([^}]*)}/.exec(css)?.[1] ?? '';
    expect(face).toContain('url("./lock-glyph.woff2")');
    expect(face).toMatch(/unicode-range:\s*U\+1F512;/);
    expect(css).toMatch(/\.title\s*{[^}]*font-family:\s*"Veriq Lock",/);
  });
});
