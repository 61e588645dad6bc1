/** The savings checker's report: POST /api/report, its store and its e-mails. */
export { reportPlugin } from './reportRoutes';
