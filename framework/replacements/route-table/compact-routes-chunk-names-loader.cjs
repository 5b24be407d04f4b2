// Webpack/Rspack loader for the browser's @generated/routesChunkNames (./wiring.ts). The short
// chunk names come from registry.js and the route keys from routes.js, generated beside it, so
// the three files agree.
const { readFileSync } = require('node:fs');
const path = require('node:path');
const { compactRoutesChunkNames, routeKeys, shortChunkNames } = require('./compactRouteRegistry.cjs');

module.exports = function compactRoutesChunkNamesLoader(source) {
  const registryFile = path.join(path.dirname(this.resourcePath), 'registry.js');
  const routesFile = path.join(path.dirname(this.resourcePath), 'routes.js');
  this.addDependency(registryFile);
  this.addDependency(routesFile);
  return compactRoutesChunkNames(
    String(source),
    shortChunkNames(readFileSync(registryFile, 'utf8')),
    routeKeys(readFileSync(routesFile, 'utf8')),
  );
};
