/**
 * @copytech/shared/forms: the yup schemas of every form and request (docs/api.md "Writes"),
 * built from the messages, limits and patterns in @copytech/shared/domain.
 *
 * This is the only module that imports yup. Browser code loads it when a form first needs it
 * (`import('@copytech/shared/forms')`, on the first focus of a form or when a quote form is
 * shown, and awaited on validate/submit), so yup is in no page's first-load JavaScript. The
 * checker loads it too when there is saved progress to check with savingsAnswersShapeSchema (its
 * wizard holds its frame until then). The server imports the same schemas from here
 * (synchronously), so the browser and the server enforce the same rules.
 *
 * Not a federation shared key: each app bundles its own copy, in its own lazy chunk.
 */
export * from './quote';
export * from './enquiry';
export * from './newsletter';
export * from './savings';
export * from './text';
