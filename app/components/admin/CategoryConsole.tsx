import { useEffect, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import { actionMessageOf, type ConsoleActionResult, fieldErrorOf } from "~/lib/console-result";
import { CATEGORY_NAME_MAX, categoryNameSchema } from "~core/category-schema";
import type { AdminCategory } from "~core/console-rows";
import { paths } from "~core/paths";
import { ActionError, fieldClass, fieldErrorClass, primaryButton, SectionHeader, secondaryButton } from "./console-ui";

/** The browser's check of a name field (the server checks again, plus uniqueness and the content policy). */
function nameError(form: HTMLFormElement): string | null {
  const parsed = categoryNameSchema.safeParse(new FormData(form).get("name") ?? "");
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? "Invalid name");
}

/**
 * The console's "Categories" section: counts, create and rename; each category's own page (CategoryEditor)
 * has its description, its versions in the six other languages (docs/i18n.md "Content") and its delete.
 */
export function CategoryConsole({ categories }: { categories: AdminCategory[] }) {
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
            <CategoryItem key={c.id} category={c} />
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
  const error = clientError ?? fieldErrorOf(fetcher, "name") ?? actionMessageOf(fetcher);
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

function CategoryItem({ category: c }: { category: AdminCategory }) {
  const rename = useFetcher<ConsoleActionResult>({ key: `category-rename-${c.id}` });
  const [clientError, setClientError] = useState<string | null>(null);
  const renameError = clientError ?? fieldErrorOf(rename, "name");
  const message = actionMessageOf(rename);
  const inputId = `category-name-${c.id}`;
  return (
    <li
      id={`category-${c.id}`}
      data-category-id={c.id}
      data-category-name={c.name}
      className="rounded-xl border border-ink-700 bg-ink-900/60 p-4"
    >
      <CategoryHeading category={c} />
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
        <Link to={paths.admin.category(c.id)} className={`${secondaryButton} inline-block py-2`}>
          Description, translations, delete<span className="sr-only"> of {c.name}</span>
        </Link>
      </div>
      <ActionError message={message} />
    </li>
  );
}

/** A category's name (its public page), its video counts and its address. */
export function CategoryHeading({ category: c, level = 2 }: { category: AdminCategory; level?: 1 | 2 }) {
  const Heading = level === 1 ? "h1" : "h2";
  return (
    <>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <Heading className={`break-words font-semibold ${level === 1 ? "text-2xl" : "text-lg"}`}>
          <Link to={paths.category(c.slug)} className="hover:underline">
            {c.name}
          </Link>
        </Heading>
        <p className="text-sm text-zinc-300">
          {c.videoCount === 1 ? "1 video" : `${c.videoCount} videos`}
          {c.videoCount > 0 && <span className="text-zinc-400"> ({c.publicCount} public)</span>}
        </p>
      </div>
      <p className="break-all text-xs text-zinc-400">{paths.category(c.slug)}</p>
    </>
  );
}
