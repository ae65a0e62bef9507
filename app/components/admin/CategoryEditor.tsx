import { Link, useFetcher } from "react-router";
import { actionMessageOf, type ConsoleActionResult, fieldErrorOf } from "~/lib/console-result";
import type { AdminCategory } from "~core/console-rows";
import { paths } from "~core/paths";
import type { CategoryTranslationForm } from "~core/translation-schema";
import { CategoryHeading } from "./CategoryConsole";
import { ActionError, dangerButton, fieldClass, fieldErrorClass } from "./console-ui";
import { CategoryDescriptionForm } from "./translations/CategoryDescriptionForm";
import { TranslationsSection } from "./translations/TranslationForms";

/**
 * One category's page in the console: its English description, its name and description in the six other
 * languages (docs/i18n.md "Content"), and its delete, which first moves its videos to a category chosen here.
 */
export function CategoryEditor({
  category,
  others,
  description,
  translations,
}: {
  category: AdminCategory;
  /** Where its videos may go. */
  others: { id: string; name: string }[];
  description: string | null;
  translations: CategoryTranslationForm[];
}) {
  return (
    <div className="space-y-6">
      <p className="text-sm">
        <Link to={paths.admin.categories()} className="text-brand-300 underline hover:text-brand-200">
          All categories
        </Link>
      </p>
      <section aria-label="Category" className="rounded-xl border border-ink-700 bg-ink-900/60 p-4">
        <CategoryHeading category={category} level={1} />
        <CategoryDescriptionForm categoryId={category.id} description={description} />
      </section>
      <TranslationsSection kind="category" targetId={category.id} forms={translations.map((t) => ({ ...t, title: t.name }))} />
      <DeleteCategory category={category} others={others} />
    </div>
  );
}

function DeleteCategory({ category: c, others }: { category: AdminCategory; others: { id: string; name: string }[] }) {
  const remove = useFetcher<ConsoleActionResult>({ key: `category-delete-${c.id}` });
  const moveError = fieldErrorOf(remove, "moveTo");
  const message = actionMessageOf(remove);
  const moveId = `category-move-${c.id}`;
  const canDelete = c.videoCount === 0 || others.length > 0;
  return (
    <section aria-labelledby="delete-category" className="space-y-2 rounded-xl border border-red-800/60 bg-red-950/40 p-4">
      <h2 id="delete-category" className="text-lg font-bold">
        Delete<span className="sr-only"> {c.name}</span>
      </h2>
      <remove.Form method="post" className="space-y-2">
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
        {canDelete && (
          <button type="submit" className={dangerButton} disabled={remove.state !== "idle"}>
            {c.videoCount > 0 ? "Move videos and delete" : "Delete category"}
          </button>
        )}
      </remove.Form>
      <ActionError message={message} />
    </section>
  );
}
