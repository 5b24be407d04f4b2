import { describe, expect, it } from 'vitest';
import { stripScripts } from '../../tools/bench/scriptFree';

describe('the bench script-free copy', () => {
  it('removes scripts of every kind and script preloads, and keeps every other byte', () => {
    const html =
      '<!doctype html><html lang=en><head><meta charset=UTF-8><script>document.documentElement.dataset.x="</p>"</script>' +
      '<link rel=preload as=script href=/a.js><link rel=modulepreload href=/m.js><link rel=stylesheet href=/s.css>' +
      '<link rel=preload as=image href=/i.svg><script src=/main.js defer></script>' +
      '<script type=application/ld+json>{"a":1}</script></head><body><p>Kept &amp; <b>untouched</b></p>' +
      '<SCRIPT>late()</SCRIPT></body></html>';
    expect(stripScripts(html)).toBe(
      '<!doctype html><html lang=en><head><meta charset=UTF-8><link rel=stylesheet href=/s.css>' +
        '<link rel=preload as=image href=/i.svg></head><body><p>Kept &amp; <b>untouched</b></p></body></html>',
    );
  });

  it('leaves a page without scripts as it was', () => {
    const html = '<html><body><pre><code>&lt;script&gt;</code></pre></body></html>';
    expect(stripScripts(html)).toBe(html);
  });
});
