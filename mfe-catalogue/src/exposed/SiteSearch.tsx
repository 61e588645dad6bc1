/**
 * The header's search box made a typeahead (catalogue/SiteSearch; the props are SiteSearchProps in
 * @copytech/shared): the shell loads it when the box is first used (search/SiteSearch.tsx).
 */
export { default } from '../search/SiteSearch';
