/** Shown instead of the Login button when the identity configuration is missing (spec §5, §8). */
export const LOGIN_UNAVAILABLE = 'Login is currently unavailable.';
