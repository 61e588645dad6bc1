// autocannon's setupRequest for bench-api.mjs's "GET search ranked": each request is one of the 50
// real queries (search-queries.json, in turn) with its letters' case mixed at random and a random
// limit, so the answer cache almost never holds it (the cache keys the query as typed) while the
// engine ranks the same 50 queries: every request is an index lookup and a ranking. A file (not a
// closure) so that autocannon's worker threads can load it.
'use strict';
const queries = require('./search-queries.json');
let sent = 0;
const mixCase = (text) => [...text].map((c) => (Math.random() < 0.5 ? c.toUpperCase() : c.toLowerCase())).join('');
module.exports = (request) => {
  const q = mixCase(queries[sent++ % queries.length]);
  const limit = 1 + Math.floor(Math.random() * 24);
  return { ...request, path: `/api/search?${new URLSearchParams({ q, limit: String(limit) })}` };
};
