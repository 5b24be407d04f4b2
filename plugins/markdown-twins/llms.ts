// Pure builders of /llms.txt (https://llmstxt.org) and /llms-full.txt from the docs' metadata
// and sidebars. Guides are private: llms.txt lists their titles (their twins answer only to a
// signed-in reader), llms-full.txt never holds their text.
import { twinPath } from '../../shared/routing/twin';
import { MCP_PATH } from '../../server/mcp/routes';

export interface LlmsDoc {
  id: string;
  title: string;
  description?: string;
  permalink: string;
}

/** The sidebar item shapes this module reads (a subset of the docs plugin's loaded sidebars). */
export type SidebarItem =
  | { type: 'doc' | 'ref'; id: string }
  | { type: 'category'; items: SidebarItem[]; link?: { type: string; id?: string } }
  | { type: string };

export interface LlmsSection {
  title: string;
  docs: LlmsDoc[];
}

/** The section of docs that are in no sidebar (reachable by link only, e.g. archived pages). */
export const UNLISTED_SECTION = 'Other pages';

/** Whether a signed-out reader may read the page (guides sit behind the sign-in gate). */
export function isPublicRoute(permalink: string): boolean {
  return !/^\/guides(\/|$)/.test(permalink);
}

function docIdsInOrder(items: readonly SidebarItem[], out: string[] = []): string[] {
  for (const item of items) {
    if ((item.type === 'doc' || item.type === 'ref') && 'id' in item) out.push(item.id);
    if (item.type === 'category' && 'items' in item) {
      if (item.link?.type === 'doc' && item.link.id) out.push(item.link.id);
      docIdsInOrder(item.items, out);
    }
  }
  return out;
}

/**
 * One section per sidebar, in the sidebars' order, each doc once (where it first appears);
 * docs in no sidebar come last, by route.
 */
export function llmsSections(
  docs: readonly LlmsDoc[],
  sidebars: Record<string, readonly SidebarItem[]>,
  labels: Readonly<Record<string, string>>,
): LlmsSection[] {
  const byId = new Map(docs.map((doc) => [doc.id, doc]));
  const seen = new Set<string>();
  const sections: LlmsSection[] = [];
  for (const [name, items] of Object.entries(sidebars)) {
    const inSidebar = docIdsInOrder(items)
      .filter((id) => !seen.has(id) && byId.has(id))
      .map((id) => {
        seen.add(id);
        return byId.get(id)!;
      });
    if (inSidebar.length) sections.push({ title: labels[name] ?? name, docs: inSidebar });
  }
  const rest = docs.filter((doc) => !seen.has(doc.id)).sort((a, b) => a.permalink.localeCompare(b.permalink));
  if (rest.length) sections.push({ title: UNLISTED_SECTION, docs: rest });
  return sections;
}

export interface LlmsSite {
  name: string;
  summary: string;
  siteUrl: string;
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();
/** Link text cannot hold unbalanced brackets. */
const linkText = (text: string) => oneLine(text).replace(/([[\]])/g, '\\$1');

/**
 * `/llms.txt`: the site name, a summary, then `- [title](twin url): description` per sidebar.
 * Guides are listed by title only: a description is a sentence of the guide, which the gate keeps
 * from signed-out readers (titles are not secret: the sidebar shows them to every reader).
 */
export function llmsTxt(site: LlmsSite, sections: readonly LlmsSection[]): string {
  const lines = [`# ${site.name}`, '', `> ${oneLine(site.summary)}`, ''];
  lines.push(
    'Every page below is Markdown. Pages under `/guides/` are for signed-in readers: their links answer 401 without a session.',
    '',
    `MCP server (Streamable HTTP): ${site.siteUrl}${MCP_PATH}: tools search_docs, get_page, list_pages and get_release_notes; sign in through its OAuth metadata to read the guides.`,
    '',
  );
  for (const section of sections) {
    lines.push(`## ${section.title}`, '');
    for (const doc of section.docs) {
      const description = doc.description && isPublicRoute(doc.permalink) ? `: ${oneLine(doc.description)}` : '';
      lines.push(`- [${linkText(doc.title)}](${site.siteUrl}${twinPath(doc.permalink)})${description}`);
    }
    lines.push('');
  }
  return lines.join('\n');
}

/** `/llms-full.txt`: the twins of every page a signed-out reader may read, in llms.txt order. */
export function llmsFullTxt(
  site: LlmsSite,
  sections: readonly LlmsSection[],
  twinOf: (doc: LlmsDoc) => string,
): string {
  const parts = [`# ${site.name}\n\n> ${oneLine(site.summary)}\n`];
  for (const doc of sections.flatMap((s) => s.docs)) {
    if (!isPublicRoute(doc.permalink)) continue;
    parts.push(`Source: ${site.siteUrl}${twinPath(doc.permalink)}\n\n${twinOf(doc).trim()}\n`);
  }
  return parts.join('\n---\n\n');
}
