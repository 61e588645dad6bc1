/**
 * A lazy load (an import() of a chunk) shared by every caller: started by the first call, answered
 * from the same promise after, and forgotten when it fails (a network blip), so the next call
 * tries again instead of repeating the failure for the rest of the visit.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () => {
    pending ??= load().catch((error: unknown) => {
      pending = null;
      throw error;
    });
    return pending;
  };
}
