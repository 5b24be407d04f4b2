// Webpack/Rspack loader for the browser's @generated/registry (./wiring.ts).
const { compactRegistry } = require('./compactRouteRegistry.cjs');

module.exports = function compactRegistryLoader(source) {
  return compactRegistry(String(source));
};
