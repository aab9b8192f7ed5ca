-- The language an operator chose for the portal in their profile (issue 28): 'en' or 'de'; NULL follows the
-- browser's Accept-Language among the portal's languages.
ALTER TABLE "User" ADD COLUMN "locale" TEXT;
ALTER TABLE "User" ADD CONSTRAINT "User_locale_check" CHECK ("locale" IN ('en', 'de'));
