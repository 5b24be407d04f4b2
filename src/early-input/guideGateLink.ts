/**
 * Marks a navbar link a signed-out reader may not follow (src/theme/NavbarItem/GatedLink), so the
 * early-input script can hold a tap on it until the app shows the access modal.
 */
export const GATED_LINK_ATTRIBUTE = 'data-gated-link';
