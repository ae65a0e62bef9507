import { describe, expect, it } from "vitest";
import { type ContactValues, contactValuesFromFormData, firstInvalidField, validateContact } from "./contact-schema";
import { charCount } from "./readable-text";

const valid: ContactValues = { name: "Ada", email: "ada@example.com", subject: "Hello", message: "A message long enough." };

function errorsFor(patch: Partial<ContactValues>) {
  const result = validateContact({ ...valid, ...patch });
  return result.success ? {} : result.errors;
}

// A field's message is the id of its text, which the page words (the English texts: server/i18n/form-texts.test.ts).
describe('contact form schema (docs/product.md "Contact form")', () => {
  it("accepts a valid form and trims every field", () => {
    const result = validateContact({
      name: "  Ada  ",
      email: "\tada@example.com\n",
      subject: "  Hello ",
      message: "\n  A message long enough.  \n",
    });
    expect(result).toEqual({ success: true, data: valid });
  });

  it("reports every empty field with its own message", () => {
    const result = validateContact({ name: "", email: "", subject: "", message: "" });
    expect(result).toEqual({
      success: false,
      errors: { name: "nameRequired", email: "emailRequired", subject: "subjectRequired", message: "messageRequired" },
    });
  });

  it("treats whitespace-only as empty", () => {
    expect(errorsFor({ name: "   ", email: " \t", subject: "\n", message: "      " })).toEqual({
      name: "nameRequired",
      email: "emailRequired",
      subject: "subjectRequired",
      message: "messageRequired",
    });
  });

  it("name: 1 character refused, 2 accepted, 200 accepted, 201 refused", () => {
    expect(errorsFor({ name: "A" })).toEqual({ name: "nameTooShort" });
    expect(errorsFor({ name: " A " })).toEqual({ name: "nameTooShort" });
    expect(errorsFor({ name: "Al" })).toEqual({});
    expect(errorsFor({ name: "n".repeat(200) })).toEqual({});
    expect(errorsFor({ name: "n".repeat(201) })).toEqual({ name: "nameTooLong" });
  });

  it("subject: 2 characters refused, 3 accepted, 300 accepted, 301 refused", () => {
    expect(errorsFor({ subject: "Hi" })).toEqual({ subject: "subjectTooShort" });
    expect(errorsFor({ subject: "  Hi  " })).toEqual({ subject: "subjectTooShort" });
    expect(errorsFor({ subject: "Hey" })).toEqual({});
    expect(errorsFor({ subject: "s".repeat(300) })).toEqual({});
    expect(errorsFor({ subject: "s".repeat(301) })).toEqual({ subject: "subjectTooLong" });
  });

  it("message: 9 refused, 10 accepted, 1000 accepted, 1001 refused (after trimming)", () => {
    expect(errorsFor({ message: "123456789" })).toEqual({ message: "messageTooShort" });
    expect(errorsFor({ message: "  123456789   " })).toEqual({ message: "messageTooShort" });
    expect(errorsFor({ message: "1234567890" })).toEqual({});
    expect(errorsFor({ message: "m".repeat(1000) })).toEqual({});
    expect(errorsFor({ message: ` ${"m".repeat(1000)} ` })).toEqual({});
    expect(errorsFor({ message: "m".repeat(1001) })).toEqual({ message: "messageTooLong" });
  });

  it("counts characters as PostgreSQL does (code points), so emoji agree with the database CHECK", () => {
    expect(charCount("😀😀")).toBe(2);
    expect(errorsFor({ name: "😀" })).toEqual({ name: "nameTooShort" });
    expect(errorsFor({ message: "😀".repeat(9) })).toEqual({ message: "messageTooShort" });
    expect(errorsFor({ message: "😀".repeat(1000) })).toEqual({});
    expect(errorsFor({ message: "😀".repeat(1001) })).toEqual({ message: "messageTooLong" });
  });

  it.each([
    ["ada@example.com", true],
    ["a.b+tag@sub.example.co", true],
    ["  ada@example.com  ", true],
    ["ada", false],
    ["ada@", false],
    ["ada@example", false],
    ["@example.com", false],
    ["a@b.c", true], // the simple pattern of docs/product.md "Contact form": something@something.something
    ["ada@.com", false],
    ["ada example@example.com", false],
    ["ada@exa mple.com", false],
    ["ada@@example.com", false],
    ["ada@example.", false],
    // One bare address (issue 32 item 4): no display name, no second recipient.
    ['"x"<victim@evil.test>', false],
    ["Victim <victim@evil.test>", false],
    ["victim@evil.test>", false],
    ["a@example.com,victim@evil.test", false],
    ["a@example.com;victim@evil.test", false],
    ["o'brien+films@example.ie", true],
  ])("email %j valid=%s", (email, ok) => {
    expect(errorsFor({ email })).toEqual(ok ? {} : { email: "emailInvalid" });
  });

  it("caps the e-mail at 320 characters", () => {
    const local = "l".repeat(64);
    const at320 = `${local}@${"d".repeat(320 - local.length - 5)}.com`;
    expect(at320).toHaveLength(320);
    expect(errorsFor({ email: at320 })).toEqual({});
    expect(errorsFor({ email: `x${at320}` })).toEqual({ email: "emailTooLong" });
  });

  it("strips NUL characters, which PostgreSQL text cannot store", () => {
    const result = validateContact({ ...valid, message: "Hello\u0000 there, friend" });
    expect(result.success && result.data.message).toBe("Hello there, friend");
  });

  it("reads the fields from FormData, treating missing fields and files as empty", () => {
    const form = new FormData();
    form.set("name", "Ada");
    form.set("email", new Blob(["x"]));
    expect(contactValuesFromFormData(form)).toEqual({ name: "Ada", email: "", subject: "", message: "" });
  });

  it("finds the first invalid field in form order", () => {
    expect(firstInvalidField({ message: "messageRequired", email: "emailInvalid" })).toBe("email");
    expect(firstInvalidField({})).toBeUndefined();
  });
});
