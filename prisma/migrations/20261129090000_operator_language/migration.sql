-- The language an operator chose for the portal in their profile (issue 28): 'en' or 'de' (the profile's action
-- accepts no other, lib/portal/profile/language.ts); NULL follows the browser's Accept-Language among the portal's
-- languages.
ALTER TABLE "User" ADD COLUMN "locale" TEXT;
