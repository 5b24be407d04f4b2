// How a failed search is shown (spec §8: "thrown as error code plus message"): the Typesense
// client's error classes carry the HTTP status (400 RequestMalformed, 401 RequestUnauthorized,
// 404 ObjectNotFound, 409 ObjectAlreadyExists, 422 ObjectUnprocessable, 5xx ServerError,
// other HTTPError); the adapter's own errors ("Did not find any hits") are plain Errors.

/** The error's code (class name and HTTP status when it has one) and message. */
export function describeError(error: unknown): { code: string; message: string } {
  if (error instanceof Error) {
    const status = (error as { httpStatus?: unknown }).httpStatus;
    return { code: typeof status === 'number' ? `${error.name} ${status}` : error.name, message: error.message };
  }
  return { code: 'Error', message: String(error) };
}
