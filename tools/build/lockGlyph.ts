// The one-glyph font of the access modal's 🔒 (written by tools/bin/lock-glyph-font.ts). Without
// a colour emoji font (Debian's Chromium, many Linux desktops) the emoji drew as an empty box;
// the page's CSS names this font first with `unicode-range: U+1F512`, so a browser fetches it
// only for that character. Source: Noto Sans Symbols 2 (SIL OFL 1.1), Debian's fonts-noto-core.
import path from 'node:path';
import subsetFont from 'subset-font';

export const LOCK_CHARACTER = '\u{1F512}';
export const LOCK_FONT_SOURCE = '/usr/share/fonts/truetype/noto/NotoSansSymbols2-Regular.ttf';
/** SHA-256 of the source the committed subset was cut from (Debian fonts-noto-core 20201225-1). */
export const LOCK_FONT_SOURCE_SHA256 = '876598db5f1e3bef2bc77c4d94c5b0d5d2c1620be4878a06f18fb5434e331688';
/** Beside the modal's stylesheet, which names it relatively: the build hashes it into /assets/. */
export const LOCK_FONT_PATH = path.join(__dirname, '..', '..', 'src', 'guide-gate', 'lock-glyph.woff2');

export function lockGlyphFont(source: Buffer): Promise<Buffer> {
  return subsetFont(source, LOCK_CHARACTER, { targetFormat: 'woff2' });
}
