/**
 * The owner's funding links (content/donation.json). The build checks the file against
 * donationContentSchema; here the JSON's own type is checked against the schema's type, which keeps
 * zod out of the shell's bundle.
 */
import type { DonationContent } from '#shared/content-schema';
import donation from '#content/donation.json';

export const DONATION_CONTENT: DonationContent = donation;
