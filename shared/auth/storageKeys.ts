// Browser storage keys. The first three are part of the site's contract and are read by tests
// outside this repo: do not rename them.
export const ID_TOKEN_KEY = 'id_token';
export const ACCESS_TOKEN_KEY = 'access_token';
export const REDIRECT_AFTER_LOGIN_KEY = 'redirect_after_login';

// One-time values of a login attempt, kept in sessionStorage so they die with the tab.
export const LOGIN_STATE_KEY = 'veriq_login_state';
export const LOGIN_NONCE_KEY = 'veriq_login_nonce';
