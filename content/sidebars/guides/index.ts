import type { GuidesCategory, SidebarItems } from '../types';
import tutorial from './tutorial';
import dataTesting from './data-testing';
import connections from './connections';
import admin from './admin';
import useCases from './use-cases';
import utilities from './utilities';
import knowledgeBase from './knowledge-base';

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
