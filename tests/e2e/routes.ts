// The route inventory: every documentation route the site serves, grouped by sidebar section.
// Derived from content/sidebars/index.ts and docs/ (tests/e2e/support/route-inventory.ts), never listed by hand.
import { join } from 'node:path';
import sidebars from '../../content/sidebars';
import { readDocPages, sidebarSections } from './support/route-inventory';

// npm scripts, Vitest and Playwright run from the repository root.
export const pages = readDocPages(join(process.cwd(), 'docs'));

const ids = [...pages.keys()];

/** Routes per section; a sidebar id without a page has no route here (the unit test names it). */
export const sections: Record<string, string[]> = Object.fromEntries(
  sidebarSections(sidebars, ids).map(({ name, docIds }) => [
    name,
    docIds.flatMap((id) => {
      const page = pages.get(id);
      return page ? [page.route] : [];
    }),
  ]),
);

export const routes: readonly string[] = Object.values(sections).flat();
