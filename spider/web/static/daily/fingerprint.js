// A daily deal's fingerprint as the screen shows it (docs/RULES.md, Provably fair deals): a short
// form to read and compare, the whole one to copy, and, once the day is over, where the deal's
// published data is to verify it. Pure, so node --test covers it; daily/deals.js draws it.
import { t } from "../core/i18n.js";

const SHOWN_DIGITS = 16; // four groups of four: enough to tell deals apart by eye

/** The first hex digits of a fingerprint in groups of four, ending in "…". */
export function shortFingerprint(full) {
  const groups = full.slice(0, SHOWN_DIGITS).match(/.{1,4}/g) || [];
  return `${groups.join(" ")}…`;
}

/** What a deal's card says of its fairness: null while the deal is being prepared; else
 * {label, short, full, copy, verify, note}: `full` null for a deal made before fingerprints, which
 * says so in `note` once its day is over; `verify` the address of a past day's published deal. */
export function fairness(deal, date, isToday) {
  if (!deal.difficulty) return null;
  const label = t("Deal fingerprint");
  if (!deal.fingerprint) {
    return isToday ? null : { label, short: "", full: null, copy: "", verify: null,
      note: t("Made before deals had fingerprints: it cannot be verified.") };
  }
  return {
    label,
    short: shortFingerprint(deal.fingerprint),
    full: deal.fingerprint,
    copy: t("Copy the full fingerprint"),
    verify: !isToday && deal.seal ? `api/daily/${date}` : null,
    note: "",
  };
}
