// The deploy token verbs of `npm run release` (scripts/release.mjs; docs/deploy.md "What a team needs"): `token` asks the server for a new token with the platform token,
// `token --offline` makes one and its DEPLOY_TOKENS entry with no server (for seeding), `tokens`
// lists them, `revoke-token` revokes one; and what each says to a human on stderr.
import { createHash, randomBytes } from 'node:crypto';

/** A token's label, as the server takes it: it is written into DEPLOY_TOKENS (`scope:label:hash`, comma-separated) and into the history. */
const LABEL = /^[A-Za-z0-9_.-]{1,60}$/;

/** The verbs, over the command's own `call` (one API call), `say` (a line on stderr) and `refusal` (an error to throw: exit 1). */
export function tokenVerbs({ call, say, refusal }) {
  const labelOf = (command) => {
    const label = command.options.label ?? 'ci';
    if (!LABEL.test(label)) throw refusal(`--label must be 1 to 60 letters, digits, "_", "-" or "."`);
    return label;
  };
  /** tokens, for a human: one line each, never a hash (the server has none to give). */
  const describeTokens = (answer) => {
    for (const row of Array.isArray(answer.tokens) ? answer.tokens : [])
      say(
        `  ${row.id}  ${row.scope}  ${row.label}  ${row.source}  made ${row.createdAt} by ${row.createdBy}  last used ${row.lastUsedAt ?? 'never'}${row.revokedAt ? `  REVOKED ${row.revokedAt} by ${row.revokedBy}` : ''}`,
      );
  };
  return {
    /** token: the server makes a deploy token (the platform token asks), shown this once. */
    token: (command, target) => call(target, 'POST', '/api/releases/tokens', { json: { scope: command.scope, label: labelOf(command) } }),
    tokens: (_command, target) => call(target, 'GET', '/api/releases/tokens'),
    'revoke-token': (command, target) => call(target, 'POST', `/api/releases/tokens/${command.id}/revoke`, { json: {} }),

    /** token --offline: a new deploy token and its DEPLOY_TOKENS entry; nothing is stored, no server is asked. */
    offline(command) {
      const label = labelOf(command);
      const token = `ctd_${command.scope}_${randomBytes(32).toString('base64url')}`;
      const entry = `${command.scope}:${label}:${createHash('sha256').update(token).digest('hex')}`;
      say(`A deploy token for ${command.scope}, shown this once: keep it in the holder's secrets (RELEASE_TOKEN). Add the entry to`);
      say(`DEPLOY_TOKENS (comma-separated): each server seeds it into its database at its next start (it keeps only the hash).`);
      return { scope: command.scope, label, token, entry };
    },

    /** What a human reads on stderr of a token verb's answer. */
    describe(verb, answer) {
      if (verb === 'token')
        say(
          `A deploy token for ${answer.scope} (id ${answer.id}), shown this once: keep it in the holder's secrets (RELEASE_TOKEN). Every instance takes it within a second.`,
        );
      if (verb === 'tokens') describeTokens(answer);
      if (verb === 'revoke-token')
        say(`Deploy token ${answer.id} (${answer.scope}, ${answer.label}) ${answer.changed ? 'is revoked' : 'was revoked already'}.`);
    },
  };
}
