import { useFetcher } from "react-router";
import type { ConsoleActionResult } from "~/lib/console-result";
import { CATEGORY_DESCRIPTION_MAX } from "~core/translation-schema";
import { fieldClass, fieldErrorClass, secondaryButton } from "../console-ui";

/** A category's English one-line description, shown on its page and translated in its Translations section. */
export function CategoryDescriptionForm({ categoryId, description }: { categoryId: string; description: string | null }) {
  const save = useFetcher<ConsoleActionResult>({ key: `category-describe-${categoryId}` });
  const result = save.state === "idle" ? save.data : undefined;
  const error = result && !result.ok ? (result.fieldErrors.description ?? result.message) : null;
  const id = `category-description-${categoryId}`;
  return (
    <save.Form method="post" noValidate preventScrollReset className="mt-3 space-y-2">
      <input type="hidden" name="intent" value="describe" />
      <input type="hidden" name="categoryId" value={categoryId} />
      <label htmlFor={id} className="block text-sm text-zinc-300">
        Description (English, one line, optional)
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          id={id}
          name="description"
          defaultValue={description ?? ""}
          maxLength={CATEGORY_DESCRIPTION_MAX}
          className={`${fieldClass} min-w-0 flex-1`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <button type="submit" className={secondaryButton} disabled={save.state !== "idle"}>
          {save.state !== "idle" ? "Saving…" : "Save description"}
        </button>
      </div>
      {error && (
        <p id={`${id}-error`} className={fieldErrorClass}>
          {error}
        </p>
      )}
      <p aria-live="polite" className="text-sm text-emerald-300">
        {result?.ok ? "Description saved." : ""}
      </p>
    </save.Form>
  );
}
