/**
 * The page shown when the server cannot show a page because something it depends on is away (the
 * database): a 503, never a Not Found (docs/product-rules.md "When something is wrong"). The shell
 * shows it in place of the page the server could not make, with the sales number and the request's
 * reference; "Try again" loads the page afresh.
 *
 * Rendered by the server alone (server/ServerApp.tsx) and sent without the browser's scripts, so
 * it is in no browser bundle; the section around it (App.module.css) is laid out as the Not Found
 * page, in the shell's stylesheet.
 */
import { COMPANY, telHref, useDocumentMeta } from '@copytech/shared';
import { TROUBLE_TITLE } from '@copytech/shared/domain';

export default function TroublePage({ reference, path }: { reference: string; path: string }) {
  useDocumentMeta({ title: TROUBLE_TITLE, robots: 'noindex' });
  return (
    <>
      <h1>{TROUBLE_TITLE}</h1>
      <p>Something on our side is not working just now. Please try again in a minute.</p>
      <p>
        If you would rather talk to us, call <a href={telHref(COMPANY.salesPhone)}>{COMPANY.salesPhone}</a>.
      </p>
      <p>
        Quote this reference when you call: <strong>{reference}</strong>
      </p>
      <p>
        <a href={path}>Try again</a>
      </p>
    </>
  );
}
