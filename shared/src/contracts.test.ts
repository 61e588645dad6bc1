/**
 * @jest-environment node
 *
 * The typed contract (RemoteName, ExposedModules) and the list of apps (shared/apps.json) say the
 * same: each literal below must list exactly the union's members (the compiler refuses a missing or
 * an extra key), and each test holds the literal equal to what the list says.
 */
import apps from '../apps.json';
import { REMOTE_NAMES, REQUIRED_EXPOSES, type ExposedModuleId, type RemoteName } from './contracts';

const REMOTES: Record<RemoteName, true> = { catalogue: true, basket: true, checker: true, content: true };
const EXPOSED: Record<ExposedModuleId, true> = {
  'catalogue/CatalogueRoutes': true,
  'catalogue/FeaturedProducts': true,
  'catalogue/SiteSearch': true,
  'basket/BasketDrawer': true,
  'basket/InstantQuote': true,
  'checker/SavingsChecker': true,
  'content/ContentPage': true,
};

const listedRemotes = apps.workspaces.filter((entry) => entry.role === 'remote');

describe('the contracts follow shared/apps.json', () => {
  it('RemoteName names exactly the remotes of the list, and REMOTE_NAMES is the list in its order', () => {
    expect([...REMOTE_NAMES]).toEqual(listedRemotes.map((entry) => entry.name));
    expect([...REMOTE_NAMES].sort()).toEqual(Object.keys(REMOTES).sort());
  });

  it('ExposedModules holds exactly the exposes of the list', () => {
    const listed = listedRemotes.flatMap((entry) => Object.keys(entry.exposes ?? {}).map((expose) => `${entry.name}/${expose}`));
    expect(listed.sort()).toEqual(Object.keys(EXPOSED).sort());
  });

  it('REQUIRED_EXPOSES is every exposed module by remote', () => {
    const required = Object.entries(REQUIRED_EXPOSES).flatMap(([remote, exposes]) => exposes.map((expose) => `${remote}/${expose}`));
    expect(required.sort()).toEqual(Object.keys(EXPOSED).sort());
    expect(Object.keys(REQUIRED_EXPOSES)).toEqual([...REMOTE_NAMES]);
  });
});
