/**
 * The legal pages' tables (PolicyTables.tsx) as a chunk of their own: only the privacy and cookie
 * policies have them, so every other page (home first) does not download the retention periods and
 * the list of browser storage with its code. The server waits for the chunk when it renders such a
 * page, so the tables are in its HTML; in the browser their boundary keeps that HTML until the
 * chunk is in.
 */
import { lazy, Suspense } from 'react';
import type { BlockProps } from './types';

const policyTables = () => import(/* webpackChunkName: "policy-tables" */ './PolicyTables');
const Retention = lazy(() => policyTables().then((module) => ({ default: module.RetentionTable })));
const Storage = lazy(() => policyTables().then((module) => ({ default: module.StorageTable })));

export function RetentionTable(props: BlockProps<'retentionTable'>) {
  return (
    <Suspense fallback={null}>
      <Retention {...props} />
    </Suspense>
  );
}

export function StorageTable(props: BlockProps<'storageTable'>) {
  return (
    <Suspense fallback={null}>
      <Storage {...props} />
    </Suspense>
  );
}
