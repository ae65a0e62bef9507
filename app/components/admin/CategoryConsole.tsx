import { useEffect, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import type { ConsoleActionResult } from "~/lib/console-result";
import { CATEGORY_NAME_MAX, categoryNameSchema } from "~core/category-schema";
import type { AdminCategory } from "~core/console-rows";
import { paths } from "~core/paths";
import type { CategoryTranslationForm } from "~core/translation-schema";
import { ActionError, dangerButton, fieldClass, fieldErrorClass, primaryButton, SectionHeader, secondaryButton } from "./console-ui";
import { CategoryDescriptionForm } from "./translations/CategoryDescriptionForm";
import { type TranslationFormValues, TranslationsSection } from "./translations/TranslationForms";

/** The browser's check of a name field (the server checks again, plus uniqueness and the content policy). */
function nameError(form: HTMLFormElement): string | null {
  const parsed = categoryNameSchema.safeParse(new FormData(form).get("name") ?? "");
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? "Invalid name");
}

/** A failed action's message for `field`, once the fetcher is idle. */
function serverError(fetcher: { state: string; data?: ConsoleActionResult }, field: string): string | null {
  if (fetcher.state !== "idle" || !fetcher.data || fetcher.data.ok) return null;
  return fetcher.data.fieldErrors[field] ?? null;
}

/**
 * The console's "Categories" section: counts, create, rename, delete (moving the videos first), and each one's
 * name and description in the six other languages (docs/i18n.md "Content").
 */
