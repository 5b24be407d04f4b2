// Pure helpers of the route registry compaction (see index.ts). CommonJS because the bundler
// loads loaders without a TypeScript hook; the unit tests import these functions directly.

/** One entry of core's generated registry.js (server/codegen/codegenRoutes.js, genRegistry). */
const ENTRY =
  /^ {2}"([^"]+)": \[\(\) => import\(\/\* webpackChunkName: "\1" \*\/ "([^"]+)"\), "\2", require\.resolveWeak\("\2"\)\],$/;

/** Prefix of the short chunk names; the rest is the name's index in base 36. */
const SHORT_NAME_PREFIX = 'r';

/**
 * Parses core's registry.js. Throws when a line is not of the shape core generates, so an
 * upgrade that changes it fails the build instead of shipping a half-rewritten registry.
 * @param {string} source
 * @returns {{ chunkName: string, modulePath: string }[]}
 */
function registryEntries(source) {
  const text = source.trimEnd();
  const head = 'export default {\n';
  if (!text.startsWith(head) || !text.endsWith('};')) {
    throw new Error("registry.js: expected `export default { ... };`, core's generated registry changed shape");
  }
  // core joins the entries with newlines and closes the object on the last one's line.
  const body = text.slice(head.length, -'};'.length);
  const entries = [];
  for (const line of body.split('\n')) {
    if (line === '') continue;
    const match = ENTRY.exec(line);
    if (!match) throw new Error(`registry.js: unexpected line, core's generated registry changed shape: ${line}`);
    entries.push({ chunkName: match[1], modulePath: match[2] });
  }
  return entries;
}

/**
 * The short name of each chunk name: its rank among the sorted names, so the registry and
 * routesChunkNames.json, compacted apart, agree.
 * @param {{ chunkName: string }[]} entries
 * @returns {Map<string, string>}
 */
function shortNamesOf(entries) {
  const names = entries.map((entry) => entry.chunkName).sort();
  return new Map(names.map((name, index) => [name, SHORT_NAME_PREFIX + index.toString(36)]));
}

/**
 * The short name of each chunk name of the registry (see shortNamesOf).
 * @param {string} registrySource
 * @returns {Map<string, string>}
 */
function shortChunkNames(registrySource) {
  return shortNamesOf(registryEntries(registrySource));
}

/**
 * registry.js for the browser: each entry under its short name, and without the module path
 * that react-loadable reports only while rendering on the server.
 * @param {string} source
 * @returns {string}
 */
function compactRegistry(source) {
  const entries = registryEntries(source);
  const short = shortNamesOf(entries);
  const lines = entries.map(({ chunkName, modulePath }) => {
    const name = short.get(chunkName);
    return `  "${name}": [() => import(/* webpackChunkName: "${name}" */ "${modulePath}"), "", require.resolveWeak("${modulePath}")],`;
  });
  return `export default {\n${lines.join('\n')}\n};\n`;
}

/**
 * routesChunkNames.json with every chunk name replaced by its short name. Throws on a name the
 * registry does not have.
 * @param {string} json
 * @param {Map<string, string>} short
 * @returns {string}
 */
function compactRoutesChunkNames(json, short) {
  const rename = (value) => {
    if (typeof value === 'string') {
      const name = short.get(value);
      if (name === undefined) throw new Error(`routesChunkNames.json: chunk "${value}" is not in registry.js`);
      return name;
    }
    if (Array.isArray(value)) return value.map(rename);
    if (value && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, rename(inner)]));
    }
    return value;
  };
  const routes = JSON.parse(json);
  return JSON.stringify(Object.fromEntries(Object.entries(routes).map(([route, names]) => [route, rename(names)])));
}

module.exports = { SHORT_NAME_PREFIX, registryEntries, shortChunkNames, compactRegistry, compactRoutesChunkNames };
