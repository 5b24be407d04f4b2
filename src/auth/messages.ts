/** Shown instead of the Login button when the identity configuration is missing or unusable here. */
export const LOGIN_UNAVAILABLE = 'Login is currently unavailable.';
