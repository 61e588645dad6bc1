/**
 * The state of an enquiry form: values, messages per field, and the submission. Fields are
 * checked with the shared yup schema (the server checks with the same one) when the visitor
 * leaves a field they have typed in, and all together on submit; a message clears as soon as
 * the field is right. Submitting is guarded against a double submit, a failure keeps every value
 * typed, a 400 answer puts the server's messages on the fields, and success gives the reference.
 *
 * The schema is not part of the page: the form's first focus starts loading it (`preload`, on the
 * form element), and every check awaits it. A check whose field has changed since is dropped.
 */
import { useCallback, useRef, useState, type ChangeEvent } from 'react';
import { trackEvent, usePostedForm, type PostedForm } from '@copytech/shared';
import { type EnquiriesSendRequest, type EnquiryKind } from '@copytech/shared/domain';
import { useFormPagePath } from './formPage';
import { preloadFormRules } from '@copytech/shared/formRules';
import { formWriter, RULES_UNAVAILABLE, useSubmitOnce, writeProblemMessage } from '@copytech/shared/write';

export const ENQUIRIES_ENDPOINT = '/api/enquiries/send';

export type FormValues = Record<string, string>;
export type FieldErrors<V extends FormValues> = Partial<Record<keyof V & string, string>>;

export type SubmitState =
  | { status: 'idle' }
  | { status: 'sending' }
  | { status: 'sent'; reference: string }
  /** `summary`: each field's message, listed with a link to its field (a form posted without JavaScript, answered by the server) */
  | { status: 'invalid'; message: string; summary?: Array<{ id: string; message: string }> }
  /** Not stored, and sending again can help: the shared words for it. */
  | { status: 'problem'; message: string };

export interface FieldBinding {
  /** the control's id (`enquiry-email`): unique in the page, so a message can link to its field */
  id: string;
  name: string;
  value: string;
  error: string | undefined;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => void;
  onBlur: () => void;
  ref: (element: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement | null) => void;
}

/** What the form needs of a shared yup schema (kept structural: this remote does not depend on yup itself). */
export interface FormSchema {
  validateSyncAt(path: string, value: unknown): unknown;
  validateSync(value: unknown, options: { abortEarly: boolean }): unknown;
}

interface ValidationFailure {
  name: 'ValidationError';
  message: string;
  path?: string;
  inner: ValidationFailure[];
}

function isValidationFailure(error: unknown): error is ValidationFailure {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { name?: unknown }).name === 'ValidationError' &&
    Array.isArray((error as ValidationFailure).inner)
  );
}

export interface EnquiryFormOptions<V extends FormValues> {
  kind: EnquiryKind;
  /** The form's schema, loaded when first needed (a stable function: define it once, at module level). */
  loadSchema: () => Promise<FormSchema>;
  initialValues: V;
  /** The request body from the form's values (trimmed, empty optional fields left out). */
  toRequest: (values: V) => EnquiriesSendRequest;
}

function firstMessages(error: unknown): Record<string, string> {
  const messages: Record<string, string> = {};
  if (isValidationFailure(error)) {
    const all = error.inner.length ? error.inner : [error];
    for (const item of all) if (item.path && !messages[item.path]) messages[item.path] = item.message;
  }
  return messages;
}

const CHECK_FIELDS = 'Please check the fields marked below.';

/** Every field's first message by the form's schema ({} when all are right), or null when the rules could not load. */
async function checkAll(loadSchema: () => Promise<FormSchema>, values: Record<string, string>): Promise<Record<string, string> | null> {
  let schema: FormSchema;
  try {
    schema = await loadSchema();
  } catch {
    return null;
  }
  try {
    schema.validateSync(values, { abortEarly: false });
    return {};
  } catch (error) {
    return firstMessages(error);
  }
}

/**
 * The fields' state: values, messages, and the check of a field when it is left or changed after
 * its message showed; a check whose field has changed since is dropped.
 */
