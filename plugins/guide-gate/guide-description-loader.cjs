// Runs on the docs plugin's per-doc metadata JSON: guides lose their description.
const { dropGuideDescription } = require('./articleSplit.cjs');

module.exports = function guideDescriptionLoader(source) {
  return dropGuideDescription(String(source));
};
