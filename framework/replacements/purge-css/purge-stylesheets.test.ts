import { mkdtempSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { purgedName, purgeStylesheets, variablesNamedIn } from './purgeStylesheets.build';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function site(): string {
  const dir = mkdtempSync(join(tmpdir(), 'veriq-purge-'));
  dirs.push(dir);
  mkdirSync(join(dir, 'assets', 'css'), { recursive: true });
  mkdirSync(join(dir, 'assets', 'js'), { recursive: true });
  mkdirSync(join(dir, 'guides'), { recursive: true });
  writeFileSync(
    join(dir, 'assets', 'css', 'styles.0123abcd.css'),
    [
      ':root{--unused:1px;--gap:var(--base);--base:2px;--scripted:var(--deep);--deep:3px;--deep-unused:4px}',
      '[data-theme=dark]{--unused:5px;--deep:6px}',
      '.navbar{display:flex;gap:var(--gap)}',
      '.avatar{border-radius:50%}',
      '.menu__list-item--collapsed .menu__list{height:0}',
      '[data-theme=dark] .markdown{color:#fff}',
      '.codeBlock_bY9V{margin:0}',
      '.codeLine_lJS_{display:table-row}',
      '@keyframes spin{to{transform:rotate(1turn)}}',
    ].join('\n'),
  );
  const page =
    '<link rel=stylesheet href=/assets/css/styles.0123abcd.css><nav class="navbar"></nav><div class=markdown></div>';
  writeFileSync(join(dir, 'index.html'), page);
  writeFileSync(join(dir, 'guides', 'concept.html'), page);
  // Classes only the browser renders: a toggled state and a CSS module name, as the bundle holds them.
  writeFileSync(
    join(dir, 'assets', 'js', '12.abcdef01.js'),
    'e=(0,c.A)("menu__list-item",{"menu__list-item--collapsed":t},"menu__list");o={codeLine:"codeLine_lJS_"};s={color:"var(--scripted)"}',
  );
  return dir;
}

describe('stylesheet purge (framework)', () => {
  it('keeps the rules the pages and scripts can use, drops the rest, and renames the file', async () => {
    const dir = site();
    const [result] = await purgeStylesheets(dir);
    expect(result.before).toBe('styles.0123abcd.css');
    expect(result.after).toMatch(/^styles\.[0-9a-f]{8}\.css$/);
    expect(result.after).not.toBe(result.before);
    expect(readdirSync(join(dir, 'assets', 'css'))).toEqual([result.after]);
    const css = readFileSync(join(dir, 'assets', 'css', result.after), 'utf8');
    expect(css).toContain('.navbar');
    expect(css).toContain('.menu__list-item--collapsed .menu__list');
    expect(css).toContain('[data-theme=dark] .markdown');
    expect(css).toContain('.codeLine_lJS_');
    expect(css).toContain('@keyframes spin');
    expect(css).not.toContain('.avatar');
    expect(css).not.toContain('.codeBlock_bY9V');
    expect(result.bytesAfter).toBeLessThan(result.bytesBefore);
    // Custom properties: read by a kept rule, or named by a script, with what they read in turn.
    for (const kept of ['--gap:', '--base:', '--scripted:', '--deep:3px', '--deep:6px']) expect(css).toContain(kept);
    expect(css).not.toContain('--unused');
    expect(css).not.toContain('--deep-unused');
    for (const page of ['index.html', join('guides', 'concept.html')]) {
      const html = readFileSync(join(dir, page), 'utf8');
      expect(html).toContain(`href=/assets/css/${result.after}>`);
      expect(html).not.toContain('styles.0123abcd.css');
    }
  });

  it('keeps the custom properties content names, and what they read, through chains and cycles', () => {
    const css = [':root{--a:var(--b);--b:calc(var(--c) * 2);--c:1px;--loop:var(--pool);--pool:var(--loop);--lone:0}'];
    expect(variablesNamedIn(css, ['<p style="margin:var(--a)">'])).toEqual(['--a', '--b', '--c']);
    expect(variablesNamedIn(css, ['x.style.getPropertyValue("--loop")'])).toEqual(['--loop', '--pool']);
    // A name no stylesheet declares (a command-line flag in a code block) keeps nothing.
    expect(variablesNamedIn(css, ['kubectl get pods --namespace veriq'])).toEqual([]);
  });

  it('names the purged file after its content', () => {
    expect(purgedName('styles.0123abcd.css', '.a{}')).toBe(purgedName('styles.ffffffff.css', '.a{}'));
    expect(purgedName('styles.0123abcd.css', '.a{}')).not.toBe(purgedName('styles.0123abcd.css', '.b{}'));
    expect(() => purgedName('styles.css', '')).toThrow('expected assets/css/<name>.<8 hex digits>.css');
  });
});
