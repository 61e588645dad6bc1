// @ts-check
/** CSS Modules' options for every app's builds (createAppConfig.cjs). */
const path = require('node:path');
const { defaultGetLocalIdent } = require('css-loader');

/**
 * A production class name's hash is short (5 base64 characters: every name is in the first-load
 * JavaScript of the pages that use it), so the build refuses a name that two different classes
 * would share rather than let one class take the other's rules.
 */
function uniqueLocalIdent() {
  const owners = new Map();
  return function getLocalIdent(
    /** @type {any} */ context,
    /** @type {string} */ localIdentName,
    /** @type {string} */ localName,
    /** @type {any} */ options,
  ) {
    const ident = defaultGetLocalIdent(context, localIdentName, localName, options);
    const owner = `${path.relative(context.rootContext, context.resourcePath)} .${localName}`;
    const previous = owners.get(ident);
    if (previous !== undefined && previous !== owner)
      throw new Error(`CSS Modules: class name ${ident} given to both ${previous} and ${owner}; lengthen the hash in localIdentName`);
    owners.set(ident, owner);
    return ident;
  };
}

/**
 * CSS Modules' options, the same in both builds of an app: the server's HTML and the browser's
 * hydration must agree on every class name. Class names carry the owning room.
 * @param {string} name the app's federation name
 * @param {boolean} dev
 * @param {Record<string, unknown>} [extra]
 */
function cssModules(name, dev, extra = {}) {
  return {
    namedExport: false,
    exportLocalsConvention: 'as-is',
    ...(dev
      ? { localIdentName: `${name}__[name]__[local]` }
      : { localIdentName: `${name}-[hash:base64:5]`, getLocalIdent: uniqueLocalIdent() }),
    ...extra,
  };
}

module.exports = { cssModules };
