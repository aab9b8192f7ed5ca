-- Access tiers to the letter of Art. 77(2) of Regulation (EU) 2023/1542: the purchaser of a battery, or a party acting
-- on its behalf, has a legitimate interest in the individual battery's information (Annex XIII point 4) so as to make
-- the battery available to independent aggregators or energy market participants (third subparagraph, point (b)).
ALTER TYPE "PoliRole" ADD VALUE 'PURCHASER';
