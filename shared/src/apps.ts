/**
 * shared/apps.json, the one list of the repository's workspaces and apps, typed for TypeScript
 * (`@copytech/shared/apps`): tests, the e2e suite and tools that need the apps' folders or names.
 * The repository's JavaScript tooling reads the same file through shared/build/apps.cjs, which also
 * checks it; the contracts between rooms (REMOTE_NAMES, REQUIRED_EXPOSES) come from ./remoteList.ts.
 */
import apps from '../apps.json';

export type WorkspaceRole = 'library' | 'host' | 'remote' | 'server' | 'tests';

export interface Workspace {
  /** The folder at the repository's root, and the npm workspace. */
  folder: string;
  role: WorkspaceRole;
  /** The host's and each remote's federation name. */
  name?: string;
  /** The host's and each remote's dev-server port. */
  devPort?: number;
  /** A remote's exposed modules: name to source path. */
  exposes?: Record<string, string>;
  /** The host's modules exposed to the server only. */
  serverExposes?: Record<string, string>;
}

/** An app: the host (the shell) or a remote, with its federation name and dev port. */
export type App = Workspace & { role: 'host' | 'remote'; name: string; devPort: number };

/** Every workspace, in the order of the root package.json's `workspaces`. */
export const WORKSPACES = apps.workspaces as readonly Workspace[];

const isApp = (workspace: Workspace): workspace is App => workspace.role === 'host' || workspace.role === 'remote';

/** The shell and the remotes: what webpack builds and the browser runs. */
export const APPS: readonly App[] = WORKSPACES.filter(isApp);

/** The remotes, in the list's order. */
export const REMOTE_APPS: readonly App[] = APPS.filter((app) => app.role === 'remote');

/** The folder of the one workspace with `role`: 'library', 'host', 'server' or 'tests'. */
export function folderOf(role: Exclude<WorkspaceRole, 'remote'>): string {
  return WORKSPACES.find((workspace) => workspace.role === role)!.folder;
}
