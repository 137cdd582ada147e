/** Paise as the text of a message or an e-mail: the shared format the screens show, "₹1,234.50". */
export { rupees } from '@agora/shared';
