/**
 * Module Federation runtime plugin: the first layer of the failure model
 * (docs/architecture.md "Failure model").
 * - time-outs on the manifest fetch (the runtime has none by default) and on the entry script;
 * - errorLoadRemote turns any failed load into a marked fallback module, so a missing, hanging or
 *   broken remote yields a value the slot can render instead of an unhandled rejection.
 */
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

export const REMOTE_FAILURE = '__copytechRemoteFailure' as const;

export interface RemoteFailureModule {
  [REMOTE_FAILURE]: true;
  id: string;
  reason: string;
}

export function isRemoteFailure(value: unknown): value is RemoteFailureModule {
  return typeof value === 'object' && value !== null && REMOTE_FAILURE in value;
}

export class RemoteTimeoutError extends Error {
  constructor(url: string, ms: number) {
    super(`Timed out after ${ms} ms loading ${url}`);
    this.name = 'RemoteTimeoutError';
  }
}

export function resiliencePlugin(options: { timeoutMs: number }): ModuleFederationRuntimePlugin {
  const { timeoutMs } = options;
  return {
    name: 'copytech-resilience',
    fetch(url: string, init: RequestInit) {
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(new RemoteTimeoutError(url, timeoutMs)), timeoutMs);
      return fetch(url, { ...init, signal: controller.signal, cache: 'no-cache' })
        .then((response) => {
          if (!response.ok) throw new Error(`HTTP ${response.status} loading ${url}`);
          return response;
        })
        .finally(() => clearTimeout(timer));
    },
    createScript({ url }: { url: string }) {
      const script = document.createElement('script');
      script.src = url;
      script.async = true;
      return { script, timeout: timeoutMs };
    },
    errorLoadRemote({ id, error }: { id: string; error: unknown }) {
      const reason = error instanceof Error ? error.message : String(error);
      console.error(`[federation] remote ${id} failed to load: ${reason}`);
      const failure: RemoteFailureModule = { [REMOTE_FAILURE]: true, id, reason };
      return failure;
    },
  };
}
