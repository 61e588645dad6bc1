/**
 * The checker's buttons that move or change the answers (Back, Start again, a charge added or
 * removed, Change on the results): with JavaScript they act in the browser; without it they post
 * their form with `move`, and the server answers with the step (formFields.ts).
 */
import type { ReactNode } from 'react';
import { CHECKER_FORM, MOVE_FIELD, STEP_FIELD, type Fields } from '../checker/formFields';

export function MoveButton({
  move,
  onMove,
  form,
  className,
  children,
}: {
  move: string;
  onMove: () => void;
  /** the form it posts, when it is not inside it */
  form?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <button
      type="submit"
      form={form}
      name={MOVE_FIELD}
      value={move}
      className={className}
      onClick={(event) => {
        event.preventDefault();
        onMove();
      }}
    >
      {children}
    </button>
  );
}

/** The form's name, the step posted from, and the answers it carries hidden. */
export function PostedFields({ step, fields }: { step: string; fields: Fields }) {
  return (
    <>
      <input type="hidden" name="form" value={CHECKER_FORM} />
      <input type="hidden" name={STEP_FIELD} value={step} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}
