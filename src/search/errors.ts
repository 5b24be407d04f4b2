// How a failed search is shown (spec §8: "thrown as error code plus message"). The code is the
// Typesense client's error class for the HTTP status (400 RequestMalformed, 401
// RequestUnauthorized, 404 ObjectNotFound, 409 ObjectAlreadyExists, 422 ObjectUnprocessable,
// 5xx ServerError, other HTTPError), named here from the status: the bundler minifies class
// names, so `error.name` reads "t" in a production build. The adapter's own errors ("Did not
// find any hits") carry no status and are shown as "Error".

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
