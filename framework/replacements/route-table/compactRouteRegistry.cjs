// Pure helpers of the route registry compaction (./wiring.ts). CommonJS because the bundler
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

/** The head and tail of core's generated routes.js (server/codegen/codegenRoutes.js). */
const ROUTES_HEAD =
  "import React from 'react';\nimport ComponentCreator from '@docusaurus/ComponentCreator';\n\nexport default [\n";
const ROUTES_TAIL = "  {\n    path: '*',\n    component: ComponentCreator('*'),\n  },\n];";
/** A route's component: its path (quotes escaped) and the hash that, after a `-`, keys it. */
const ROUTE_COMPONENT = /component: ComponentCreator\('((?:[^'\\]|\\.)*)', '([0-9a-z]+)'\)/g;

/**
 * The routesChunkNames key of a ROUTE_COMPONENT match.
 * @param {RegExpMatchArray} match
 * @returns {string}
 */
function routeKeyOf(match) {
  return `${match[1].replace(/\\'/g, "'")}-${match[2]}`;
}

/** What core writes after a doc route's component: `exact: true`, then its `sidebar` attribute. */
const ROUTE_SIDEBAR = /,\s*exact: true,\s*sidebar: ("(?:[^"\\]|\\.)*")/y;

/**
 * The sidebar of each route of core's routes.js that names one (a doc's), by routesChunkNames
 * key. Throws, as routeKeys does, when the file is not of the shape core generates.
 * @param {string} source
 * @returns {Map<string, string>}
 */
function routeSidebars(source) {
  routeKeys(source);
  const sidebars = new Map();
  for (const match of source.matchAll(ROUTE_COMPONENT)) {
    ROUTE_SIDEBAR.lastIndex = match.index + match[0].length;
    const sidebar = ROUTE_SIDEBAR.exec(source);
    // core writes attribute values with JSON.stringify.
    if (sidebar) sidebars.set(routeKeyOf(match), JSON.parse(sidebar[1]));
  }
  return sidebars;
}

/**
 * The routesChunkNames key of each route of core's routes.js, in the file's order: a walk of
 * the routes, parent before children, the order in which core also writes routesChunkNames.
 * Throws when the file is not of the shape core generates.
 * @param {string} source
 * @returns {string[]}
 */
function routeKeys(source) {
  const text = source.trimEnd();
  if (!text.startsWith(ROUTES_HEAD) || !text.endsWith(ROUTES_TAIL)) {
    throw new Error(
      "routes.js: expected core's `export default [ ... ]` with the '*' route last, core's generated routes changed shape",
    );
  }
  const keys = [...text.matchAll(ROUTE_COMPONENT)].map(routeKeyOf);
  const routes = text.split('\n').filter((line) => /^\s*path: '/.test(line)).length - 1;
  if (keys.length !== routes) {
    throw new Error(
      `routes.js: ${routes} routes but ${keys.length} components of core's shape, core's generated routes changed shape`,
    );
  }
  return keys;
}

/**
 * The compact key of the n-th route: its rank in base 36 after a `-`. ComponentCreator looks a
 * route's chunks up under `${path}-${hash}`; called with an empty path and the rank as hash, it
 * finds them under this key.
 * @param {number} rank
 * @returns {string}
 */
const compactRouteKey = (rank) => `-${rank.toString(36)}`;

/**
 * routes.js for the browser: each route's component keyed by its rank instead of its path and
 * hash, so routesChunkNames needs no path of its own.
 * @param {string} source
 * @returns {string}
 */
function compactRoutes(source) {
  routeKeys(source);
  let rank = 0;
  return source.replace(ROUTE_COMPONENT, () => `component: ComponentCreator('', '${(rank++).toString(36)}')`);
}

/**
 * routesChunkNames.json with every chunk name replaced by its short name and every route keyed by
 * its rank in routes.js (see compactRoutes), in that order. Throws on a chunk the registry does
 * not have or a route the two files do not share.
 * @param {string} json
 * @param {Map<string, string>} short
 * @param {string[]} keys routeKeys of routes.js
 * @returns {string}
 */
function compactRoutesChunkNames(json, short, keys) {
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
  const known = new Set(keys);
  for (const key of Object.keys(routes)) {
    if (!known.has(key)) throw new Error(`routesChunkNames.json: route "${key}" is not in routes.js`);
  }
  return JSON.stringify(
    Object.fromEntries(
      keys.map((key, rank) => {
        if (!(key in routes)) throw new Error(`routes.js: route "${key}" is not in routesChunkNames.json`);
        return [compactRouteKey(rank), rename(routes[key])];
      }),
    ),
  );
}

module.exports = {
  SHORT_NAME_PREFIX,
  registryEntries,
  shortChunkNames,
  compactRegistry,
  routeKeys,
  routeSidebars,
  compactRouteKey,
  compactRoutes,
  compactRoutesChunkNames,
};
