/** What the account features say (issue 10 item 5), shared by routes and components. */
export const ACCOUNT_TEXTS = {
  favoritesEmpty: "Your favorite videos will appear here.",
  historyEmpty: "Your recently watched videos will appear here.",
  settingsIntro: "Manage your account preferences here.",
  favoriteFailed: "Failed to update favorite. Please try again.",
  tooMany: "Too many requests. Please wait a moment and try again.",
  loadFailed: "Failed to load. Please try again later.",
  saveFailed: "Failed to save. Please try again.",
  nameSaved: "Display name saved.",
  autoplaySaved: "Autoplay setting saved.",
  deleteConfirmWrong: "Type DELETE to confirm.",
  deleteLastAdmin: "You are the last admin: make someone else an admin in the console before deleting your account.",
} as const;