function useFields<V extends FormValues>(
  kind: EnquiryKind,
  loadSchema: () => Promise<FormSchema>,
  initialValues: V,
  posted: Extract<PostedForm, { status: 'invalid' }> | null,
) {
  const fieldNames = Object.keys(initialValues) as Array<keyof V & string>;
  // A form posted without JavaScript comes back with what was typed and each field's message.
  const [values, setValues] = useState<V>(() => (posted ? { ...initialValues, ...pick(posted.values, fieldNames) } : initialValues));
  const [errors, setErrors] = useState<FieldErrors<V>>(() => (posted ? (pick(posted.fieldErrors, fieldNames) as FieldErrors<V>) : {}));
  const edited = useRef(new Set<string>(posted ? Object.keys(pick(posted.values, fieldNames)) : []));
  const elements = useRef(new Map<string, HTMLElement>());
  /** The values as last typed, to tell whether a check that has just finished is still current. */
  const latest = useRef<V>(values);
  latest.current = values;

  const messageFor = useCallback(
    async (name: string, all: V): Promise<string | undefined> => {
      const schema = await loadSchema();
      try {
        schema.validateSyncAt(name, { ...all, kind });
        return undefined;
      } catch (error) {
        return isValidationFailure(error) ? error.message : undefined;
      }
    },
    [loadSchema, kind],
  );

  /** Shows the message for a field once its check is done, unless the field has changed since. */
  const check = (name: keyof V & string, all: V) => {
    messageFor(name, all).then(
      (message) => {
        if (latest.current[name] === all[name]) setErrors((current) => ({ ...current, [name]: message }));
      },
      () => undefined, // the rules could not load: submit checks again, and says so if it still cannot
    );
  };

  const focusFirst = (messages: Record<string, string>) => {
    const first = fieldNames.find((name) => messages[name]);
    if (first) elements.current.get(first)?.focus();
  };

  const field = (name: keyof V & string): FieldBinding => ({
    id: fieldId(kind, name),
    name,
    value: values[name] ?? '',
    error: errors[name],
    onChange: (event) => {
      const next = { ...values, [name]: event.target.value } as V;
      edited.current.add(name);
      latest.current = next;
      setValues(next);
      // A message already shown updates as the visitor types, and goes when the field is right.
      if (errors[name]) check(name, next);
    },
    onBlur: () => {
      // Tabbing through an untouched field says nothing; leaving one that was typed in checks it.
      if (!edited.current.has(name) && !errors[name]) return;
      check(name, values);
    },
    ref: (element) => {
      if (element) elements.current.set(name, element);
      else elements.current.delete(name);
    },
  });

  /** After a success: the form empty again. */
  const clear = () => {
    edited.current.clear();
    setValues(initialValues);
  };

  return { fieldNames, values, errors, setErrors, field, focusFirst, clear };
}

export function useEnquiryForm<V extends FormValues>({ kind, loadSchema, initialValues, toRequest }: EnquiryFormOptions<V>) {
  const path = useFormPagePath();
  const posted = usePostedForm(kind, path);
  const invalid = posted?.status === 'invalid' ? posted : null;
  const { fieldNames, values, errors, setErrors, field, focusFirst, clear } = useFields(kind, loadSchema, initialValues, invalid);
  const [submit, setSubmit] = useState<SubmitState>(() => {
    if (posted?.status === 'sent') return { status: 'sent', reference: posted.reference ?? '' };
    if (!invalid) return { status: 'idle' };
    const summary = fieldNames.flatMap((name) =>
      invalid.fieldErrors[name] ? [{ id: fieldId(kind, name), message: invalid.fieldErrors[name] }] : [],
    );
    return { status: 'invalid', message: CHECK_FIELDS, summary };
  });
  const [writer] = useState(() => formWriter(ENQUIRIES_ENDPOINT));

  const validateAndSend = async () => {
    const messages = await checkAll(loadSchema, { ...values, kind });
    if (messages === null) {
      console.error(`[content] ${kind} could not be checked: the form rules did not load`);
      setSubmit({ status: 'problem', message: writeProblemMessage(RULES_UNAVAILABLE) });
      return;
    }
    if (Object.keys(messages).length > 0) {
      setErrors(messages as FieldErrors<V>);
      setSubmit({ status: 'invalid', message: CHECK_FIELDS });
      focusFirst(messages);
      return;
    }

    setErrors({});
    setSubmit({ status: 'sending' });
    const result = await writer.send(toRequest(values));
    switch (result.outcome) {
      case 'sent':
        trackEvent('enquiry_sent', { kind });
        clear();
        setSubmit({ status: 'sent', reference: result.reference });
        break;
      case 'invalid': {
        const onFields = Object.fromEntries(Object.entries(result.fieldErrors).filter(([path]) => fieldNames.includes(path)));
        setErrors(onFields as FieldErrors<V>);
        const message = Object.keys(onFields).length ? CHECK_FIELDS : result.message;
        setSubmit({ status: 'invalid', message: message ?? 'Please check the details you entered.' });
        focusFirst(onFields);
        break;
      }
      default:
        if (result.outcome === 'failed') console.error(`[content] ${kind} could not be sent:`, result.reason);
        setSubmit({ status: 'problem', message: writeProblemMessage(result) });
    }
  };

  const onSubmit = useSubmitOnce(validateAndSend);

  /** After a success: show the empty form again for another message. */
  const startAgain = () => setSubmit({ status: 'idle' });

  return {
    values,
    errors,
    submit,
    field,
    onSubmit,
    startAgain,
    preload: preloadFormRules,
    /** where the form posts without JavaScript: its own page (null outside a CMS page) */
    action: path,
    /** whether this is the server's answer to the form posted without JavaScript */
    posted: posted !== null,
  };
}

/** The id of a form's control: unique in the page (a page holds one form of each kind). */
export function fieldId(kind: string, name: string): string {
  return `${kind}-${name}`;
}

/** Only the form's own fields of a posted record. */
function pick(record: Record<string, string>, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(names.filter((name) => typeof record[name] === 'string').map((name) => [name, record[name]!]));
}
