// @ts-check
/** A webpack loader that turns a file into an empty module (global CSS in a server build). */
module.exports = function emptyLoader() {
  return 'export {};';
};
