// What the sidebars say about each doc: its category path and its place in the navigation.

const CATEGORY_SEPARATOR = ' › ';

/** Labels of the sidebars themselves (the first part of every category path). */
export const SIDEBAR_LABELS: Readonly<Record<string, string>> = {
  install: 'Installation',
  guides: 'Guides',
  releases: 'Releases',
  restricted: 'Restricted',
  archived: 'Archived',
};

/** The subset of Docusaurus' processed sidebar items this module reads. */
export type SidebarItemLike =
  | { type: 'doc' | 'ref'; id: string; label?: string }
  | { type: 'category'; label: string; items: SidebarItemLike[]; link?: { type: string; id?: string } }
  | { type: 'link' | 'html' };

/** Maps each doc id to its category path, e.g. "Guides › Connections". */
export function categoryPaths(
  sidebars: Record<string, SidebarItemLike[]>,
  labels: Readonly<Record<string, string>> = SIDEBAR_LABELS,
): Map<string, string> {
  const paths = new Map<string, string>();
  const walk = (items: SidebarItemLike[], path: string[]) => {
    for (const item of items) {
      if (item.type === 'doc' || item.type === 'ref') {
        if (!paths.has(item.id)) paths.set(item.id, path.join(CATEGORY_SEPARATOR));
      } else if (item.type === 'category') {
        const inner = [...path, item.label];
        if (item.link?.type === 'doc' && item.link.id && !paths.has(item.link.id)) {
          paths.set(item.link.id, inner.join(CATEGORY_SEPARATOR));
        }
        walk(item.items, inner);
      }
    }
  };
  for (const [sidebarId, items] of Object.entries(sidebars)) {
    walk(items, [labels[sidebarId] ?? sidebarId]);
  }
  return paths;
}

/** Doc ids in sidebar order (install, guides, releases, restricted), each once. */
export function sidebarOrder(sidebars: Record<string, SidebarItemLike[]>): Map<string, number> {
  const order = new Map<string, number>();
  const walk = (items: SidebarItemLike[]) => {
    for (const item of items) {
      if (item.type === 'doc' || item.type === 'ref') {
        if (!order.has(item.id)) order.set(item.id, order.size);
      } else if (item.type === 'category') {
        if (item.link?.type === 'doc' && item.link.id && !order.has(item.link.id)) order.set(item.link.id, order.size);
        walk(item.items);
      }
    }
  };
  for (const items of Object.values(sidebars)) walk(items);
  return order;
}
