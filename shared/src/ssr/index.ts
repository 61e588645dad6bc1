/** '@copytech/shared/ssr': what the server needs of the page data, without React. */
export * from './serverPageData';
