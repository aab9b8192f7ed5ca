-- Stored viewer pages per language: the page of one address is stored once for each language it was asked in
-- (issue 28). Existing rows were English; they keep that language.
ALTER TABLE "PublicPage" ADD COLUMN "locale" TEXT NOT NULL DEFAULT 'en';
ALTER TABLE "PublicPage" ALTER COLUMN "locale" DROP DEFAULT;
ALTER TABLE "PublicPage" DROP CONSTRAINT "PublicPage_pkey";
ALTER TABLE "PublicPage" ADD CONSTRAINT "PublicPage_pkey" PRIMARY KEY ("path", "locale");

-- The language a requester used the access request form in: the mails to the requester are written in it.
ALTER TABLE "PoliRequest" ADD COLUMN "locale" TEXT NOT NULL DEFAULT 'en';
