/** Jest's global setup for the server's tests: the PostgreSQL cluster (postgres.ts). */
import { startCluster } from './postgres';

export default startCluster;
