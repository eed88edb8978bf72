-- A member's language (issue 41): null until they choose one; the site then follows the browser.
ALTER TABLE "users" ADD COLUMN "locale" text;
