// Set on <html> while a logged-out reader is on a gated page; custom.css hides the article
// under it. The inline head script (plugins/guide-gate) sets it before first paint.
export const GATED_ATTRIBUTE = 'data-access-gated';
