/**
 * The process entry (`npm start`, `npm run serve`). React and the packages the server renders with
 * choose their production or development build from NODE_ENV when they are first loaded, so it is
 * set here, before anything loads them: production unless the environment says otherwise. (The
 * development builds render pages about half as fast.) Then the server starts (start.ts).
 */
process.env.NODE_ENV ??= 'production';
await import('./start');

export {};
