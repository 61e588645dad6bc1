/**
 * The catalogue's face: what app.ts wires into the platform (its routes, its repository decorated
 * as `app.catalogue`, its seed part, site search and the product images) and what the other
 * features may use (products by model id, read in their own transaction).
 */
import type { CatalogueRepository } from './repository';

declare module 'fastify' {
  interface FastifyInstance {
    catalogue: CatalogueRepository;
  }
}

export { CatalogueRepository, productsByModelIds } from './repository';
export { catalogueSeedPart } from './catalogueSeed';
export { cataloguePlugin } from './catalogueRoutes';
export { imagesPlugin } from './images/imageRoutes';
export { ProductImages } from './images/productImages';
export { withShownImages } from './images/shownImages';
export { SearchEngine } from './search/engine';
export { searchPlugin } from './search/searchRoutes';
export { rebuildSearchIndex } from './search/searchIndex';
