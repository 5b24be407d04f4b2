import type { GuidesCategory, SidebarItems } from './types';
import tutorial from './guides/tutorial';
import dataTesting from './guides/data-testing';
import connections from './guides/connections';
import admin from './guides/admin';
import useCases from './guides/use-cases';
import utilities from './guides/utilities';
import knowledgeBase from './guides/knowledge-base';

// The category's intro page (when present) becomes the category link, so clicking the
// category label opens an overview instead of only expanding the list.
function toCategory({ label, items }: GuidesCategory): SidebarItems[number] {
  const [first, ...rest] = items;
  if (first?.endsWith('/intro') || first?.endsWith('/getting-started')) {
    return { type: 'category', label, link: { type: 'doc', id: first }, items: rest };
  }
  return { type: 'category', label, items };
}

const categories = [tutorial, dataTesting, connections, admin, useCases, utilities, knowledgeBase];

const guides: SidebarItems = [
  { type: 'doc', id: 'guides/concept', label: 'Key concepts' },
  { type: 'doc', id: 'guides/glossary', label: 'Glossary' },
  ...categories.map(toCategory),
  { type: 'doc', id: 'guides/api-overview', label: 'REST API' },
];

export default guides;
