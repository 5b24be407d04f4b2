import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { navbarItems } from '../../config/navbar';

// src/theme/NavbarItem/ComponentTypes.tsx registers only the item types the navbar uses (every
// type it lists is in main.js). It imports theme components, so its keys are read from source.
const source = readFileSync(join(__dirname, '../../src/theme/NavbarItem/ComponentTypes.tsx'), 'utf8');
const registered = [...source.slice(source.indexOf('export default {')).matchAll(/^\s+'?([\w-]+)'?: \w+,$/gm)].map(
  (m) => m[1],
);

describe('navbar item types', () => {
  it('has a component for every type config/navbar.ts uses (no type is the theme default)', () => {
    const items = navbarItems({
      apiReferenceUrl: 'https://api.example.com',
      supportPortalUrl: 'https://help.example.com',
    });
    const used = new Set(items.map((item) => (item as { type?: string }).type ?? 'default'));
    expect(used.size).toBeGreaterThan(3);
    for (const type of used) expect(registered, `navbar item type "${type}"`).toContain(type);
  });

  it('registers nothing the navbar does not use but the theme default', () => {
    const items = navbarItems({
      apiReferenceUrl: 'https://api.example.com',
      supportPortalUrl: 'https://help.example.com',
    });
    const used = new Set(['default', ...items.map((item) => (item as { type?: string }).type ?? 'default')]);
    expect(registered.sort()).toEqual([...used].sort());
  });
});
