// Webpack/Rspack loader for the browser's @generated/routesChunkNames (see index.ts). The short
// names come from registry.js, generated beside it, so both files get the same ones.
const { readFileSync } = require('node:fs');
const path = require('node:path');
const { compactRoutesChunkNames, shortChunkNames } = require('./compactRouteRegistry.cjs');

module.exports = function compactRoutesChunkNamesLoader(source) {
  const registryFile = path.join(path.dirname(this.resourcePath), 'registry.js');
  this.addDependency(registryFile);
  return compactRoutesChunkNames(String(source), shortChunkNames(readFileSync(registryFile, 'utf8')));
};
