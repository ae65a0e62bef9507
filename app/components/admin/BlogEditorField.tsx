import type { FormEvent, ReactNode } from "react";
import { blogFieldErrors } from "~core/blog-post-schema";
import type { z } from "~core/zod";
import type { EditorField } from "./blog-editor-fields";
import { errorText } from "./editor-styles";

/** What an input of the editor takes from its field: id and name, the value, the change, and the ties to its messages. */
export interface FieldBinding {
  id: string;
  name: EditorField;
  value: string;
  onChange: (e: { target: { value: string } }) => void;
  "aria-invalid": true | undefined;
  "aria-describedby": string;
}

/**
 * The editors' submit check (English post and its translations): the form's fields through `schema` in the
 * browser before anything is sent; refused, nothing is sent, each field gets its message and the first one focus.
 */
export function checkBeforeSending(schema: z.ZodType, setErrors: (errors: Record<string, string>) => void) {
  return (event: FormEvent<HTMLFormElement>) => {
    const parsed = schema.safeParse(Object.fromEntries(new FormData(event.currentTarget)));
    if (parsed.success) return setErrors({});
    event.preventDefault();
    const found = blogFieldErrors(parsed.error);
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) document.getElementById(`post-${first}`)?.focus();
  };
}

/** One field of the blog editor: its label, the input, then its error and hint (the ids its input points to). */
export function BlogEditorField({
  label,
  field,
  error,
  hint,
  children,
}: {
  label: string;
  field: EditorField;
  error?: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div className="min-w-0">
      <label htmlFor={`post-${field}`} className="mb-1 block text-sm font-medium text-zinc-200">
        {label}
      </label>
      {children}
      {error && (
        <p id={`post-${field}-error`} className={errorText}>
          {error}
        </p>
      )}
      {hint && (
        <p id={`post-${field}-hint`} className="mt-1 text-xs text-zinc-400">
          {hint}
        </p>
      )}
    </div>
  );
}