export function CategoryConsole({
  categories,
  translations,
  descriptions,
}: {
  categories: AdminCategory[];
  /** By category id: one form per language (server/services/translation-admin.ts). */
  translations: Record<string, CategoryTranslationForm[]>;
  /** By category id: the English one-line description (shown on the category's page). */
  descriptions: Record<string, string | null>;
}) {
  return (
    <div>
      <SectionHeader title="Categories">
        <p>
          Names use letters, digits and spaces; the page address follows the name. Changes show in the site's header and category pages at
          once.
        </p>
      </SectionHeader>
      <CreateCategory />
      {categories.length === 0 ? (
        <p className="mt-6 rounded-xl border border-ink-700 bg-ink-900/60 p-6 text-sm text-zinc-300">No categories yet.</p>
      ) : (
        <ul aria-label="Categories" className="mt-6 space-y-3">
          {categories.map((c) => (
            <CategoryItem
              key={c.id}
              category={c}
              others={categories.filter((o) => o.id !== c.id)}
              translations={(translations[c.id] ?? []).map((t) => ({ ...t, title: t.name }))}
              description={descriptions[c.id] ?? null}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

function CreateCategory() {
  const fetcher = useFetcher<ConsoleActionResult>({ key: "category-create" });
  const [clientError, setClientError] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const error =
    clientError ??
    serverError(fetcher, "name") ??
    (fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data.message : null);
  const created = fetcher.state === "idle" && fetcher.data?.ok;
  useEffect(() => {
    if (created) form.current?.reset();
  }, [created]);
  return (
    <fetcher.Form
      ref={form}
      method="post"
      noValidate
      className="rounded-xl border border-ink-700 bg-ink-900/60 p-4"
      onSubmit={(event) => {
        const found = nameError(event.currentTarget);
        setClientError(found);
        if (found) event.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value="create" />
      <label htmlFor="new-category-name" className="mb-1 block text-sm font-semibold text-zinc-200">
        New category
      </label>
      <div className="flex flex-wrap items-start gap-2">
        <div className="min-w-0 flex-1">
          <input
            id="new-category-name"
            name="name"
            maxLength={CATEGORY_NAME_MAX + 20}
            autoComplete="off"
            className={fieldClass}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "new-category-name-error" : undefined}
            onChange={() => setClientError(null)}
          />
          {error && (
            <p id="new-category-name-error" className={fieldErrorClass}>
              {error}
            </p>
          )}
        </div>
        <button type="submit" className={primaryButton} disabled={fetcher.state !== "idle"}>
          Create
        </button>
      </div>
      {created && (
        <p role="status" className="mt-2 text-sm text-emerald-300">
          Category created.
        </p>
      )}
    </fetcher.Form>
  );
}

function CategoryItem({
  category: c,
  others,
  translations,
  description,
}: {
  category: AdminCategory;
  others: AdminCategory[];
  translations: TranslationFormValues[];
  description: string | null;
}) {
  const rename = useFetcher<ConsoleActionResult>({ key: `category-rename-${c.id}` });
  const remove = useFetcher<ConsoleActionResult>({ key: `category-delete-${c.id}` });
  const [clientError, setClientError] = useState<string | null>(null);
  const renameError = clientError ?? serverError(rename, "name");
  const moveError = serverError(remove, "moveTo");
  const message = [rename, remove].map((f) => (f.state === "idle" && f.data && !f.data.ok ? f.data.message : null)).find(Boolean);
  const inputId = `category-name-${c.id}`;
  const moveId = `category-move-${c.id}`;
  if (remove.state !== "idle") return null; // on its way out
  return (
    <li
      id={`category-${c.id}`}
      data-category-id={c.id}
      data-category-name={c.name}
      className="rounded-xl border border-ink-700 bg-ink-900/60 p-4"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="break-words text-lg font-semibold">
          <Link to={paths.category(c.slug)} className="hover:underline">
            {c.name}
          </Link>
        </h2>
        <p className="text-sm text-zinc-300">
          {c.videoCount === 1 ? "1 video" : `${c.videoCount} videos`}
          {c.videoCount > 0 && <span className="text-zinc-400"> ({c.publicCount} public)</span>}
        </p>
      </div>
      <p className="break-all text-xs text-zinc-400">{paths.category(c.slug)}</p>

      <div className="mt-3 flex flex-wrap items-start gap-2">
        <rename.Form
          method="post"
          noValidate
          className="flex min-w-64 flex-1 flex-wrap items-start gap-2"
          onSubmit={(event) => {
            const found = nameError(event.currentTarget);
            setClientError(found);
            if (found) event.preventDefault();
          }}
        >
          <input type="hidden" name="intent" value="rename" />
          <input type="hidden" name="categoryId" value={c.id} />
          <div className="min-w-0 flex-1">
            <label htmlFor={inputId} className="sr-only">
              New name for {c.name}
            </label>
            <input
              id={inputId}
              name="name"
              defaultValue={c.name}
              maxLength={CATEGORY_NAME_MAX + 20}
              autoComplete="off"
              className={fieldClass}
              aria-invalid={renameError ? true : undefined}
              aria-describedby={renameError ? `${inputId}-error` : undefined}
              onChange={() => setClientError(null)}
            />
            {renameError && (
              <p id={`${inputId}-error`} className={fieldErrorClass}>
                {renameError}
              </p>
            )}
          </div>
          <button type="submit" className={`${secondaryButton} py-2`} disabled={rename.state !== "idle"}>
            Rename<span className="sr-only"> {c.name}</span>
          </button>
        </rename.Form>

        <details className="open:basis-full">
          <summary className={`${secondaryButton} inline-block cursor-pointer list-none py-2 text-red-200`}>
            Delete…<span className="sr-only"> {c.name}</span>
          </summary>
          <remove.Form method="post" className="mt-2 space-y-2 rounded-lg border border-red-800/60 bg-red-950/40 p-3">
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="categoryId" value={c.id} />
            {c.videoCount > 0 ? (
              others.length > 0 ? (
                <div>
                  <label htmlFor={moveId} className="mb-1 block text-sm text-red-100">
                    First move its {c.videoCount === 1 ? "video" : `${c.videoCount} videos`} to
                  </label>
                  <select
                    id={moveId}
                    name="moveTo"
                    required
                    defaultValue=""
                    className={fieldClass}
                    aria-invalid={moveError ? true : undefined}
                    aria-describedby={moveError ? `${moveId}-error` : undefined}
                  >
                    <option value="" disabled>
                      Choose a category
                    </option>
                    {others.map((o) => (
                      <option key={o.id} value={o.id}>
                        {o.name}
                      </option>
                    ))}
                  </select>
                </div>
              ) : (
                <p className="text-sm text-red-100">Create another category first: its videos need somewhere to go.</p>
              )
            ) : (
              <p className="text-sm text-red-100">It has no videos. Delete it for good?</p>
            )}
            {moveError && (
              <p id={`${moveId}-error`} className={fieldErrorClass}>
                {moveError}
              </p>
            )}
            {(c.videoCount === 0 || others.length > 0) && (
              <button type="submit" className={dangerButton}>
                {c.videoCount > 0 ? "Move videos and delete" : "Delete category"}
              </button>
            )}
          </remove.Form>
        </details>
      </div>
      <ActionError message={message} />
      <CategoryDescriptionForm categoryId={c.id} description={description} />
      {translations.length > 0 && (
        <div className="mt-3">
          <TranslationsSection kind="category" targetId={c.id} forms={translations} headingLevel={3} />
        </div>
      )}
    </li>
  );
}
