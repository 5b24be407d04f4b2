// How a failed search is shown: an error code plus its message. The code is the Typesense client's
// error class for the HTTP status, named here from the status because the bundler minifies class
// names (`error.name` reads "t" in production). The adapter's own errors carry no status: "Error".
// Why: maintainers/decisions/2026-11-27-search-index-and-keys.md

/** The Typesense client's error class for an HTTP status (typesense ApiCall.customErrorForResponse). */
function statusClass(status: number): string {
  switch (status) {
    case 400:
      return 'RequestMalformed';
    case 401:
      return 'RequestUnauthorized';
    case 404:
      return 'ObjectNotFound';
    case 409:
      return 'ObjectAlreadyExists';
    case 422:
      return 'ObjectUnprocessable';
    default:
      return status >= 500 && status <= 599 ? 'ServerError' : 'HTTPError';
  }
}

/** The error's code (error class and HTTP status when it has one) and message. */
export function describeError(error: unknown): { code: string; message: string } {
  if (error instanceof Error) {
    const status = (error as { httpStatus?: unknown }).httpStatus;
    return { code: typeof status === 'number' ? `${statusClass(status)} ${status}` : 'Error', message: error.message };
  }
  return { code: 'Error', message: String(error) };
}
