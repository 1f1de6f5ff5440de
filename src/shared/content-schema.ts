import { z } from 'zod';

/** The ten kinds of social link the footer shows (spec §2), in display order. */
export const SOCIAL_KINDS = [
  'video',
  'chat',
  'photo',
  'code',
  'shortPost',
  'membership',
  'shortVideo',
  'socialNetwork',
  'forum',
  'music',
] as const;

export type SocialKind = (typeof SOCIAL_KINDS)[number];

const httpsUrl = z
  .string()
  .url()
  .refine((u) => u.startsWith('https://'), 'must be an https:// link');

export const socialLinkSchema = z.object({
  kind: z.enum(SOCIAL_KINDS),
  label: z.string().min(1).max(60),
  url: httpsUrl,
});

export const siteContentSchema = z.object({
  creatorName: z.string().min(1).max(60),
  siteName: z.string().min(1).max(60),
  tagline: z.string().min(1).max(160),
  description: z.string().min(1).max(300),
  contact: z.object({
    text: z.string().min(1).max(120),
    email: z.string().email(),
  }),
  socialLinks: z
    .array(socialLinkSchema)
    .max(20)
    .refine((links) => new Set(links.map((l) => l.kind)).size === links.length, {
      message: 'each kind of social link may appear once',
    }),
});

export type SiteContent = z.infer<typeof siteContentSchema>;
export type SocialLink = z.infer<typeof socialLinkSchema>;

/** Parses owner-edited content; the error names the file and the bad entry, e.g. `socialLinks.3.url`. */
export function parseSiteContent(raw: unknown, file = 'content/site.json'): SiteContent {
  const result = siteContentSchema.safeParse(raw);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue?.path.length ? issue.path.join('.') : '(root)';
  throw new Error(`${file}: ${where}: ${issue?.message ?? 'invalid'}`);
}

/** content/donation.json: the two funding links of the Donation pop-up (spec §1, §4). */
export const donationContentSchema = z.object({
  crowdFundingUrl: httpsUrl,
  membershipUrl: httpsUrl,
});

export type DonationContent = z.infer<typeof donationContentSchema>;

export function parseDonationContent(raw: unknown, file = 'content/donation.json'): DonationContent {
  const result = donationContentSchema.safeParse(raw);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue?.path.length ? issue.path.join('.') : '(root)';
  throw new Error(`${file}: ${where}: ${issue?.message ?? 'invalid'}`);
}
