// Parses the docs' SQL blocks with node-sql-parser in the dialect of the database they run on:
// `dialect=NAME` in the fence meta, else the page's (the table below). Dialects it has no grammar
// for are skipped and counted. Veriq parameters (`${run_date}`) become an identifier first. Other
// fence meta (fragment=, unparsed=): CONTRIBUTING.md, "Code blocks are checked".
// Why: maintainers/decisions/2026-11-27-code-block-checks.md
import { Parser } from 'node-sql-parser';
import type { CodeBlock } from './codeBlocks';

/** Dialect names writers use in `dialect=`, with node-sql-parser's database name or null. */
export const DIALECTS: Record<string, string | null> = {
  postgresql: 'PostgresQL',
  redshift: 'Redshift',
  mysql: 'MySQL',
  mariadb: 'MariaDB',
  tsql: 'TransactSQL',
  snowflake: 'Snowflake',
  bigquery: 'BigQuery',
  db2: 'DB2',
  athena: 'Athena',
  trino: 'Trino',
  hive: 'Hive',
  sqlite: 'Sqlite',
  // No grammar in node-sql-parser: counted as skipped.
  oracle: null,
  teradata: null,
  saphana: null,
  vertica: null,
  netezza: null,
  monetdb: null,
  clickhouse: null,
  duckdb: null,
  sparksql: null,
  impala: null,
  vql: null,
  sas: null,
  mdx: null,
  soql: null,
  sybase: null,
};

/** The dialect of a page's SQL blocks, by the page's path under docs/. */
const PAGE_DIALECTS: [RegExp, string][] = [
  [/connections\/(postgresql|aurora-postgresql|greenplum)\.md$/, 'postgresql'],
  [/connections\/redshift\.md$/, 'redshift'],
  [/connections\/(mysql|aurora-mysql)\.md$/, 'mysql'],
  [/connections\/mariadb\.md$/, 'mariadb'],
  [/connections\/(sqlserver|azure-synapse)\.md$|restricted\/ss-6\.2-upgrade\.md$/, 'tsql'],
  [/connections\/sybase\.md$/, 'sybase'],
  [/connections\/salesforce\.md$/, 'soql'],
  [/connections\/snowflake\.md$|snowflake-key-pair-authentication\.md$/, 'snowflake'],
  [/connections\/googlebigquery\.md$/, 'bigquery'],
  [/connections\/(ibmdb2|ibm-as400)\.md$/, 'db2'],
  [/connections\/athena\.md$/, 'athena'],
  [/connections\/hive\.md$/, 'hive'],
  [/connections\/impala\.md$/, 'impala'],
  [/connections\/databricks\.md$/, 'sparksql'],
  [/connections\/oracle\.md$/, 'oracle'],
  [/connections\/teradata\.md$/, 'teradata'],
  [/connections\/sap-hana\.md$/, 'saphana'],
  [/connections\/vertica\.md$/, 'vertica'],
  [/connections\/ibm-netezza\.md$/, 'netezza'],
  [/connections\/monetdb\.md$/, 'monetdb'],
  [/connections\/clickhouse\.md$/, 'clickhouse'],
  [/connections\/denodo\.md$/, 'vql'],
  [/connections\/atscale\.md$/, 'mdx'],
  [/connections\/sas-data-sets\.md$/, 'sas'],
  [/connections\/(flat-file-sql|parquet)\.md$|scenario\/file-sql-validation\.md$/, 'duckdb'],
  // Veriq's metadata database and the pages whose examples run on PostgreSQL sources.
  [/^docs\/(restricted|archived)\//, 'postgresql'],
  [/^docs\/[^/]+\.md$/, 'postgresql'],
];

/** Dialect for pages not in the table: the tutorial's and most guides' sample warehouse. */
export const DEFAULT_DIALECT = 'postgresql';

export function dialectOf(block: CodeBlock): string {
  const explicit = block.meta.options.get('dialect');
  if (explicit) return explicit;
  return PAGE_DIALECTS.find(([pattern]) => pattern.test(block.file))?.[1] ?? DEFAULT_DIALECT;
}

interface SqlToken {
  kind: 'code' | 'quoted' | 'comment';
  text: string;
}

/** SQL cut into quoted strings and identifiers, `--` comments, and the code between them. */
export function sqlTokens(sql: string): SqlToken[] {
  const tokens: SqlToken[] = [];
  let code = '';
  const flush = () => {
    if (code) tokens.push({ kind: 'code', text: code });
    code = '';
  };
  for (let i = 0; i < sql.length; i++) {
    const c = sql[i];
    if (c === "'" || c === '"' || c === '`') {
      const end = sql.indexOf(c, i + 1);
      const stop = end === -1 ? sql.length : end + 1;
      flush();
      tokens.push({ kind: 'quoted', text: sql.slice(i, stop) });
      i = stop - 1;
    } else if (c === '-' && sql[i + 1] === '-') {
      const end = sql.indexOf('\n', i);
      const stop = end === -1 ? sql.length : end;
      flush();
      tokens.push({ kind: 'comment', text: sql.slice(i, stop) });
      i = stop - 1;
    } else {
      code += c;
    }
  }
  flush();
  return tokens;
}

/** SQL as the database receives it: parameters outside quotes and comments become identifiers. */
export function withoutParameters(sql: string): string {
  return sqlTokens(sql)
    .map(({ kind, text }) =>
      kind === 'code'
        ? text.replace(/\$\{([^}]*)\}/g, (_, name: string) => `veriq_param_${name.replace(/\W/g, '_')}`)
        : text,
    )
    .join('');
}

