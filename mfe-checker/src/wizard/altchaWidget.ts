/**
 * The ALTCHA widget, loaded only when the human check is shown (a separate chunk, so the
 * wizard's first load stays small). The "external" build is used: its styles come from a
 * stylesheet and its proof-of-work workers from files served beside this remote, so no inline
 * style or blob: worker needs a Content-Security-Policy exception. Only the algorithms the
 * server issues (PBKDF2 and SHA) are registered.
 *
 * Workers must be same-origin with the page: this works while the remote is served by the site
 * itself (/remotes/checker/); a remote moved to another origin would need ALTCHA's default
 * build (blob: workers, `worker-src blob:`) instead.
 */
import 'altcha/external';
import 'altcha/altcha.css';

function pbkdf2Worker(): Worker {
  return new Worker(/* webpackChunkName: "altcha-pbkdf2-worker" */ new URL('altcha/workers/pbkdf2', import.meta.url));
}
function shaWorker(): Worker {
  return new Worker(/* webpackChunkName: "altcha-sha-worker" */ new URL('altcha/workers/sha', import.meta.url));
}

for (const algorithm of ['PBKDF2/SHA-256', 'PBKDF2/SHA-384', 'PBKDF2/SHA-512']) globalThis.$altcha.algorithms.set(algorithm, pbkdf2Worker);
for (const algorithm of ['SHA-256', 'SHA-384', 'SHA-512']) globalThis.$altcha.algorithms.set(algorithm, shaWorker);

export const ALTCHA_READY = true;
