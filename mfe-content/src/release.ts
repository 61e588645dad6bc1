/**
 * The content remote's release label, rendered as data-release on every content page. The
 * platform's e2e test changes it, rebuilds only this remote and reloads, to prove a remote's new
 * build goes live without rebuilding or restarting the shell or the server.
 */
export const CONTENT_RELEASE = 'content-1';
