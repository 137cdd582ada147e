import { formatRupees } from '@agora/shared';

/** Paise as the text of a message or an e-mail: "₹1,234.50" (the one server-side money format). */
export const rupees = (paise: number): string => `₹${formatRupees(paise)}`;
