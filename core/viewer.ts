/** The signed-in person as loaders, actions and the browser see them (root loader data): no tokens, no secrets. */
export interface Viewer {
  id: string;
  email: string;
  /** Full name; null when unknown (e-mail code sign-ins start without one). */
  name: string | null;
  avatarUrl: string | null;
  role: "user" | "creator" | "admin";
  /** The original's flag (docs/product.md "Roles"): creators and admins moderate comments. */
  isCreator: boolean;
}

/** How the profile greets and the header names someone: full name, else the e-mail (docs/product.md "Accounts"). */
export function displayName(viewer: Pick<Viewer, "name" | "email">): string {
  return viewer.name ?? viewer.email;
}

/** The letter of the generated avatar: the name's (or address's) first letter or digit. */
export function avatarInitial(viewer: Pick<Viewer, "name" | "email">): string {
  const letter = /[\p{L}\p{N}]/u.exec(displayName(viewer))?.[0];
  return letter ? letter.toLocaleUpperCase() : "?";
}
