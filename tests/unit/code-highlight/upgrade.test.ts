// What a Docusaurus upgrade must carry over (plugins/highlight-code/README.md): these fail on
// purpose when the installed theme changes a file our code highlighting copies or replaces.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { EAGER_PRISM_MODULE } from '../../../plugins/highlight-code';

describe('the replaced Prism client module', () => {
  const require = createRequire(import.meta.url);

  it('is the installed theme file that registers Prism eagerly', () => {
    const resolved = require.resolve('@docusaurus/theme-classic/lib/prism-include-languages.js');
    expect(resolved).toMatch(EAGER_PRISM_MODULE);
    // If the theme ever stops importing Prism there, this replacement has no reason to exist.
    expect(readFileSync(resolved, 'utf8')).toMatch(/import \{ Prism \} from 'prism-react-renderer'/);
    expect(EAGER_PRISM_MODULE.test(require.resolve('@docusaurus/theme-classic/lib/theme/CodeBlock/index.js'))).toBe(
      false,
    );
  });
});

describe('the ejected CodeBlock components', () => {
  const require = createRequire(import.meta.url);
  const themeFile = (name: string) =>
    readFileSync(require.resolve(`@docusaurus/theme-classic/lib/theme/CodeBlock/${name}`), 'utf8');
  const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
  const cssBody = (css: string) =>
    css
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/\s+/g, ' ')
      .trim();

  // src/theme/CodeBlock/{index,Container,Content} are the theme's components, changed as
  // src/theme/README.md says. When a Docusaurus upgrade changes an original, this fails: carry
  // the theme's change over to our copy (and its styles), then record the new hash here.
  it.each([
    ['index.js', '639f8655d319e123c4efa5223a42078d3e98ea361e206f6f1bfb87b080a28904'],
    ['Container/index.js', '55ebecf7d04da06684ad2004600e175f2a63719cbcbc28cb7e2de5d33eede91b'],
    ['Content/index.js', '0d361f5894590ea483a8cd846925bf41d85301eed29e0cfb4dc515128ab35556'],
    // src/theme/CodeBlock/index.tsx renders what String renders, from the build's metadata.
    ['Content/String.js', '81ab153e9e797be7a86bcfe00dfd53ae6eb14bca2b40d30515d075e5b4e95f99'],
    // src/code-highlight/html.ts writes the markup of these two as a string.
    ['Line/index.js', '479eb973f4abe0c02b43a073950456f6db85f6592537c91d0a9ac6c49003f8c1'],
    ['Line/Token/index.js', '4e10e6f7181cd3aa8a98cc745d8867e2bfb9abcab1d879198c544ccefdc42e63'],
  ])('copied %s from the installed theme version', (file, hash) => {
    expect(sha256(themeFile(file))).toBe(hash);
  });

  it.each(['Container', 'Content'])("keeps the theme's %s styles", (component) => {
    expect(cssBody(readFileSync(`src/theme/CodeBlock/${component}/styles.module.css`, 'utf8'))).toBe(
      cssBody(themeFile(`${component}/styles.module.css`)),
    );
  });
});
