// Bundles the server (and the @copytech/shared code it uses) into dist/main.js with esbuild.
// npm packages stay external: they are installed beside it.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  // @copytech/shared is TypeScript source: bundle it rather than leave it for Node to load.
  plugins: [
    {
      name: 'bundle-copytech-shared',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@copytech/shared') ? undefined : { path: args.path, external: true }));
      },
    },
  ],
  sourcemap: true,
  logLevel: 'warning',
});
console.log('server built: server/dist/main.js');
