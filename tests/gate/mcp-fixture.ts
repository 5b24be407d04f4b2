// A small built site for the MCP server's tests: the same data files plugins/mcp-data writes,
// made with the same index functions (src/search), and keys standing in for the provider's.
// Web-standard only (runs under Vitest and Deno).
import { createIndex } from '../../shared/search/indexSchema.ts';
import { packIndex, unpackIndex } from '../../shared/search/packedIndex.ts';
import type { SearchRecord } from '../../shared/search/records.ts';
import { MCP_FILES, type McpFile, type McpSite } from '../../server/mcp/data.ts';
import { createMcpHandler, type McpHandler } from '../../server/mcp/index.ts';
import type { AccessTokenVerifier } from '../../server/mcp/auth.ts';
import { accessTokenClaims, signingKeys } from '../../tools/build/mcpSigningKeys.ts';

export const SITE = 'https://docs.example.com';
export const ISSUER = 'https://tenant.example.auth0.com/';
export const AUDIENCE = `${SITE}/mcp`;
/** A word only the guide's text and description hold: it must never reach a signed-out caller. */
export const GUIDE_WORD = 'zebracorn';
export const GUIDE_TEXT = `Set the ${GUIDE_WORD} warehouse in the connection form before the first run.`;
// The SDK checks expiry against the real clock, so the tokens live around the real now.
export const NOW = Math.floor(Date.now() / 1000) * 1000;
const nowS = Math.floor(NOW / 1000);

const records: SearchRecord[] = [
  {
    id: '/install-options',
    url: '/install-options',
    title: 'Install options',
    section: '',
    category: 'Installation',
    content: 'Choose Embedded Cluster, Existing Cluster or Helm to install Veriq.',
  },
  {
    id: '/install-options#helm',
    url: '/install-options#helm',
    title: 'Install options',
    section: 'Helm',
    category: 'Installation',
    content: 'Helm installs Veriq into an existing Kubernetes cluster.',
  },
  {
    id: '/backup-recovery',
    url: '/backup-recovery',
    title: 'Backup and recovery',
    section: '',
    category: 'Installation',
    content: 'Velero snapshots back up the database; restore them after a failure.',
  },
  {
    id: '/guides/connections/snowflake',
    url: '/guides/connections/snowflake',
    title: 'Snowflake connection',
    section: '',
    category: 'Guides › Connections',
    content: GUIDE_TEXT,
  },
  {
    id: '/guides/connections/snowflake#key-pair',
    url: '/guides/connections/snowflake#key-pair',
    title: 'Snowflake connection',
    section: 'Key pair',
    category: 'Guides › Connections',
    content: `Key pair authentication with the ${GUIDE_WORD} role.`,
  },
  {
    id: '/releases/2025-03',
    url: '/releases/2025-03',
    title: 'Veriq 6.5',
    section: '',
    category: 'Releases',
    content: 'Veriq 6.5 adds rule templates.',
  },
];

const isGuide = (url: string) => url.startsWith('/guides');

const site: McpSite = {
  name: 'Veriq Docs',
  siteUrl: SITE,
  pages: [
    {
      permalink: '/backup-recovery',
      title: 'Backup and recovery',
      description: 'Back up and restore Veriq.',
      lastUpdated: '2025-11-02',
      guide: false,
    },
    {
      permalink: '/guides/connections/snowflake',
      title: 'Snowflake connection',
      description: `Connect with ${GUIDE_WORD}.`,
      lastUpdated: '2025-10-01',
      guide: true,
    },
    {
      permalink: '/install-options',
      title: 'Install options',
      description: 'Choose a method.',
      lastUpdated: null,
      guide: false,
    },
    {
      permalink: '/releases/2025-03',
      title: 'Veriq 6.5',
      description: 'Release notes of 6.5.',
      lastUpdated: '2025-03-20',
      guide: false,
    },
    {
      permalink: '/releases/2024-11',
      title: 'Veriq 6.4',
      description: 'Release notes of 6.4.',
      lastUpdated: '2024-11-20',
      guide: false,
    },
  ],
  sidebars: [
    {
      title: 'Installation',
      items: [
        { label: 'Install options', permalink: '/install-options' },
        { label: 'Backup and recovery', permalink: '/backup-recovery' },
      ],
    },
    {
      title: 'Guides',
      items: [
        {
          label: 'Connections',
          items: [{ label: 'Snowflake connection', permalink: '/guides/connections/snowflake' }],
        },
      ],
    },
    {
      title: 'Releases',
      items: [
        { label: 'Veriq 6.5', permalink: '/releases/2025-03' },
        { label: 'Veriq 6.4', permalink: '/releases/2024-11' },
      ],
    },
  ],
  releases: [
    { version: '6.5.0', date: '2025-03-18', permalink: '/releases/2025-03', title: 'Veriq 6.5' },
    { version: '6.4.0', date: '2024-11-12', permalink: '/releases/2024-11', title: 'Veriq 6.4' },
  ],
};