/** Statements split at semicolons outside quotes and comments; `GO` lines end a T-SQL batch. */
export function statements(sql: string): string[] {
  const out: string[] = [];
  let current = '';
  for (const { kind, text } of sqlTokens(sql)) {
    if (kind === 'comment') continue;
    if (kind === 'quoted') {
      current += text;
      continue;
    }
    const parts = text.split(';');
    current += parts[0];
    for (const part of parts.slice(1)) {
      out.push(current);
      current = part;
    }
  }
  out.push(current);
  return out
    .flatMap((s) => s.split(/^\s*GO\s*$/im))
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

/**
 * Account and privilege statements (users, roles, grants, session settings): node-sql-parser has
 * no grammar for most of them in any dialect, so they are counted as skipped, by statement.
 */
const ADMINISTRATION =
  /^(GRANT|REVOKE|USE|SET|SHOW|DESC(RIBE)?|BACKUP|RESTORE|(CREATE|ALTER|DROP)\s+(USER|ROLE|LOGIN|DATABASE|SCHEMA|WAREHOUSE|SECURITY\s+INTEGRATION|NETWORK\s+POLICY|RESOURCE\s+(QUEUE|GROUP)|WORKLOAD\s+(GROUP|CLASSIFIER))|ALTER\s+DEFAULT\s+PRIVILEGES|EXEC(UTE)?|CALL|sp_\w+)\b/i;

/** A psql meta-command line (`\o file`, `\dt`): psql's, not SQL. */
const PSQL_META = /^\s*\\\S.*$/gm;

const FRAGMENTS: Record<string, (sql: string) => string> = {
  expression: (sql) => `SELECT (${sql}) AS veriq_fragment`,
  clause: (sql) => `SELECT 1 FROM veriq_fragment ${sql}`,
};

export interface SqlResult {
  /** Statements parsed. */
  parsed: number;
  /** Statements skipped, with the reason (`dialect oracle`, `administration statement`). */
  skipped: string[];
  errors: string[];
}

const parser = new Parser();

export function checkSql(block: CodeBlock): SqlResult {
  const result: SqlResult = { parsed: 0, skipped: [], errors: [] };
  const dialect = dialectOf(block);
  if (!(dialect in DIALECTS)) return { ...result, errors: [`unknown SQL dialect ${dialect}`] };
  const database = DIALECTS[dialect];
  const unparsed = block.meta.options.get('unparsed');
  const fragment = block.meta.options.get('fragment');
  if (fragment && !FRAGMENTS[fragment]) return { ...result, errors: [`unknown fragment=${fragment}`] };
  const source = block.value.replace(PSQL_META, (line) => {
    result.skipped.push(`psql meta-command ${line.trim().split(/\s/)[0]}`);
    return '';
  });
  for (const raw of fragment ? [block.value.trim()] : statements(source)) {
    const statement = fragment ? FRAGMENTS[fragment](raw) : raw;
    if (unparsed) {
      result.skipped.push(`unparsed: ${unparsed}`);
    } else if (!database) {
      result.skipped.push(`dialect ${dialect}`);
    } else if (ADMINISTRATION.test(statement)) {
      result.skipped.push('administration statement');
    } else {
      try {
        parser.astify(withoutParameters(statement), { database });
        result.parsed++;
      } catch (error) {
        const message = (error as Error).message
          .split('\n')[0]
          .replace(/^Expected .* but (.*) found\.$/, 'unexpected $1');
        result.errors.push(`${dialect}: ${message} in "${statement.split('\n')[0].slice(0, 60)}"`);
      }
    }
  }
  return result;
}
