/** All SQL of the newsletter's table, `newsletter_signups`: one row per e-mail address. */
import type { Db } from '../../db/database';

export interface NewsletterSignup {
  /** lower case */
  email: string;
  firstName: string | null;
  formId: string | null;
  formName: string | null;
  createdAt: string;
}

/** Stores a sign-up unless the address has one already (signing up again changes nothing); true when a row was added. */
export async function insertSignup(db: Db, signup: NewsletterSignup): Promise<boolean> {
  const inserted = await db
    .insertInto('newsletter_signups')
    .values({
      email: signup.email,
      first_name: signup.firstName,
      form_id: signup.formId,
      form_name: signup.formName,
      created_at: signup.createdAt,
    })
    .onConflict((oc) => oc.column('email').doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
}
