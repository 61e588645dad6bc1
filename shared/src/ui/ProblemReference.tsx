/**
 * The reference a visitor quotes when they call about a page that went wrong (the request's
 * X-Request-Id, docs/deploy.md "Request ids"): on the Not Found page and the trouble page, when the
 * server answered that page. React escapes it like any text.
 */
export function ProblemReference({ reference }: { reference: string }) {
  return (
    <p>
      Quote this reference when you call: <strong data-testid="problem-reference">{reference}</strong>
    </p>
  );
}
