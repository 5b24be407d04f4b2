// The four tools, built per request for the caller's rights. A caller without rights reads only
// what a signed-out reader of the site may: the public index and texts (guides by title), public
// twins, guide titles in list_pages. Guide text is read from files of its own, opened only when
// `rights` is true, so no code path can hand it to a signed-out caller.
import { McpServer, type CallToolResult } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import type { McpCallLog } from './log.ts';
import { findRelease, findSection, navAnswer, pageAnswer, pageUrl, resolvePage, sectionNames } from './pages.ts';
import { DEFAULT_LIMIT, MAX_LIMIT, MAX_QUERY_LENGTH, queryProblem, searchPages, type PageHit } from './search.ts';
import type { SiteReader } from './reader.ts';

export interface ToolContext {
  reader: SiteReader;
  rights: boolean;
  /** Where the request came from (a URL of this origin names a page too). */
  origin: string;
  /** Where a caller signs in, for the message that asks them to. */
  signIn: string | null;
  log: (entry: McpCallLog) => void;
  now: () => number;
}

const text = (body: string): CallToolResult => ({ content: [{ type: 'text', text: body }] });
const toolError = (body: string): CallToolResult => ({ content: [{ type: 'text', text: body }], isError: true });

const oneLine = (value: string) => value.replace(/\s+/g, ' ').trim();

function signInMessage(ctx: ToolContext, what: string): string {
  const how = ctx.signIn
    ? `Sign in with your MCP client (its "Authenticate" or "Sign in" action for this server): it finds the identity provider through ${ctx.signIn}, and then ${what}.`
    : `Guides are for signed-in readers of the site; ${what} once signed in.`;
  return `This is a guide, and guides are for signed-in readers. ${how}`;
}

function searchAnswer(ctx: ToolContext, query: string, pages: PageHit[], site: { siteUrl: string }): string {
  if (pages.length === 0)
    return `No page matches "${oneLine(query)}". Try fewer or other words, or list_pages to browse the documentation.`;
  const lines = [`Pages matching "${oneLine(query)}", best first:`, ''];
  pages.forEach((page, i) => {
    const guide = page.permalink.startsWith('/guides');
    const locked = guide && !ctx.rights;
    lines.push(
      `${i + 1}. [${page.title}](${site.siteUrl}${page.permalink}) (${page.category || 'Documentation'})${locked ? ': guide, sign in to read' : ''}`,
    );
    for (const section of page.sections) {
      const name = section.section || 'Introduction';
      lines.push(`   - [${name}](${site.siteUrl}${section.url})${section.snippet ? `: ${section.snippet}` : ''}`);
    }
  });
  return lines.join('\n') + '\n';
}

