/** The content's face: its routes, its one store (pages and posts) and its seed parts, for app.ts. */
export { contentPlugin } from './contentRoutes';
export { ContentStore, type StoredPageRow, type StoredPostRow, type StoredText } from './contentStore';
export { pagesSeedPart, postsSeedPart } from './contentSeed';
