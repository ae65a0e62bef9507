import { describe, expect, it } from "vitest";
import type { ContactProblem } from "../../core/contact-schema";
import { REPORT_DETAILS_MAX, type ReportProblem } from "../../core/report-schema";
import { TAKEDOWN_LIMITS, type TakedownProblem } from "../../core/takedown-schema";
import { translate } from "./catalog";

/**
 * The public forms' field messages (core/contact-schema.ts, takedown-schema.ts, report-schema.ts give their ids):
 * in English exactly the texts docs/product.md and the end-to-end tests quote, and in every other language their own.
 */

const CONTACT: Record<ContactProblem, string> = {
  nameRequired: "Name is required",
  nameTooShort: "Name must be at least 2 characters",
  nameTooLong: "Name must be 200 characters or fewer",
  emailRequired: "Email is required",
  emailInvalid: "Please enter a valid email address",
  emailTooLong: "Email must be 320 characters or fewer",
  subjectRequired: "Subject is required",
  subjectTooShort: "Subject must be at least 3 characters",
  subjectTooLong: "Subject must be 300 characters or fewer",
  messageRequired: "Message is required",
  messageTooShort: "Message must be at least 10 characters",
  messageTooLong: "Message must be less than 1000 characters",
};

const TAKEDOWN: Record<TakedownProblem, string> = {
  kindRequired: "Choose what the request is about",
  nameRequired: "Name is required",
  nameTooShort: "Name must be at least 2 characters",
  nameTooLong: "Name must be 200 characters or fewer",
  emailRequired: "Email is required",
  emailInvalid: "Please enter a valid email address",
  emailTooLong: "Email must be 320 characters or fewer",
  urlsRequired: "Enter the address of at least one page",
  urlsTooLong: "Too many addresses",
  urlsTooMany: "Enter at most 20 addresses",
  urlsInvalid: "Enter full addresses starting with https://, one per line",
  descriptionRequired: "Describe the person or the work",
  descriptionTooShort: "Description must be at least 20 characters",
  descriptionTooLong: "Description must be 5000 characters or fewer",
  goodFaithRequired: "Confirm the good-faith statement",
  signatureRequired: "Type your full name as your signature",
  signatureTooShort: "Signature must be at least 2 characters",
  signatureTooLong: "Signature must be 200 characters or fewer",
};

const REPORT: Record<ReportProblem, string> = {
  reasonRequired: "Choose a reason for your report.",
  detailsTooLong: "Details must be 2,000 characters or fewer.",
};

describe("the public forms' field messages", () => {
  it("are docs/product.md's texts in English", () => {
    for (const [id, text] of Object.entries(CONTACT)) expect(translate("en", "contact", id as ContactProblem)).toBe(text);
    const count = TAKEDOWN_LIMITS.urls.count;
    for (const [id, text] of Object.entries(TAKEDOWN)) expect(translate("en", "takedown", id as TakedownProblem, { count })).toBe(text);
    for (const [id, text] of Object.entries(REPORT))
      expect(translate("en", "report", id as ReportProblem, { max: REPORT_DETAILS_MAX })).toBe(text);
  });

  it("are their own texts in German and Arabic", () => {
    expect(translate("de", "contact", "emailInvalid")).toBe("Bitte gib eine gültige E-Mail-Adresse ein");
    expect(translate("de", "takedown", "urlsTooMany", { count: 20 })).toBe("Gib höchstens 20 Adressen ein");
    expect(translate("de", "report", "detailsTooLong", { max: REPORT_DETAILS_MAX })).toBe(
      "Die Details dürfen höchstens 2.000 Zeichen lang sein.",
    );
    expect(translate("ar", "contact", "messageRequired")).toBe("الرسالة مطلوبة");
    // Arabic's plural forms of "at most N addresses".
    expect([1, 2, 3, 20, 100].map((count) => translate("ar", "takedown", "urlsTooMany", { count }))).toEqual([
      "أدخل عنوانًا واحدًا كحد أقصى",
      "أدخل عنوانين كحد أقصى",
      "أدخل 3 عناوين كحد أقصى",
      "أدخل 20 عنوانًا كحد أقصى",
      "أدخل 100 عنوان كحد أقصى",
    ]);
  });

  it("have the forms' own rate-limit texts in whole minutes", () => {
    expect(translate("en", "takedown", "rateLimited", { minutes: 1 })).toBe("Too many requests. Please try again in 1 minute.");
    expect(translate("en", "report", "rateLimited", { minutes: 7 })).toBe(
      "You have sent many reports in a short time. Please try again in 7 minutes.",
    );
    expect(translate("ar", "contact", "rateLimited", { minutes: 10 })).toBe("رسائل كثيرة جدًا. يُرجى المحاولة مرة أخرى بعد 10 دقائق.");
  });
});
