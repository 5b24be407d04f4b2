// One JSON line per tool call on stdout, which Netlify's log drains ship (and `serve:prod` and
// `npm start` print): what agents look for and read, for the docs team. It holds the tool, the
// outcome, the result count, the page path and the search query (capped, as the page feedback
// comment is), and no identity: not the token, its subject, nor an address.

export interface McpCallLog {
  event: 'mcp_tool_call';
  tool: string;
  /** ok, no_results (a search with no hit), or tool_error (the caller was told what to do). */
  outcome: 'ok' | 'no_results' | 'tool_error';
  results: number;
  signed_in: boolean;
  query?: string;
  section?: string;
  page_path?: string;
  /** CPU-bound time spent in the tool, ms. */
  ms: number;
}

const MAX_LOGGED_QUERY = 200;

export function logLine(entry: McpCallLog): string {
  const capped = entry.query !== undefined ? { ...entry, query: entry.query.slice(0, MAX_LOGGED_QUERY) } : entry;
  return JSON.stringify(capped);
}
