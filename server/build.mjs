// Bundles the server (and the @copytech/shared code it uses) with esbuild:
//   dist/main.js  the process entry: sets NODE_ENV, then loads the server (start.ts, a chunk of
//                 its own, so that nothing it imports is loaded before)
//   dist/app.js   buildApp() and loadConfig() for in-process use (npm run bench:api)
//   dist/render-worker.js  a render process (src/pages/renderProcesses.ts), run sandboxed (src/sandbox/sandbox.ts)
//   dist/gate-worker.js    the release gate's render check (src/features/releases/gateRender.ts), run sandboxed too
// npm packages stay external: they are installed beside it. Code the entries share goes in chunks.
import fs from 'node:fs';
import { build } from 'esbuild';

fs.rmSync('dist', { recursive: true, force: true });
await build({
  entryPoints: {
    main: 'src/main.ts',
    app: 'src/app.ts',
    'render-worker': 'src/pages/renderWorker.ts',
    'gate-worker': 'src/features/releases/gateWorker.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  // @copytech/shared is TypeScript source: bundle it rather than leave it for Node to load.
  plugins: [
    {
      name: 'bundle-copytech-shared',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@copytech/shared') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
  sourcemap: true,
  logLevel: 'warning',
});
console.log('server built: server/dist/main.js, server/dist/app.js, server/dist/render-worker.js, server/dist/gate-worker.js');
