// The gate's rules where `npm start` can keep them. The dev server renders every page in the
// browser (there is no per-page HTML to cut a shell from), so guide pages stay open to work on;
// everything else follows the production gate: /_auth/login and /_auth/session sign in and out
// with the same session code, guide files (Markdown twins, guide search files) need a session,
// and a /.well-known path nobody answers is a JSON 404, not the app's HTML fallback.
import { hasGuideAccess } from './access.ts';
import { classifyPath, normalisePath, pagePath } from './paths.ts';
import { handleLogin, handleSession, LOGIN_PATH, SESSION_PATH, type Access } from './session.ts';

export type DevHandler = (request: Request) => Promise<Response | null>;

const NO_STORE = { 'Cache-Control': 'private, no-store', Vary: 'Cookie' };
const NO_GUIDE_CHUNKS: ReadonlySet<string> = new Set();

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...NO_STORE, 'Content-Type': 'application/json; charset=utf-8' },
  });
}

/** Answers what the dev server must answer as the gate would; null hands the request on. */
export function createDevGate(access: Access, now: () => number = Date.now): DevHandler {
  return async (request) => {
    const { pathname } = new URL(request.url);
    const normalised = normalisePath(pathname);
    if (normalised === null) return json(400, { error: 'This path is encoded more than once.' });
    const route = pagePath(normalised);
    if (route === LOGIN_PATH) return handleLogin(request, access, NO_STORE);
    if (route === SESSION_PATH) return handleSession(request, access, now(), NO_STORE);
    const kind = classifyPath(pathname, NO_GUIDE_CHUNKS).kind;
    if ((kind === 'guide-file' || kind === 'guide-asset') && !(await hasGuideAccess(access, request, now()))) {
      return new Response('Sign in to read the guides.\n', {
        status: 401,
        headers: { ...NO_STORE, 'Content-Type': 'text/plain; charset=utf-8' },
      });
    }
    return null;
  };
}

/** The last word on /.well-known: what no handler before it answered does not exist. */
export const wellKnownNotFound: DevHandler = (request) =>
  Promise.resolve(
    new URL(request.url).pathname.toLowerCase().startsWith('/.well-known/') ? json(404, { error: 'not_found' }) : null,
  );
