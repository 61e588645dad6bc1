/**
 * The seed and the blog posts content/blog.json no longer lists (src/db/seed.ts): kept, and
 * counted as stale, unless SEED_PRUNE is set; removed with it. Tried by restarting the app on one
 * database with a changed data folder, as a deploy does.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { fixtureDataCopy, tempDir, testApp, testConfig } from './helpers';

type Post = { slug: string; title: string };

const postStatus = (app: FastifyInstance, slug: string) =>
  app.inject({ method: 'GET', url: `/api/blog/slug/${slug}` }).then((res) => res.statusCode);

async function withApp<T>(config: ReturnType<typeof testConfig>, check: (app: FastifyInstance) => Promise<T>): Promise<T> {
  const app = await testApp(config);
  try {
    return await check(app);
  } finally {
    await app.close();
  }
}

describe('blog posts the data files no longer list', () => {
  let varDir: string;
  let dataDir: string;
  let blogFile: string;
  let posts: Post[];
  beforeEach(async () => {
    varDir = tempDir('ct-seed-posts-');
    dataDir = fixtureDataCopy();
    blogFile = path.join(dataDir, 'content', 'blog.json');
    posts = JSON.parse(fs.readFileSync(blogFile, 'utf8')) as Post[];
    expect(posts.map((post) => post.slug)).toContain('middle-post');
    await withApp(testConfig({ varDir, dataDir }), async (app) => expect(await postStatus(app, 'middle-post')).toBe(200));
    // the next deploy's file: one post gone, another changed
    const next = posts
      .filter((post) => post.slug !== 'middle-post')
      .map((post) => (post.slug === 'newest-post' ? { ...post, title: 'A new title' } : post));
    fs.writeFileSync(blogFile, JSON.stringify(next));
  });

  it('are kept without SEED_PRUNE, while the posts still listed are updated', async () => {
    await withApp(testConfig({ varDir, dataDir }), async (app) => {
      expect(await postStatus(app, 'middle-post')).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/api/blog/slug/newest-post' })).json().title).toBe('A new title');
    });
  });

  it.each(['0', 'false'])('are kept when SEED_PRUNE is off (%s), as without it', async (value) => {
    await withApp(testConfig({ varDir, dataDir }, { SEED_PRUNE: value }), async (app) => {
      expect(await postStatus(app, 'middle-post')).toBe(200);
    });
  });

  it('are kept without SEED_PRUNE even when content/blog.json is gone', async () => {
    fs.rmSync(blogFile);
    await withApp(testConfig({ varDir, dataDir }), async (app) => {
      for (const post of posts) expect([post.slug, await postStatus(app, post.slug)]).toEqual([post.slug, 200]);
    });
  });

  it('are removed with SEED_PRUNE, and only they', async () => {
    await withApp(testConfig({ varDir, dataDir }, { SEED_PRUNE: '1' }), async (app) => {
      expect(await postStatus(app, 'middle-post')).toBe(404);
      expect(await postStatus(app, 'newest-post')).toBe(200);
      expect(await postStatus(app, 'older-post')).toBe(200);
    });
  });
});