const twin = (title: string, description: string, body: string) => `# ${title}\n\n> ${description}\n\n${body}\n`;

export function fixtureFiles(): Record<McpFile, string> {
  const publicRecords = records.map((r) => (isGuide(r.url) ? { ...r, content: '' } : r));
  const texts = (guide: boolean) =>
    Object.fromEntries(records.filter((r) => isGuide(r.url) === guide).map((r) => [r.url, r.content]));
  return {
    [MCP_FILES.site]: JSON.stringify(site),
    // As plugins/mcp-data writes them: the modal's packed indexes, unpacked.
    [MCP_FILES.publicIndex]: JSON.stringify(
      unpackIndex(packIndex(createIndex(publicRecords).toJSON(), (p) => (isGuide(p) ? '' : `assets/search/${p}.json`))),
    ),
    [MCP_FILES.guidesIndex]: JSON.stringify(
      unpackIndex(packIndex(createIndex(records).toJSON(), (p) => `assets/search/${p}.json`)),
    ),
    [MCP_FILES.publicTexts]: JSON.stringify(texts(false)),
    [MCP_FILES.guideTexts]: JSON.stringify(texts(true)),
    [MCP_FILES.publicTwins]: JSON.stringify({
      '/install-options': twin('Install options', 'Choose a method.', `See [backups](${SITE}/backup-recovery.md).`),
      '/backup-recovery': twin(
        'Backup and recovery',
        'Back up and restore Veriq.',
        'Velero snapshots back up the database.',
      ),
      '/releases/2025-03': twin('Veriq 6.5', 'Release notes of 6.5.', '## Highlights\n\nRule templates.'),
      '/releases/2024-11': twin('Veriq 6.4', 'Release notes of 6.4.', '## Highlights\n\nFaster checks.'),
    }),
    [MCP_FILES.guideTwins]: JSON.stringify({
      '/guides/connections/snowflake': twin('Snowflake connection', `Connect with ${GUIDE_WORD}.`, GUIDE_TEXT),
    }),
    [MCP_FILES.auth]: JSON.stringify({ audience: AUDIENCE }),
  };
}

export interface Keys {
  verifier: AccessTokenVerifier;
  sign: (claims: Record<string, unknown>, options?: { key?: 'other' }) => Promise<string>;
}

export async function keys(): Promise<Keys> {
  const k = await signingKeys();
  return { verifier: k.verifier(ISSUER, AUDIENCE), sign: k.sign };
}

export const accessClaims = (extra: Record<string, unknown> = {}) => accessTokenClaims(ISSUER, AUDIENCE, nowS, extra);

export interface Fixture {
  handler: McpHandler;
  logs: string[];
  reads: string[];
}

export function fixtureHandler(options: {
  verifier: AccessTokenVerifier | null;
  open?: boolean;
  session?: boolean;
}): Fixture {
  const files = fixtureFiles();
  const logs: string[] = [];
  const reads: string[] = [];
  const handler = createMcpHandler({
    readFile: (path) => {
      reads.push(path);
      return Promise.resolve(files[path] ?? null);
    },
    verifier: options.verifier,
    open: options.open ?? false,
    hasSession: () => Promise.resolve(options.session ?? false),
    headers: { 'X-Content-Type-Options': 'nosniff' },
    log: (line) => logs.push(line),
    now: () => NOW,
  });
  return { handler, logs, reads };
}
