// A rehype plugin for the docs: every Markdown table becomes a keyboard stop with a name. A table
// wider than the article scrolls, and a scrolling region with nothing focusable cannot be scrolled
// by keyboard (WCAG 2.1.1); overflow depends on the screen, so every table gets `tabindex="0"` and
// a name (its section, or its column headers), in the HTML, before hydration.
// Why: maintainers/decisions/2026-11-27-docs-one-parse.md

/** The parts of a hast tree this plugin reads and writes. */
export interface HastNode {
  type: string;
  tagName?: string;
  value?: string;
  properties?: Record<string, unknown>;
  children?: HastNode[];
}

const HEADING = /^h[1-6]$/;

export function textOf(node: HastNode): string {
  if (node.type === 'text') return node.value ?? '';
  return (node.children ?? []).map(textOf).join('');
}

function headerCells(table: HastNode): string[] {
  const cells: string[] = [];
  const walk = (node: HastNode) => {
    if (node.type === 'element' && node.tagName === 'th') cells.push(textOf(node).replace(/\s+/g, ' ').trim());
    else for (const child of node.children ?? []) walk(child);
  };
  walk(table);
  return cells.filter(Boolean);
}

/** The name a table is announced by when it takes focus. */
export function tableName(table: HastNode, section: string | null): string {
  if (section) return `Table: ${section}`;
  const headers = headerCells(table);
  return headers.length > 0 ? `Table: ${headers.join(', ')}` : 'Table';
}

export default function rehypeFocusableTables() {
  return (tree: HastNode): void => {
    let section: string | null = null;
    const walk = (node: HastNode) => {
      if (node.type === 'element' && node.tagName && HEADING.test(node.tagName)) {
        section = textOf(node).replace(/\s+/g, ' ').trim() || section;
        return;
      }
      if (node.type === 'element' && node.tagName === 'table') {
        const properties = (node.properties ??= {});
        properties.tabIndex ??= 0;
        properties.ariaLabel ??= tableName(node, section);
        return;
      }
      for (const child of node.children ?? []) walk(child);
    };
    walk(tree);
  };
}
