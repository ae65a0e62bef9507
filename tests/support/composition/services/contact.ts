// The test build's server/services/contact.ts (docs/decisions/0018-test-build.md): the store step fails,
// after validation, the anti-bot checks and the rate limit, through the service's own `store` dependency.
import * as contact from "../../../../server/services/contact";
import { failing } from "../faults";

export * from "../../../../server/services/contact";
export const submitContactForm: typeof contact.submitContactForm = (sub, meta, deps = {}) =>
  contact.submitContactForm(sub, meta, { ...deps, store: failing("contact.submit", deps.store ?? contact.storeContactMessage) });
