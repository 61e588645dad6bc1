/**
 * The catalogue's one way to read the API: same-origin JSON GETs that can be aborted, with an
 * error that keeps the HTTP status so a 404 can become Not Found and anything else a Retry.
 */
export class ApiError extends Error {
  constructor(
    message: string,
    /** HTTP status, or 0 when the request never got an answer (offline, aborted, bad JSON). */
    readonly status: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
  get isNotFound(): boolean {
    return this.status === 404;
  }
}

export async function getJson<T>(url: string, signal?: AbortSignal): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, { headers: { Accept: 'application/json' }, signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(`GET ${url} failed: ${(error as Error).message}`, 0);
  }
  if (!response.ok) throw new ApiError(`GET ${url} answered ${response.status}`, response.status);
  try {
    return (await response.json()) as T;
  } catch {
    throw new ApiError(`GET ${url} answered with something that is not JSON`, 0);
  }
}

export function isAbort(error: unknown): boolean {
  return error instanceof DOMException ? error.name === 'AbortError' : (error as Error | null)?.name === 'AbortError';
}
