import { VIDEO_DESCRIPTION_MAX, VIDEO_TITLE_MAX, type VideoFieldErrors } from "~core/video-schema";
import { fieldClass as field, fieldErrorClass as fieldError } from "../console-ui";

export interface VideoFieldValues {
  title: string;
  description: string;
  category: string;
  isPublic: boolean;
}

/**
 * Title, description, category and visibility, shared by the upload and edit forms; each error is shown
 * under its field and tied to it (aria-describedby). `idPrefix` keeps ids unique on the page.
 */
export function VideoFields(props: {
  idPrefix: string;
  values: VideoFieldValues;
  categories: string[];
  errors: VideoFieldErrors;
  disabled?: boolean;
  onEdit?: (name: keyof VideoFieldValues) => void;
}) {
  const { idPrefix, values, errors } = props;
  const id = (name: string) => `${idPrefix}-${name}`;
  const described = (name: keyof VideoFieldErrors) => (errors[name] ? `${id(name)}-error` : undefined);
  const error = (name: keyof VideoFieldErrors) =>
    errors[name] ? (
      <p id={`${id(name)}-error`} className={fieldError}>
        {errors[name]}
      </p>
    ) : null;
  return (
    <fieldset disabled={props.disabled} className="space-y-4">
      <div>
        <label htmlFor={id("title")} className="mb-1 block text-sm text-zinc-300">
          Title
        </label>
        <input
          id={id("title")}
          name="title"
          required
          maxLength={VIDEO_TITLE_MAX}
          defaultValue={values.title}
          className={field}
          aria-invalid={errors.title ? true : undefined}
          aria-describedby={described("title")}
          onChange={() => props.onEdit?.("title")}
        />
        {error("title")}
      </div>
      <div>
        <label htmlFor={id("description")} className="mb-1 block text-sm text-zinc-300">
          Description <span className="text-zinc-400">(optional)</span>
        </label>
        <textarea
          id={id("description")}
          name="description"
          rows={4}
          maxLength={VIDEO_DESCRIPTION_MAX}
          defaultValue={values.description}
          className={field}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={described("description")}
          onChange={() => props.onEdit?.("description")}
        />
        {error("description")}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={id("category")} className="mb-1 block text-sm text-zinc-300">
            Category
          </label>
          <select
            id={id("category")}
            name="category"
            required
            defaultValue={values.category}
            className={field}
            aria-invalid={errors.category ? true : undefined}
            aria-describedby={described("category")}
            onChange={() => props.onEdit?.("category")}
          >
            <option value="">Choose a category</option>
            {values.category && !props.categories.includes(values.category) && <option value={values.category}>{values.category}</option>}
            {props.categories.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
          {error("category")}
        </div>
        <div className="sm:pt-7">
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="isPublic" defaultChecked={values.isPublic} className="h-4 w-4 accent-brand-600" />
            Public (listed and playable by everyone once ready)
          </label>
          {error("isPublic")}
        </div>
      </div>
    </fieldset>
  );
}
