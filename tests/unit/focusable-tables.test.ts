import { describe, expect, it } from 'vitest';
import rehypeFocusableTables, { tableName, type HastNode } from '../../plugins/focusable-tables/rehype';

const text = (value: string): HastNode => ({ type: 'text', value });
const el = (tagName: string, children: HastNode[] = [], properties: Record<string, unknown> = {}): HastNode => ({
  type: 'element',
  tagName,
  properties,
  children,
});
const table = (...headers: string[]) =>
  el('table', [
    el('thead', [
      el(
        'tr',
        headers.map((h) => el('th', [text(h)])),
      ),
    ]),
    el('tbody', []),
  ]);

describe('focusable tables', () => {
  it('makes every table a keyboard stop named by its section', () => {
    const first = table('Flag', 'Default');
    const nested = table('Step');
    const tree = el('root', [
      el('h2', [text('Helm '), el('code', [text('values')])]),
      first,
      el('h3', [text('Air-gapped')]),
      el('div', [nested]),
    ]);
    rehypeFocusableTables()(tree);
    expect(first.properties).toMatchObject({ tabIndex: 0, ariaLabel: 'Table: Helm values' });
    expect(nested.properties).toMatchObject({ tabIndex: 0, ariaLabel: 'Table: Air-gapped' });
  });

  it('names a table before any heading by its column headers, and keeps a name given', () => {
    expect(tableName(table('Flag', 'Default'), null)).toBe('Table: Flag, Default');
    expect(tableName(el('table'), null)).toBe('Table');
    const named = el('table', [], { ariaLabel: 'Ports' });
    rehypeFocusableTables()(el('root', [named]));
    expect(named.properties).toMatchObject({ tabIndex: 0, ariaLabel: 'Ports' });
  });
});
