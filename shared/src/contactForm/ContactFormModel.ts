/**
 * The contact details of a quote or a report (docs/product-rules.md "Quote form"): what the visitor
 * typed, the message beside each field, and the checks. It is a MobX model, not component state, so
 * a form that closes and opens again (the basket's drawer) keeps what was typed. The rules are the
 * shared yup schema the server applies too; they load when a form is first shown, and until then
 * the form is not valid yet: fields already left get their messages as soon as the rules arrive.
 */
import { action, computed, makeObservable, observable, runInAction } from 'mobx';
import { CONTACT_FIELDS, loadOnce, QUOTE_MESSAGES, type ContactDetails } from '../domain';
import { loadFormRules, type FormRules } from '../formRules';

export type ContactField = (typeof CONTACT_FIELDS)[number];
export type ContactValues = Record<ContactField, string>;
type ContactSchema = FormRules['contactDetailsSchema'];

/** The rules once loaded, for every contact form of this app (observable: forms update when they arrive). */
const loadedSchema = observable.box<ContactSchema | null>(null, { deep: false });
/** Loads yup and the contact details schema, once; a failed load is tried again by the next call. */
export const loadContactRules: () => Promise<ContactSchema> = loadOnce(() =>
  loadFormRules().then(({ contactDetailsSchema }) => {
    runInAction(() => loadedSchema.set(contactDetailsSchema));
    return contactDetailsSchema;
  }),
);

const EMPTY: ContactValues = { firstName: '', lastName: '', email: '', phoneNumber: '', postcode: '' };

export function isContactField(value: string): value is ContactField {
  return (CONTACT_FIELDS as readonly string[]).includes(value);
}

export class ContactFormModel {
  values: ContactValues = { ...EMPTY };
  /** Messages shown beside the fields. */
  errors: Partial<Record<ContactField, string>> = {};
  touched = observable.set<ContactField>();

  constructor() {
    makeObservable<ContactFormModel, 'recheckTouched'>(this, {
      values: observable,
      errors: observable,
      isValid: computed,
      setValue: action,
      blur: action,
      validateAll: action,
      showServerErrors: action,
      clear: action,
      recheckTouched: action,
    });
  }

  private get schema(): ContactSchema | null {
    return loadedSchema.get();
  }

  /**
   * Loads the rules (a form calls this when it is shown; a field left, or a submit, asks again if a
   * load failed). Fields already left get their messages once the rules are there. False if they
   * could not be loaded.
   */
  async loadRules(): Promise<boolean> {
    if (this.schema) return true;
    try {
      await loadContactRules();
    } catch {
      return false;
    }
    this.recheckTouched();
    return true;
  }

  private recheckTouched(): void {
    for (const field of this.touched) this.errors[field] = this.messageFor(field);
  }

  /** The whole form passes the rules (checked silently as the visitor types). False until the rules are loaded. */
  get isValid(): boolean {
    return this.schema?.isValidSync(this.values) ?? false;
  }

  /** The field's message; none until the rules are loaded (recheckTouched gives it then). */
  private messageFor(field: ContactField): string | undefined {
    const schema = this.schema;
    if (!schema) return undefined;
    try {
      schema.validateSyncAt(field, this.values);
      return undefined;
    } catch (error) {
      return (error as Error).message || QUOTE_MESSAGES[field];
    }
  }

  setValue(field: ContactField, value: string): void {
    this.values[field] = value;
    // A message already shown follows the typing, so it goes as soon as the value is right.
    if (this.touched.has(field)) this.errors[field] = this.messageFor(field);
    else if (this.errors[field]) this.errors[field] = undefined;
  }

  /** Checked when a field is left. An untouched empty field says nothing yet. */
  blur(field: ContactField): void {
    if (!this.touched.has(field) && this.values[field] === '') return;
    this.touched.add(field);
    this.errors[field] = this.messageFor(field);
    if (!this.schema) void this.loadRules();
  }

  /**
   * Shows every message; returns the first field in error, or null when the form is valid (or its
   * rules are not loaded yet: the messages then show when they arrive).
   */
  validateAll(): ContactField | null {
    if (!this.schema) void this.loadRules();
    let first: ContactField | null = null;
    for (const field of CONTACT_FIELDS) {
      this.touched.add(field);
      this.errors[field] = this.messageFor(field);
      if (this.errors[field] && !first) first = field;
    }
    return first;
  }

  get firstFieldInError(): ContactField | null {
    return CONTACT_FIELDS.find((field) => !!this.errors[field]) ?? null;
  }

  /** The details as the server will read them (trimmed, normalised), or null while a field is wrong or the rules are not loaded. */
  details(): ContactDetails | null {
    const schema = this.schema;
    if (!schema || !this.isValid) return null;
    return schema.validateSync(this.values, { stripUnknown: true }) as ContactDetails;
  }

  /**
   * Puts a 400 answer's messages on the fields: `fieldOf` says which field a path of the server's
   * names ('contactDetails.email', or 'email' for the enquiry endpoint). Returns how many landed.
   */
  showServerErrors(fieldErrors: Record<string, string>, fieldOf: (path: string) => ContactField | undefined): number {
    const shown = new Set<ContactField>();
    for (const [path, message] of Object.entries(fieldErrors)) {
      const field = fieldOf(path);
      if (!field || shown.has(field)) continue;
      this.errors[field] = message;
      this.touched.add(field);
      shown.add(field);
    }
    return shown.size;
  }

  /** Forget what was typed. */
  clear(): void {
    this.values = { ...EMPTY };
    this.errors = {};
    this.touched.clear();
  }
}
