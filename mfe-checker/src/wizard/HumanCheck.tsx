/**
 * The human check before the results (docs/product-rules.md "Human check"): the self-hosted ALTCHA
 * proof-of-work widget. It fetches its challenge from the site's own server, solves it in the
 * browser, and hands the solution (a base64 payload) to onVerified; the server verifies it with the
 * report. The widget's code is loaded only when this is shown.
 */
import { useEffect, useRef, useState } from 'react';
import type {} from 'altcha/types/react';
import styles from './Wizard.module.css';

export const CAPTCHA_CHALLENGE_URL = '/api/captcha/challenge';

interface AltchaStateDetail {
  state?: string;
  payload?: string | null;
}

let loading: Promise<unknown> | null = null;
function loadWidget(): Promise<unknown> {
  loading ??= import(/* webpackChunkName: "altcha" */ './altchaWidget').catch((error: unknown) => {
    loading = null; // let Try again really try again
    throw error;
  });
  return loading;
}

export function HumanCheck({
  onVerified,
  onExpired,
  error,
}: {
  onVerified: (payload: string) => void;
  onExpired: () => void;
  error?: string;
}) {
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [attempt, setAttempt] = useState(0);
  const widget = useRef<HTMLElement | null>(null);
  const callbacks = useRef({ onVerified, onExpired });
  callbacks.current = { onVerified, onExpired };

  useEffect(() => {
    let live = true;
    setStatus('loading');
    loadWidget().then(
      () => live && setStatus('ready'),
      () => live && setStatus('failed'),
    );
    return () => {
      live = false;
    };
  }, [attempt]);

  useEffect(() => {
    const element = widget.current;
    if (status !== 'ready' || !element) return;
    const onStateChange = (event: Event) => {
      const detail = (event as CustomEvent<AltchaStateDetail>).detail ?? {};
      if (detail.state === 'verified' && detail.payload) callbacks.current.onVerified(detail.payload);
      if (detail.state === 'expired') callbacks.current.onExpired();
    };
    element.addEventListener('statechange', onStateChange);
    return () => element.removeEventListener('statechange', onStateChange);
  }, [status]);

  return (
    <div className={styles.humanCheck} data-captcha-status={status}>
      {error ? (
        <p id="captcha-error" className={styles.error}>
          {error}
        </p>
      ) : null}
      {status === 'failed' ? (
        <p role="alert" className={styles.note}>
          The check could not load. Please check your connection and{' '}
          <button type="button" className={styles.linkButton} onClick={() => setAttempt((n) => n + 1)}>
            try again
          </button>
          .
        </p>
      ) : null}
      {status === 'loading' ? <p className={styles.note}>Loading the check…</p> : null}
      {status === 'ready' ? (
        <altcha-widget
          ref={widget}
          challenge={CAPTCHA_CHALLENGE_URL}
          name="altcha"
          language="en"
          aria-describedby={error ? 'captcha-error' : undefined}
        />
      ) : null}
    </div>
  );
}
