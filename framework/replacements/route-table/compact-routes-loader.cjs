// Webpack/Rspack loader for the browser's @generated/routes (./wiring.ts).
const { compactRoutes } = require('./compactRouteRegistry.cjs');

module.exports = function compactRoutesLoader(source) {
  return compactRoutes(String(source));
};