export function buildServer(ctx: ToolContext): McpServer {
  const server = new McpServer(
    { name: 'veriq-docs', title: 'Veriq documentation', version: '1.0.0' },
    {
      instructions:
        'Search and read the Veriq documentation (installation, guides, release notes). Start with search_docs, then get_page for a result. Guides need the reader to sign in.',
    },
  );

  /** Runs a tool body: timing, one log line, and a tool error instead of any exception. */
  const run = async (
    tool: string,
    fields: Omit<McpCallLog, 'event' | 'tool' | 'outcome' | 'results' | 'signed_in' | 'ms'>,
    body: () => Promise<{ result: CallToolResult; results: number; pagePath?: string }>,
  ): Promise<CallToolResult> => {
    const started = ctx.now();
    let outcome: McpCallLog['outcome'] = 'tool_error';
    let results = 0;
    let pagePath: string | undefined;
    let result: CallToolResult;
    try {
      ({ result, results, pagePath } = await body());
      outcome = result.isError ? 'tool_error' : results === 0 && tool === 'search_docs' ? 'no_results' : 'ok';
    } catch (error) {
      console.error(`mcp ${tool} failed:`, error);
      result = toolError('The documentation could not be read just now. Try again in a moment.');
    }
    ctx.log({
      event: 'mcp_tool_call',
      tool,
      outcome,
      results,
      signed_in: ctx.rights,
      ...fields,
      ...(pagePath ? { page_path: pagePath } : {}),
      ms: Math.round((ctx.now() - started) * 100) / 100,
    });
    return result;
  };

  server.registerTool(
    'search_docs',
    {
      title: 'Search the documentation',
      description:
        "Full-text search of the Veriq documentation, ranked as the site's search box ranks it (title, heading and category matches first; typos tolerated). Returns the best pages, best first, each with its title, category, URL and up to three matching sections with a snippet. Guides are found by title only unless the reader is signed in. Use get_page on a result's URL to read it.",
      inputSchema: z.object({
        query: z.string().describe(`Key words, e.g. "snowflake key pair" (2 to ${MAX_QUERY_LENGTH} characters).`),
        limit: z
          .number()
          .int()
          .min(1)
          .max(MAX_LIMIT)
          .optional()
          .describe(`How many pages to return (1 to ${MAX_LIMIT}, default ${DEFAULT_LIMIT}).`),
        section: z
          .string()
          .optional()
          .describe(
            'Only pages in this part of the site: a sidebar ("Installation", "Guides", "Releases") or a category label ("Connections"). list_pages shows them.',
          ),
      }),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ query, limit, section }) =>
      run('search_docs', { query, ...(section ? { section } : {}) }, async () => {
        const problem = queryProblem(query);
        if (problem) return { result: toolError(problem), results: 0 };
        const site = await ctx.reader.site();
        if (
          section !== undefined &&
          section.trim() !== '' &&
          !sectionNames(site).some((s) => s.toLowerCase() === section.trim().toLowerCase())
        ) {
          return {
            result: toolError(
              `There is no section "${oneLine(section).slice(0, 100)}". Sections: ${sectionNames(site).join(', ')}.`,
            ),
            results: 0,
          };
        }
        const [index, texts] = await Promise.all([ctx.reader.index(ctx.rights), ctx.reader.texts(ctx.rights)]);
        const pages = searchPages(index, query, {
          limit: limit ?? DEFAULT_LIMIT,
          section: section?.trim() || undefined,
          textOf: (url) => texts[url],
        });
        return { result: text(searchAnswer(ctx, query, pages, site)), results: pages.length };
      }),
  );

  server.registerTool(
    'get_page',
    {
      title: 'Read a documentation page',
      description:
        'Returns one page of the Veriq documentation as Markdown (its Markdown twin): title, description, URL, last-updated date and the full content, with absolute links. Give a path ("/install-options") or a URL of the site, e.g. from search_docs. Guides need the reader to be signed in.',
      inputSchema: z.object({
        path_or_url: z
          .string()
          .describe('A page path ("/backup-recovery") or URL ("https://docs.veriq.io/backup-recovery").'),
      }),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ path_or_url }) =>
      run('get_page', {}, async () => {
        const site = await ctx.reader.site();
        const resolved = resolvePage(site, path_or_url, ctx.origin);
        if (!resolved.ok) return { result: toolError(resolved.problem), results: 0 };
        const page = resolved.page;
        if (page.guide && !ctx.rights) {
          return {
            result: toolError(signInMessage(ctx, `get_page returns "${page.title}"`)),
            results: 0,
            pagePath: page.permalink,
          };
        }
        const twin = await ctx.reader.twin(page.permalink, ctx.rights);
        if (twin === null)
          return {
            result: toolError(
              `"${page.title}" has no Markdown version. Open ${pageUrl(site, page.permalink)} instead.`,
            ),
            results: 0,
          };
        return { result: text(pageAnswer(site, page, twin)), results: 1, pagePath: page.permalink };
      }),
  );

  server.registerTool(
    'list_pages',
    {
      title: 'Browse the documentation',
      description:
        "The documentation's sidebars as a Markdown outline: every page with its title, URL and description, grouped as on the site (Installation, Guides, Releases, ...). Give a section to list only that sidebar or category.",
      inputSchema: z.object({
        section: z
          .string()
          .optional()
          .describe('A sidebar ("Installation", "Guides", "Releases") or a category label; omit for everything.'),
      }),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ section }) =>
      run('list_pages', section ? { section } : {}, async () => {
        const site = await ctx.reader.site();
        const wanted = section?.trim();
        const chosen = wanted ? findSection(site, wanted) : null;
        if (wanted && !chosen) {
          return {
            result: toolError(
              `There is no section "${oneLine(wanted).slice(0, 100)}". Sections: ${sectionNames(site).join(', ')}.`,
            ),
            results: 0,
          };
        }
        const sections = chosen ? [chosen] : site.sidebars;
        const intro = ctx.rights ? '' : 'Guides are listed by title; sign in to read them.\n\n';
        return { result: text(intro + navAnswer(site, sections, ctx.rights)), results: sections.length };
      }),
  );

  server.registerTool(
    'get_release_notes',
    {
      title: 'Read release notes',
      description:
        'The release notes of a Veriq version as Markdown (version, release date, changes, upgrade notes), or of the latest release when no version is given.',
      inputSchema: z.object({
        version: z.string().optional().describe('A version such as "6.5" or "6.5.1"; omit for the latest release.'),
      }),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ version }) =>
      run('get_release_notes', version ? { query: version } : {}, async () => {
        const site = await ctx.reader.site();
        const release = findRelease(site, version);
        if (!release) {
          const known = site.releases.map((r) => r.version).join(', ');
          return {
            result: toolError(
              `No release "${oneLine(version ?? '').slice(0, 50)}". Releases: ${known || 'none published'}.`,
            ),
            results: 0,
          };
        }
        const page = site.pages.find((p) => p.permalink === release.permalink);
        const twin = await ctx.reader.twin(release.permalink, false);
        if (!page || twin === null)
          return {
            result: toolError(
              `The notes of ${release.version} cannot be read. Open ${pageUrl(site, release.permalink)} instead.`,
            ),
            results: 0,
          };
        const head = `Version: ${release.version}\nRelease date: ${release.date}\n`;
        return { result: text(head + pageAnswer(site, page, twin)), results: 1 };
      }),
  );

  return server;
}
