// The store profile of Store Settings: reading it in the wire shape, and saving the form (text
// fields, currency and time zone validated, logo and cover re-encoded and stored, replaced images cleaned up).
import type { VendorProfile } from '../../src/api/contract/vendor';
import type { AppDeps } from '../deps';
import { badRequest, notFound, type FieldProblem } from '../http-errors';
import { deleteImageIfUnused, insertImageIfAbsent } from '../repositories/images';
import { findVendorProfile, updateVendorProfile, type VendorProfileRow } from '../repositories/vendor-profile';
import { imageUrl, prepareUploadedImage } from './images';
import type { ServiceLogger } from '../infra/logger';
import { PROFILE_TEXT_MAX_LENGTH as MAX_PROFILE_TEXT_LENGTH, PROFILE_WEBSITE_MAX_LENGTH as MAX_WEBSITE_LENGTH } from '../../src/api/contract/limits';
import { inTransaction } from '../db/transactions';
import { parseCurrency } from './store-currency';
import { parseTimeZone } from './store-time-zone';
import { trimName } from './plain-text';

export { MAX_PROFILE_TEXT_LENGTH, MAX_WEBSITE_LENGTH };

export interface ProfileForm {
  company?: unknown;
  address?: unknown;
  open_hours?: unknown;
  website?: unknown;
  /** Left out: the store keeps its currency. */
  currency?: unknown;
  /** Left out: the store keeps its time zone. */
  timeZone?: unknown;
}

export interface ProfileFiles {
  logo?: Buffer;
  cover?: Buffer;
}

export function toVendorProfile(row: VendorProfileRow): VendorProfile {
  return {
    company: row.company,
    address: row.address,
    open_hours: row.open_hours,
    website: row.website ?? '',
    logo: imageUrl(row.logo_image_id),
    banner: imageUrl(row.banner_image_id),
    currency: row.currency,
    timeZone: row.time_zone,
    // Only once someone of the team saved the settings: a new store's answer stays as it was.
    ...(row.settings_updated_by ? { settingsChangedBy: row.settings_updated_by } : {}),
  };
}

export async function getVendorProfile(deps: AppDeps, vendorId: string): Promise<VendorProfile> {
  const row = await findVendorProfile(deps.db.kysely, vendorId);
  if (!row) throw notFound('This store does not exist.');
  return toVendorProfile(row);
}

const FIELD_LABELS = { company: 'Company', address: 'Address', open_hours: 'Opening hours' } as const;

/** Whitespace runs become one space; 1–200 characters after trimming. */
function requiredText(form: ProfileForm, field: keyof typeof FIELD_LABELS, problems: FieldProblem[]): string {
  const raw = form[field];
  const value = typeof raw === 'string' ? trimName(raw.replace(/\p{Cc}/gu, ' ').replace(/\s+/g, ' ')) : '';
  if (value === '') problems.push({ field, message: `${FIELD_LABELS[field]} is required.` });
  else if ([...value].length > MAX_PROFILE_TEXT_LENGTH) {
    problems.push({ field, message: `${FIELD_LABELS[field]} must be at most ${MAX_PROFILE_TEXT_LENGTH} characters.` });
  }
  return value;
}

/**
 * Optional website: empty → null; otherwise an http(s) address, where a bare domain such as
 * `mycafe.com` is fine (kept as typed, so the form shows what the vendor entered).
 */
export function parseWebsite(raw: unknown): { value: string | null } | { problem: string } {
  const text = typeof raw === 'string' ? raw.trim() : '';
  if (text === '') return { value: null };
  const problem = 'Website must be a web address such as mycafe.com or https://mycafe.com.';
  if (text.length > MAX_WEBSITE_LENGTH || /\s/.test(text)) return { problem };
  const hasScheme = /^[a-z][a-z0-9+.-]*:/i.test(text);
  if (hasScheme && !/^https?:\/\//i.test(text)) return { problem };
  let url: URL;
  try {
    url = new URL(hasScheme ? text : `https://${text}`);
  } catch {
    return { problem };
  }
  // A host needs a dot (mycafe.com) unless it is localhost; `https://cafe` is a typo, not a site.
  const host = url.hostname;
  if (url.username || url.password || !(host === 'localhost' || /^[^.]+(\.[^.]+)+$/.test(host))) return { problem };
  return { value: text };
}

/**
 * Saves the Setup tab: 400 with every field problem at once; images are checked and stored before
 * the profile row changes, so a refused logo changes nothing. Answers the saved profile.
 */
export async function saveVendorProfile(
  deps: AppDeps,
  vendorId: string,
  form: ProfileForm,
  files: ProfileFiles,
  log: ServiceLogger,
  /** The language the vendor's page is in, for the words of a refusal. */
  locale: string | null = null,
): Promise<VendorProfile> {
  const problems: FieldProblem[] = [];
  const company = requiredText(form, 'company', problems);
  const address = requiredText(form, 'address', problems);
  const openHours = requiredText(form, 'open_hours', problems);
  const website = parseWebsite(form.website);
  if ('problem' in website) problems.push({ field: 'website', message: website.problem });
  const currency = parseCurrency(form.currency, locale);
  if ('problem' in currency) problems.push({ field: 'currency', message: currency.problem });
  const timeZone = parseTimeZone(form.timeZone, locale);
  if ('problem' in timeZone) problems.push({ field: 'timeZone', message: timeZone.problem });
  if (problems.length > 0) throw badRequest(problems[0].message, problems);

  // Decoding and re-encoding happen before any write: a refused cover leaves the profile as it was.
  const logo = files.logo ? await prepareUploadedImage(files.logo, 'logo', 'The logo') : undefined;
  const cover = files.cover ? await prepareUploadedImage(files.cover, 'cover', 'The cover image') : undefined;

  const now = deps.now();
  const update: Partial<VendorProfileRow> = {
    company,
    address,
    open_hours: openHours,
    website: 'value' in website ? website.value : null,
    ...('value' in currency && currency.value !== undefined ? { currency: currency.value } : {}),
    ...('value' in timeZone && timeZone.value !== undefined ? { time_zone: timeZone.value } : {}),
    ...(logo ? { logo_image_id: logo.id } : {}),
    ...(cover ? { banner_image_id: cover.id } : {}),
  };
  const { before, after } = await inTransaction(deps.db.kysely, async (trx) => {
    const current = await findVendorProfile(trx, vendorId);
    if (!current) throw notFound('This store does not exist.');
    for (const image of [logo, cover]) {
      if (image) await insertImageIfAbsent(trx, { ...image, created_at: now });
    }
    await updateVendorProfile(trx, vendorId, update, now);
    return { before: current, after: { ...current, ...update } };
  });

  const replaced = new Set<string>();
  if (logo && before.logo_image_id && before.logo_image_id !== logo.id) replaced.add(before.logo_image_id);
  if (cover && before.banner_image_id && before.banner_image_id !== cover.id) replaced.add(before.banner_image_id);
  for (const imageId of replaced) {
    // Best effort, after the save: the image stays while any vendor still shows it (ids are
    // content hashes, so another store may use the same bytes).
    await deleteImageIfUnused(deps.db.kysely, imageId).catch((error: unknown) => {
      log.error({ err: error, imageId }, 'could not delete a replaced image');
    });
  }
  return toVendorProfile(after);
}
