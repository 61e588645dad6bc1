/** Jest's global teardown for the server's tests: stops and removes the PostgreSQL cluster (postgres.ts). */
import { stopCluster } from './postgres';

export default stopCluster;
